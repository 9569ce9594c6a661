import {
  asArray,
  asNumber,
  asObject,
  asObjects,
  asString,
  isObject,
  type JsonObject,
  type KubeObject,
} from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, NAME, type TableSpec } from "../table-spec";

/**
 * Pods print as kubectl's server-side printer does (printPod): READY counts
 * running+ready containers, STATUS is derived from init containers, waiting
 * and terminated reasons, deletion and the NodeLost reason; RESTARTS carries
 * "(Xm ago)" since the last restart.
 */
export const podTable: TableSpec = {
  columns: [
    NAME,
    col("Ready", "The aggregate readiness state of this pod for accepting traffic."),
    col("Status", "The aggregate status of the containers in this pod."),
    col(
      "Restarts",
      "The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.",
    ),
    AGE,
    col(
      "IP",
      "IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.",
      { priority: 1 },
    ),
    col("Node", "NodeName is a request to schedule this pod onto a specific node.", {
      priority: 1,
    }),
    col(
      "Nominated Node",
      "nominatedNodeName is set only when this pod preempts other pods on the node.",
      { priority: 1 },
    ),
    col(
      "Readiness Gates",
      "If specified, all readiness gates will be evaluated for pod readiness.",
      { priority: 1 },
    ),
  ],
  cells: (pod, now) => {
    const s = podSummary(pod);
    const restarts =
      s.restarts !== 0 && s.lastRestart > 0
        ? `${s.restarts} (${age(new Date(s.lastRestart).toISOString(), now)} ago)`
        : String(s.restarts);
    const spec = asObject(pod.spec);
    const status = asObject(pod.status);
    const ip = asString(asObjects(status.podIPs)[0]?.ip) || "<none>";
    return [
      pod.metadata.name,
      `${s.ready}/${s.total}`,
      s.reason,
      restarts,
      age(pod.metadata.creationTimestamp, now),
      ip,
      asString(spec.nodeName) || "<none>",
      asString(status.nominatedNodeName) || "<none>",
      readinessGates(spec, status),
    ];
  },
  conditions: (pod) => {
    const phase = asString(asObject(pod.status).phase);
    if (phase === "Succeeded")
      return [
        {
          type: "Completed",
          status: "True",
          reason: "Succeeded",
          message: "The pod has completed successfully.",
        },
      ];
    if (phase === "Failed")
      return [{ type: "Completed", status: "True", reason: "Failed", message: "The pod failed." }];
    return undefined;
  },
};

export interface PodSummary {
  ready: number;
  total: number;
  reason: string;
  restarts: number;
  /** Epoch ms of the latest restart, 0 when none. */
  lastRestart: number;
}

/** The READY / STATUS / RESTARTS computation, shared with describe-like consumers and tests. */
export function podSummary(pod: KubeObject): PodSummary {
  const spec = asObject(pod.spec);
  const status = asObject(pod.status);
  const phase = asString(status.phase);
  let reason = asString(status.reason) || phase;
  for (const c of asObjects(status.conditions)) {
    if (c.type === "PodScheduled" && c.reason === "SchedulingGated") reason = "SchedulingGated";
  }
  const initSpecs = new Map(asObjects(spec.initContainers).map((c) => [asString(c.name), c]));
  const restartable = (name: string): boolean =>
    asString(initSpecs.get(name)?.restartPolicy) === "Always";
  let total =
    asObjects(spec.containers).length +
    [...initSpecs.values()].filter((c) => c.restartPolicy === "Always").length;
  let ready = 0;
  let restarts = 0;
  let lastRestart = 0;
  let sidecarRestarts = 0;
  let sidecarLastRestart = 0;
  let initializing = false;
  const initStatuses = asObjects(status.initContainerStatuses);
  for (let i = 0; i < initStatuses.length; i++) {
    const c = initStatuses[i] ?? {};
    const name = asString(c.name);
    restarts += asNumber(c.restartCount);
    const finished = terminatedAt(c.lastState);
    lastRestart = Math.max(lastRestart, finished);
    if (restartable(name)) {
      sidecarRestarts += asNumber(c.restartCount);
      sidecarLastRestart = Math.max(sidecarLastRestart, finished);
    }
    const state = asObject(c.state);
    const terminated = isObject(state.terminated) ? state.terminated : undefined;
    const waiting = isObject(state.waiting) ? state.waiting : undefined;
    if (terminated !== undefined && asNumber(terminated.exitCode) === 0) continue;
    if (restartable(name) && c.started === true) {
      if (c.ready === true) ready++;
      continue;
    }
    if (terminated !== undefined) {
      const r = asString(terminated.reason);
      reason =
        r !== ""
          ? `Init:${r}`
          : asNumber(terminated.signal) !== 0
            ? `Init:Signal:${asNumber(terminated.signal)}`
            : `Init:ExitCode:${asNumber(terminated.exitCode)}`;
    } else if (
      waiting !== undefined &&
      asString(waiting.reason) !== "" &&
      waiting.reason !== "PodInitializing"
    ) {
      reason = `Init:${asString(waiting.reason)}`;
    } else {
      reason = `Init:${i}/${initSpecs.size}`;
    }
    initializing = true;
    break;
  }
  const initializedTrue = asObjects(status.conditions).some(
    (c) => c.type === "Initialized" && c.status === "True",
  );
  if (!initializing || initializedTrue) {
    restarts = sidecarRestarts;
    lastRestart = sidecarLastRestart;
    let hasRunning = false;
    const statuses = asObjects(status.containerStatuses);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i] ?? {};
      restarts += asNumber(c.restartCount);
      lastRestart = Math.max(lastRestart, terminatedAt(c.lastState));
      const state = asObject(c.state);
      const waiting = asObject(state.waiting);
      const terminated = isObject(state.terminated) ? state.terminated : undefined;
      if (asString(waiting.reason) !== "") reason = asString(waiting.reason);
      else if (terminated !== undefined && asString(terminated.reason) !== "")
        reason = asString(terminated.reason);
      else if (terminated !== undefined) {
        reason =
          asNumber(terminated.signal) !== 0
            ? `Signal:${asNumber(terminated.signal)}`
            : `ExitCode:${asNumber(terminated.exitCode)}`;
      } else if (c.ready === true && isObject(state.running)) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === "Completed" && hasRunning) {
      reason = asObjects(status.conditions).some((c) => c.type === "Ready" && c.status === "True")
        ? "Running"
        : "NotReady";
    }
  }
  const deleting = typeof pod.metadata.deletionTimestamp === "string";
  if (deleting && asString(status.reason) === "NodeLost") reason = "Unknown";
  else if (deleting && phase !== "Succeeded" && phase !== "Failed") reason = "Terminating";
  total = Math.max(total, 0);
  return { ready, total, reason, restarts, lastRestart };
}

function terminatedAt(lastState: unknown): number {
  const t = asObject(asObject(lastState).terminated).finishedAt;
  const ms = typeof t === "string" ? Date.parse(t) : Number.NaN;
  return Number.isNaN(ms) ? 0 : ms;
}

function readinessGates(spec: JsonObject, status: JsonObject): string {
  const gates = asArray(spec.readinessGates).filter(isObject);
  if (gates.length === 0) return "<none>";
  const conditions = asObjects(status.conditions);
  const ok = gates.filter((g) =>
    conditions.some((c) => c.type === g.conditionType && c.status === "True"),
  ).length;
  return `${ok}/${gates.length}`;
}

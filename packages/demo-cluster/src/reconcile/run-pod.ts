import type { ClusterState } from "../server/cluster-state";
import { formatTime } from "../scenario/relative-time";
import { applyDefaults } from "../scenario/workload-defaults";
import {
  asObject,
  asObjects,
  asString,
  clone,
  stringMap,
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { containerOutcome, type Outcome } from "./container-outcome";
import { recordEvent, type EventSpec } from "./record-event";
import { allocateIp, qos, siblingLog, topOwner } from "./pod-helpers";
import { schedule } from "./scheduler";

/**
 * Starts a pod the way the scheduler and kubelet would, in one step: places
 * it (or leaves it Pending with FailedScheduling), decides each container's
 * state by the rules of container-outcome.ts, stores the pod with a coherent
 * status, records the events a real cluster shows and gives it logs.
 * `pod.spec.nodeName` already set (a re-run after a fix) keeps its node and IP.
 */
export function runPod(state: ClusterState, input: KubeObject): KubeObject {
  const pod = clone(input);
  applyDefaults(pod);
  const spec = asObject(pod.spec);
  pod.spec = spec;
  const ns = pod.metadata.namespace ?? "default";
  const now = formatTime(Date.now());
  const events: Omit<EventSpec, "involved">[] = [];
  let nodeName = asString(spec.nodeName);
  if (nodeName === "") {
    const placed = schedule(state, pod);
    if ("message" in placed) {
      pod.status = {
        phase: "Pending",
        conditions: [
          {
            type: "PodScheduled",
            status: "False",
            lastProbeTime: null,
            lastTransitionTime: now,
            reason: "Unschedulable",
            message: placed.message,
          },
        ],
        qosClass: asString(asObject(input.status).qosClass) || qos(spec),
      };
      const stored = state.store.put("/pods", pod);
      recordEvent(state, {
        involved: stored,
        reason: "FailedScheduling",
        message: placed.message,
        type: "Warning",
        component: "default-scheduler",
      });
      return stored;
    }
    nodeName = placed.node.metadata.name;
    spec.nodeName = nodeName;
    events.push({
      reason: "Scheduled",
      message: `Successfully assigned ${ns}/${pod.metadata.name} to ${nodeName}`,
      component: "default-scheduler",
    });
  }
  const node = state.store.get("/nodes", undefined, nodeName);
  const hostIP = asString(
    asObjects(asObject(node?.status).addresses).find((a) => a.type === "InternalIP")?.address,
  );
  const previousStatus = asObject(input.status);
  const podIP =
    spec.hostNetwork === true ? hostIP : asString(previousStatus.podIP) || allocateIp(state, node);
  const owner = topOwner(state, pod);
  const statuses: JsonObject[] = [];
  const logs: { container: string; previous: boolean; text: string }[] = [];
  const outcomes: Outcome[] = [];
  for (const c of asObjects(spec.containers)) {
    const name = asString(c.name);
    const image = asString(c.image);
    const o = containerOutcome(state, ns, spec, c, owner, stringMap(pod.metadata.labels));
    outcomes.push(o);
    const fieldPath = `spec.containers{${name}}`;
    const pulled = {
      reason: "Pulled",
      message: `Container image "${image}" already present on machine`,
      fieldPath,
      host: nodeName,
    };
    const started = [
      pulled,
      { reason: "Created", message: `Created container: ${name}`, fieldPath, host: nodeName },
      { reason: "Started", message: `Started container ${name}`, fieldPath, host: nodeName },
    ];
    const ids = {
      image,
      imageID: `${image.split(":")[0] ?? image}@sha256:${"0".repeat(64 - 8)}${Date.now().toString(16).slice(-8)}`,
      containerID: `containerd://${Date.now().toString(16)}${name.length.toString(16)}`,
    };
    switch (o.state) {
      case "running":
        statuses.push({
          name,
          ...ids,
          ready: o.ready,
          started: true,
          restartCount: 0,
          state: { running: { startedAt: now } },
          lastState: {},
        });
        events.push(...started);
        if (!o.ready)
          events.push({
            reason: "Unhealthy",
            message: o.unready ?? "Readiness probe failed",
            type: "Warning",
            fieldPath,
            host: nodeName,
          });
        logs.push({ container: name, previous: false, text: siblingLog(state, pod, owner, name) });
        break;
      case "completed":
        statuses.push({
          name,
          ...ids,
          ready: false,
          started: false,
          restartCount: 0,
          state: {
            terminated: {
              exitCode: 0,
              reason: "Completed",
              startedAt: now,
              finishedAt: now,
              containerID: ids.containerID,
            },
          },
          lastState: {},
        });
        events.push(...started);
        logs.push({ container: name, previous: false, text: siblingLog(state, pod, owner, name) });
        break;
      case "waiting":
        statuses.push({
          name,
          image,
          imageID: "",
          ready: false,
          started: false,
          restartCount: 0,
          state: {
            waiting:
              o.reason === "ContainerCreating"
                ? { reason: "ContainerCreating" }
                : { reason: o.reason, message: o.message },
          },
          lastState: {},
        });
        if (o.reason === "ImagePullBackOff") {
          events.push(
            { reason: "Pulling", message: `Pulling image "${image}"`, fieldPath, host: nodeName },
            { reason: "Failed", message: o.event, type: "Warning", fieldPath, host: nodeName },
            {
              reason: "Failed",
              message: "Error: ErrImagePull",
              type: "Warning",
              fieldPath,
              host: nodeName,
            },
            {
              reason: "BackOff",
              message: `Back-off pulling image "${image}"`,
              fieldPath,
              host: nodeName,
            },
            {
              reason: "Failed",
              message: "Error: ImagePullBackOff",
              type: "Warning",
              fieldPath,
              host: nodeName,
            },
          );
        } else if (o.reason === "CreateContainerConfigError") {
          events.push(pulled, {
            reason: "Failed",
            message: o.event,
            type: "Warning",
            fieldPath,
            host: nodeName,
          });
        } else {
          events.push({ reason: "FailedMount", message: o.event, type: "Warning", host: nodeName });
        }
        break;
      case "failing": {
        const exitCode = o.failure === "OOMKilled" ? 137 : 1;
        const reason = o.failure === "OOMKilled" ? "OOMKilled" : "Error";
        const terminated = {
          exitCode,
          reason,
          startedAt: now,
          finishedAt: now,
          containerID: ids.containerID,
        };
        if (asString(spec.restartPolicy) === "Never") {
          statuses.push({
            name,
            ...ids,
            ready: false,
            started: false,
            restartCount: 0,
            state: { terminated },
            lastState: {},
          });
          events.push(...started);
        } else {
          const waiting = {
            reason: "CrashLoopBackOff",
            message: `back-off 20s restarting failed container=${name} pod=${pod.metadata.name}_${ns}(${pod.metadata.uid ?? ""})`,
          };
          statuses.push({
            name,
            ...ids,
            ready: false,
            started: false,
            restartCount: 2,
            state: { waiting },
            lastState: { terminated },
          });
          events.push(...started, {
            reason: "BackOff",
            message: `Back-off restarting failed container ${name} in pod ${pod.metadata.name}_${ns}(${pod.metadata.uid ?? ""})`,
            type: "Warning",
            fieldPath,
            host: nodeName,
          });
          logs.push({ container: name, previous: true, text: o.log });
        }
        logs.push({ container: name, previous: false, text: o.log });
        break;
      }
    }
  }
  const allCompleted = outcomes.every((o) => o.state === "completed");
  const failedJob =
    asString(spec.restartPolicy) === "Never" && outcomes.some((o) => o.state === "failing");
  const waitingOnly = outcomes.every((o) => o.state === "waiting");
  const ready = outcomes.every((o) => o.state === "running" && o.ready);
  const phase = allCompleted
    ? "Succeeded"
    : failedJob
      ? "Failed"
      : waitingOnly
        ? "Pending"
        : "Running";
  const terminal = phase === "Succeeded" || phase === "Failed";
  const cond = (type: string, ok: boolean, reason?: string): JsonObject => ({
    type,
    status: ok ? "True" : "False",
    lastProbeTime: null,
    lastTransitionTime: now,
    ...(ok || reason === undefined ? {} : { reason }),
  });
  const notReady = terminal ? "PodCompleted" : "ContainersNotReady";
  pod.status = {
    phase,
    conditions: [
      cond("PodReadyToStartContainers", !terminal),
      cond("Initialized", true),
      cond("Ready", ready, notReady),
      cond("ContainersReady", ready, notReady),
      cond("PodScheduled", true),
    ],
    hostIP,
    hostIPs: [{ ip: hostIP }],
    podIP,
    podIPs: [{ ip: podIP }],
    startTime: asString(previousStatus.startTime) || now,
    containerStatuses: statuses,
    qosClass: qos(spec),
  };
  const stored = state.store.put("/pods", pod);
  state.logs.deletePod(ns, pod.metadata.name);
  for (const l of logs) state.logs.set(ns, pod.metadata.name, l.container, l.previous, l.text);
  for (const e of events) recordEvent(state, { ...e, involved: stored });
  return stored;
}

/** Whether pods of this template would come up Ready now (used to decide how far a rollout goes). */
export function wouldBeReady(
  state: ClusterState,
  namespace: string,
  template: JsonObject,
  owner: { kind: string; name: string },
): boolean {
  const spec = clone(asObject(template.spec));
  const probe: KubeObject = {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: "probe", namespace },
    spec,
  };
  applyDefaults(probe);
  if ("message" in schedule(state, probe)) return false;
  return asObjects(spec.containers).every((c) => {
    const o = containerOutcome(
      state,
      namespace,
      spec,
      c,
      owner,
      stringMap(asObject(template.metadata).labels),
    );
    return (o.state === "running" && o.ready) || o.state === "completed";
  });
}

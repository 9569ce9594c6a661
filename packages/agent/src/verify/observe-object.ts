import { parseCommand } from "@kubemedic/kube";
import type { VerificationCheck } from "@kubemedic/protocol";
import type { ClusterBackend } from "../tools/cluster-backend";

/** An object the watch looks at. */
export interface WatchTarget {
  kind: string;
  namespace?: string;
  name: string;
}

/** The kinds the watch knows how to wait for; others are covered by their dependents. */
export const WATCHED_KINDS = [
  "Deployment",
  "StatefulSet",
  "DaemonSet",
  "Pod",
  "Service",
  "PersistentVolumeClaim",
  "Job",
] as const;

const WAITING_FOR: Record<(typeof WATCHED_KINDS)[number], string> = {
  Deployment: "rollout complete",
  StatefulSet: "rollout complete",
  DaemonSet: "rollout complete",
  Pod: "running and ready",
  Service: "ready endpoints",
  PersistentVolumeClaim: "Bound",
  Job: "complete",
};

/** Container states that will not get better by waiting. */
const STUCK = new Set([
  "CrashLoopBackOff",
  "ImagePullBackOff",
  "ErrImagePull",
  "InvalidImageName",
  "CreateContainerConfigError",
  "CreateContainerError",
  "RunContainerError",
  "OOMKilled",
  "Error",
]);

type Obj = Record<string, unknown> & {
  metadata?: {
    name?: string;
    generation?: number;
    creationTimestamp?: string;
    deletionTimestamp?: string;
    labels?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
};

export function isWatched(kind: string): kind is (typeof WATCHED_KINDS)[number] {
  return (WATCHED_KINDS as readonly string[]).includes(kind);
}

function waitingFor(kind: string): string {
  return isWatched(kind) ? WAITING_FOR[kind] : "settled";
}

/**
 * One look at a watched object: `ok` when what it waits for happened, `failing` when it
 * cannot happen by waiting (the new pods crash, an image cannot be pulled, a Job failed,
 * a rollout exceeded its progress deadline), else `pending`. `since` is when the change
 * ran: pods created before it belong to the old revision.
 */
export async function observeObject(
  backend: ClusterBackend,
  target: WatchTarget,
  since: number,
  signal: AbortSignal | undefined,
): Promise<VerificationCheck> {
  const object = objectName(target);
  const base = { object, waitingFor: waitingFor(target.kind) };
  const got = await read(backend, `get ${resourceOf(target.kind)} ${target.name}`, target, signal);
  if (got.kind === "error") return { ...base, state: "pending", detail: got.message };
  const obj = got.items[0];
  if (obj === undefined) {
    // Deleted (what a `delete` asks for), or a pod replaced by a rollout: nothing to wait for.
    return { ...base, state: "ok", detail: target.kind === "Pod" ? "replaced" : "gone" };
  }
  switch (target.kind) {
    case "Deployment":
    case "StatefulSet":
    case "DaemonSet":
      return workload(backend, target, obj, since, signal, base);
    case "Pod": {
      // Evicted (a drain): it is going; on a dead node it stays Terminating until the node is
      // removed, so waiting for it to vanish would only run into the deadline.
      if (obj.metadata?.deletionTimestamp !== undefined)
        return { ...base, state: "ok", detail: "terminating" };
      const s = podState(obj);
      return { ...base, ...s };
    }
    case "Service": {
      const ep = await read(backend, `get endpoints ${target.name}`, target, signal);
      const subsets =
        ep.kind === "items" ? ((ep.items[0]?.subsets as { addresses?: unknown[] }[]) ?? []) : [];
      const ready = subsets.reduce((n, s) => n + (s.addresses?.length ?? 0), 0);
      return ready > 0
        ? { ...base, state: "ok", detail: `${ready} ready endpoint${ready === 1 ? "" : "s"}` }
        : { ...base, state: "pending", detail: "no ready endpoints" };
    }
    case "PersistentVolumeClaim": {
      const phase = phaseOf(obj);
      return {
        ...base,
        state: phase === "Bound" ? "ok" : phase === "Lost" ? "failing" : "pending",
        detail: phase,
      };
    }
    case "Job": {
      const conditions = (obj.status?.conditions as { type?: string; status?: string }[]) ?? [];
      const has = (t: string) => conditions.some((c) => c.type === t && c.status === "True");
      if (has("Complete")) return { ...base, state: "ok", detail: "complete" };
      if (has("Failed")) return { ...base, state: "failing", detail: "failed" };
      return { ...base, state: "pending", detail: `${Number(obj.status?.active ?? 0)} active` };
    }
    default:
      return { ...base, state: "ok" };
  }
}

async function workload(
  backend: ClusterBackend,
  target: WatchTarget,
  obj: Obj,
  since: number,
  signal: AbortSignal | undefined,
  base: { object: string; waitingFor: string },
): Promise<VerificationCheck> {
  // A paused rollout rolls nothing until it is resumed: waiting would only run into the deadline.
  if (obj.spec?.paused === true) return { ...base, state: "ok", detail: "rollout paused" };
  const status = obj.status ?? {};
  const n = (k: string): number => Number(status[k] ?? 0);
  const generation = obj.metadata?.generation ?? 0;
  const observed = n("observedGeneration") >= generation;
  let desired: number;
  let updated: number;
  let ready: number;
  let total: number;
  if (target.kind === "DaemonSet") {
    desired = n("desiredNumberScheduled");
    updated = n("updatedNumberScheduled");
    ready = n("numberAvailable") || n("numberReady");
    total = n("currentNumberScheduled");
  } else {
    desired = Number(obj.spec?.replicas ?? 1);
    updated = n("updatedReplicas");
    ready = target.kind === "Deployment" ? n("availableReplicas") : n("readyReplicas");
    total = n("replicas");
  }
  const conditions =
    (status.conditions as { type?: string; status?: string; reason?: string }[]) ?? [];
  if (conditions.some((c) => c.type === "Progressing" && c.reason === "ProgressDeadlineExceeded")) {
    return { ...base, state: "failing", detail: "progress deadline exceeded" };
  }
  const detail = `${Math.min(ready, desired)}/${desired} ready, ${updated} updated`;
  const rolledOut = observed && updated >= desired && total <= updated;
  if (rolledOut && ready >= desired) return { ...base, state: "ok", detail };
  // Pods that will not get better by waiting: the new revision's, or any once nothing rolls any more.
  const stuck = await stuckPod(backend, target, obj, rolledOut ? 0 : since, signal);
  if (stuck !== undefined) return { ...base, state: "failing", detail: `${detail}; ${stuck}` };
  return { ...base, state: "pending", detail };
}

async function stuckPod(
  backend: ClusterBackend,
  target: WatchTarget,
  obj: Obj,
  since: number,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  const labels = (obj.spec?.selector as { matchLabels?: Record<string, string> } | undefined)
    ?.matchLabels;
  if (labels === undefined || Object.keys(labels).length === 0) return undefined;
  const selector = Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
  const pods = await read(backend, `get pods -l ${selector}`, target, signal);
  if (pods.kind === "error") return undefined;
  for (const pod of pods.items) {
    if (pod.metadata?.deletionTimestamp !== undefined) continue;
    const created = Date.parse(pod.metadata?.creationTimestamp ?? "");
    // One second of slack: creation times have a one-second resolution.
    if (since > 0 && !(created >= since - 1_000)) continue;
    const s = podState(pod);
    if (s.state === "failing") return `pod ${pod.metadata?.name ?? "?"}: ${s.detail ?? ""}`;
  }
  return undefined;
}

function podState(pod: Obj): Pick<VerificationCheck, "state" | "detail"> {
  const phase = phaseOf(pod);
  if (phase === "Succeeded") return { state: "ok", detail: phase };
  if (phase === "Failed") return { state: "failing", detail: phase };
  type CS = {
    ready?: boolean;
    restartCount?: number;
    state?: { waiting?: { reason?: string }; terminated?: { reason?: string } };
    lastState?: { terminated?: { reason?: string } };
  };
  const statuses = [
    ...((pod.status?.initContainerStatuses as CS[]) ?? []),
    ...((pod.status?.containerStatuses as CS[]) ?? []),
  ];
  for (const c of statuses) {
    const reason = c.state?.waiting?.reason ?? c.state?.terminated?.reason;
    if (reason !== undefined && STUCK.has(reason) && c.ready !== true)
      return { state: "failing", detail: reason };
  }
  const conditions = (pod.status?.conditions as { type?: string; status?: string }[]) ?? [];
  const ready = conditions.some((c) => c.type === "Ready" && c.status === "True");
  return ready && phase === "Running"
    ? { state: "ok", detail: "Running, ready" }
    : { state: "pending", detail: phase };
}

function phaseOf(obj: Obj): string {
  const phase = obj.status?.phase;
  return typeof phase === "string" ? phase : "Pending";
}

function resourceOf(kind: string): string {
  return kind === "PersistentVolumeClaim" ? "pvc" : kind.toLowerCase();
}

export function objectName(t: WatchTarget): string {
  return t.namespace === undefined ? `${t.kind}/${t.name}` : `${t.kind}/${t.namespace}/${t.name}`;
}

type Read = { kind: "items"; items: Obj[] } | { kind: "error"; message: string };

async function read(
  backend: ClusterBackend,
  line: string,
  target: WatchTarget,
  signal: AbortSignal | undefined,
): Promise<Read> {
  const parsed = parseCommand(`${line} --ignore-not-found -o json`);
  if (!parsed.ok) return { kind: "error", message: "cannot read it" };
  const result = await backend.run(parsed.command, {
    ...(target.namespace === undefined ? {} : { namespace: target.namespace }),
    ...(signal === undefined ? {} : { signal }),
  });
  if (!result.ok) return { kind: "error", message: result.error?.message ?? "read failed" };
  const s = result.structured as { kind?: string; items?: Obj[] } | undefined;
  return { kind: "items", items: s?.kind === "objects" ? (s.items ?? []) : [] };
}

import type { ContainerState, ContainerStatus, Pod } from "../model/objects";
import { parseTime } from "../model/parseTime";

/** What is wrong with a pod, from its own status alone. */
export type PodProblem =
  | { type: "evicted"; message: string }
  | { type: "unschedulable"; message: string }
  | { type: "lost"; reason: string }
  | {
      type: "waiting";
      container: string;
      init: boolean;
      reason: string;
      message: string;
      last: Terminated | undefined;
    }
  | {
      type: "terminated";
      container: string;
      init: boolean;
      reason: string;
      exitCode: number;
      message: string;
    }
  | {
      type: "notReady";
      container: string | undefined;
      restarts: number;
      last: Terminated | undefined;
    }
  | { type: "pending"; reason: string };

export type Terminated = NonNullable<ContainerState["terminated"]>;

/** Waiting reasons that are problems (ContainerCreating and PodInitializing are normal for a while). */
const BAD_WAITING = new Set([
  "CrashLoopBackOff",
  "ImagePullBackOff",
  "ErrImagePull",
  "ErrImageNeverPull",
  "InvalidImageName",
  "ImageInspectError",
  "CreateContainerConfigError",
  "CreateContainerError",
  "RunContainerError",
  "PreStartHookError",
  "PreCreateHookError",
]);

/** How long a pod may sit in Pending/ContainerCreating or unready before it counts as a problem. @default 120_000 */
const STARTUP_GRACE_MS = 120_000;

/**
 * The most telling problem of a pod, or undefined when it is healthy.
 * Healthy includes: Succeeded pods, running and ready pods whatever their old
 * restarts, and pods still inside the start-up grace period.
 */
export function podProblem(pod: Pod, now: number): PodProblem | undefined {
  const status = pod.status ?? {};
  const phase = status.phase ?? "";
  if (phase === "Succeeded") return undefined;
  if (status.reason === "Evicted") return { type: "evicted", message: status.message ?? "" };
  const age = now - (parseTime(pod.metadata?.creationTimestamp, now) || now);
  const scheduled = (status.conditions ?? []).find((c) => c.type === "PodScheduled");
  if (phase === "Pending" && scheduled?.status === "False" && scheduled.reason === "Unschedulable")
    return { type: "unschedulable", message: scheduled.message ?? "" };
  if (phase === "Unknown" || status.reason === "NodeLost")
    return { type: "lost", reason: status.reason ?? "Unknown" };

  const inits = (status.initContainerStatuses ?? []).map((s) => ({ s, init: true }));
  const mains = (status.containerStatuses ?? []).map((s) => ({ s, init: false }));
  for (const { s, init } of [...inits, ...mains]) {
    const waiting = s.state?.waiting;
    if (waiting != null && BAD_WAITING.has(waiting.reason ?? ""))
      return {
        type: "waiting",
        container: s.name,
        init,
        reason: waiting.reason ?? "",
        message: waiting.message ?? "",
        last: s.lastState?.terminated ?? undefined,
      };
  }
  for (const { s, init } of [...inits, ...mains]) {
    const t = s.state?.terminated;
    if (t != null && (t.exitCode ?? 0) !== 0 && phase !== "Running")
      return {
        type: "terminated",
        container: s.name,
        init,
        reason: t.reason ?? "Error",
        exitCode: t.exitCode ?? 0,
        message: t.message ?? "",
      };
  }
  if (phase === "Failed")
    return {
      type: "terminated",
      container: "",
      init: false,
      reason: status.reason ?? "Failed",
      exitCode: 1,
      message: status.message ?? "",
    };
  if (phase === "Pending")
    return age > STARTUP_GRACE_MS ? { type: "pending", reason: pendingReason(pod) } : undefined;
  if (phase === "Running") {
    const unready = mains.find(({ s }) => s.ready === false);
    const podReady = (status.conditions ?? []).find((c) => c.type === "Ready");
    if (unready !== undefined || podReady?.status === "False") {
      const s: ContainerStatus | undefined = unready?.s;
      const started =
        parseTime(s?.state?.running?.startedAt, now) || parseTime(status.startTime, now) || now;
      if (now - started < STARTUP_GRACE_MS && (s?.restartCount ?? 0) === 0) return undefined;
      return {
        type: "notReady",
        container: s?.name,
        restarts: s?.restartCount ?? 0,
        last: s?.lastState?.terminated ?? undefined,
      };
    }
  }
  return undefined;
}

function pendingReason(pod: Pod): string {
  for (const s of [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ])
    if (s.state?.waiting?.reason !== undefined) return s.state.waiting.reason;
  return "Pending";
}

/** The short status kubectl would print for a problem. */
export function problemStatus(p: PodProblem): string {
  switch (p.type) {
    case "evicted":
      return "Evicted";
    case "unschedulable":
      return "Pending";
    case "lost":
      return p.reason === "NodeLost" ? "Unknown" : p.reason;
    case "waiting":
      return p.init ? `Init:${p.reason}` : p.reason;
    case "terminated":
      return p.reason;
    case "notReady":
      return "Running, not ready";
    case "pending":
      return p.reason;
  }
}

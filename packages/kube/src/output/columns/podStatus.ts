import { humanDuration } from "../../model/humanDuration";

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === "object" && v !== null ? (v as Rec) : {});
const list = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec) : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const num = (v: unknown): number => (typeof v === "number" ? v : 0);

export interface PodSummary {
  /** `1/2` ready containers. */
  ready: string;
  /** kubectl's STATUS: CrashLoopBackOff, Init:0/1, Terminating, Completed… */
  status: string;
  /** `5 (2m ago)`. */
  restarts: string;
  restartCount: number;
}

/**
 * The READY / STATUS / RESTARTS a pod shows in `kubectl get pods`, computed
 * the way kubectl's pod printer does: init containers first, then the
 * regular containers' waiting/terminated reasons, Terminating last.
 */
export function podSummary(pod: unknown, now = Date.now()): PodSummary {
  const p = rec(pod);
  const spec = rec(p.spec);
  const status = rec(p.status);
  const metadata = rec(p.metadata);
  let reason = str(status.reason) || str(status.phase);
  let restarts = 0;
  let ready = 0;
  let lastRestart = 0;
  const initContainers = list(spec.initContainers);
  let initializing = false;
  for (const [i, c] of list(status.initContainerStatuses).entries()) {
    restarts += num(c.restartCount);
    lastRestart = Math.max(lastRestart, finishedAt(c));
    const state = rec(c.state);
    const terminated = state.terminated === undefined ? undefined : rec(state.terminated);
    const waiting = state.waiting === undefined ? undefined : rec(state.waiting);
    const sidecar = rec(initContainers[i]).restartPolicy === "Always";
    if (terminated && num(terminated.exitCode) === 0) continue;
    if (sidecar && c.started === true) continue;
    initializing = true;
    if (terminated) {
      reason = str(terminated.reason)
        ? `Init:${str(terminated.reason)}`
        : num(terminated.signal) !== 0
          ? `Init:Signal:${num(terminated.signal)}`
          : `Init:ExitCode:${num(terminated.exitCode)}`;
    } else if (waiting && str(waiting.reason) && waiting.reason !== "PodInitializing") {
      reason = `Init:${str(waiting.reason)}`;
    } else reason = `Init:${i}/${initContainers.length}`;
    break;
  }
  const conditions = list(status.conditions);
  const initialized = conditions.some((c) => c.type === "Initialized" && c.status === "True");
  if (!initializing || initialized) {
    restarts = 0;
    let running = false;
    const statuses = list(status.containerStatuses);
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i]!;
      restarts += num(c.restartCount);
      lastRestart = Math.max(lastRestart, finishedAt(c));
      const state = rec(c.state);
      const waiting = state.waiting === undefined ? undefined : rec(state.waiting);
      const terminated = state.terminated === undefined ? undefined : rec(state.terminated);
      if (waiting && str(waiting.reason)) reason = str(waiting.reason);
      else if (terminated && str(terminated.reason)) reason = str(terminated.reason);
      else if (terminated) {
        reason =
          num(terminated.signal) !== 0
            ? `Signal:${num(terminated.signal)}`
            : `ExitCode:${num(terminated.exitCode)}`;
      } else if (c.ready === true && state.running !== undefined) {
        running = true;
        ready++;
      }
    }
    if (reason === "Completed" && running) {
      reason = conditions.some((c) => c.type === "Ready" && c.status === "True")
        ? "Running"
        : "NotReady";
    }
  }
  if (metadata.deletionTimestamp !== undefined) {
    reason = status.reason === "NodeLost" ? "Unknown" : "Terminating";
  }
  const total = list(spec.containers).length;
  const restartText =
    restarts !== 0 && lastRestart > 0
      ? `${restarts} (${humanDuration(now - lastRestart)} ago)`
      : String(restarts);
  return {
    ready: `${ready}/${total}`,
    status: reason,
    restarts: restartText,
    restartCount: restarts,
  };
}

function finishedAt(containerStatus: Rec): number {
  const terminated = rec(rec(containerStatus.lastState).terminated);
  const at = Date.parse(str(terminated.finishedAt));
  return Number.isNaN(at) ? 0 : at;
}

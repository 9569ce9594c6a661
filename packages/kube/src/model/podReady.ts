import type { Pod } from "./objects";

/**
 * Whether a pod is ready: its Ready condition, as the endpoints controller
 * reads it (podutil.IsPodReady), or — for a pod whose status carries no
 * conditions (a terse manifest, objects from a file) — Running with every
 * container reporting ready. A pod served by a real API server has the
 * condition once it is scheduled, so the fallback never overrides it.
 */
export function podReady(pod: Pod): boolean {
  const condition = (pod.status?.conditions ?? []).find((c) => c.type === "Ready");
  if (condition !== undefined) return condition.status === "True";
  const statuses = pod.status?.containerStatuses ?? [];
  return (
    pod.status?.phase === "Running" &&
    statuses.length > 0 &&
    statuses.every((s) => s.ready === true)
  );
}

import type { Pod } from "./objects";

/**
 * Whether a pod is ready: its Ready condition, or — for a pod whose status
 * carries no conditions (a terse manifest, a scenario file read directly) —
 * Running with every container reporting ready.
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

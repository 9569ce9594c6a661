import { candidateObjects } from "./problem-map";
import { isWatched, objectName, type WatchTarget } from "./observe-object";
import type { VerifyPlan } from "./verify-plan";

const MAX_WATCHED = 10;

/**
 * What to wait for: the changed objects the watch knows how to wait for, and the workloads
 * of the root causes that name a changed object (a ConfigMap's fix is seen on the
 * Deployment that reads it). Pods named by a candidate are left out: a rollout replaces
 * them, and their workload is listed beside them.
 */
export function watchList(plan: VerifyPlan): WatchTarget[] {
  const out = new Map<string, WatchTarget>();
  const add = (t: WatchTarget): void => {
    if (isWatched(t.kind) && out.size < MAX_WATCHED) out.set(objectName(t), t);
  };
  for (const t of plan.changed) add(t);
  const changed = new Set(plan.changed.map(objectName));
  for (const c of plan.before.candidates) {
    if (!candidateObjects(c).some((o) => changed.has(o))) continue;
    for (const r of [c.primary, ...c.related]) {
      if (r.kind === "Pod" || r.kind === "Service") continue;
      add({
        kind: r.kind,
        name: r.name,
        ...(r.namespace === undefined ? {} : { namespace: r.namespace }),
      });
    }
  }
  return [...out.values()];
}

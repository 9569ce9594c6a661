import type { VerificationOutcome } from "@kubemedic/protocol";
import { candidateObjects, objectKey, problemMap, type ProblemSnapshot } from "./problem-map";

export interface Comparison {
  outcome: Exclude<VerificationOutcome, "timed_out">;
  /** What the change was aimed at that is fine now. */
  resolved: string[];
  /** What it was aimed at that still has a problem. */
  remaining: string[];
  /** Objects the change broke: healthy before, or with a new problem the change itself causes. */
  appeared: string[];
}

/** Kinds that run or serve something: a new problem on one is a new symptom. */
const SYMPTOM_KINDS = new Set([
  "Deployment",
  "StatefulSet",
  "DaemonSet",
  "ReplicaSet",
  "Pod",
  "Job",
  "CronJob",
  "Service",
  "Ingress",
  "PersistentVolumeClaim",
  "HorizontalPodAutoscaler",
  "Node",
]);

const kindOf = (key: string): string => key.slice(0, key.indexOf("/"));

/**
 * The problems a kind of change can cause on the object it changed; a verb not listed
 * (patch, apply, edit, set env…) can cause any.
 */
const CAN_CAUSE: Record<string, readonly string[]> = {
  "set image": ["ImagePull", "CrashLoop", "OOMKilled", "ProbeFailure", "RolloutStuck"],
  "set resources": ["OOMKilled", "Unschedulable", "QuotaExceeded", "RolloutStuck", "HPAMisconfig"],
  scale: ["Unschedulable", "QuotaExceeded", "NoEndpoints"],
  cordon: ["Unschedulable"],
  drain: ["Unschedulable", "NoEndpoints"],
  "rollout restart": [],
  "rollout undo": [],
};

/** A changed object and the verb that changed it. */
export interface Change {
  object: string;
  verb: string;
}

/**
 * Before and after an approved change, over the same scope.
 *
 * What the change was aimed at (its focus): the changed objects and every object of a
 * root-cause candidate that names one of them; when no candidate does, every problem of
 * the scope before. `worse` when the change broke something: an object that runs or serves
 * (a workload, a Service, an Ingress, a PVC…) has a problem it did not have before while
 * it was healthy, or the object the change touched has a new root cause of the kind that
 * change can cause (`set image` → ImagePull: a bad tag). A sick workload whose old cause
 * is gone and whose next one shows (a missing key hidden behind an image pull error) is
 * progress, not worse: `improved`.
 */
export function compareProblems(
  before: ProblemSnapshot,
  after: ProblemSnapshot,
  changes: readonly Change[],
): Comparison {
  const was = problemMap(before);
  const now = problemMap(after);
  const changedSet = new Set(changes.map((c) => c.object));
  const focus = new Set<string>(changedSet);
  for (const c of before.candidates) {
    const objects = candidateObjects(c);
    if (objects.some((o) => changedSet.has(o))) for (const o of objects) focus.add(o);
  }
  let aimed = [...was.keys()].filter((k) => focus.has(k));
  if (aimed.length === 0) aimed = [...was.keys()];
  const remaining = aimed.filter((k) => now.has(k));
  const resolved = aimed.filter((k) => !now.has(k));
  // An object still sick but rid of one of its causes made progress.
  const progressed = remaining.some((k) =>
    [...(was.get(k) ?? [])].some((c) => c !== "finding" && !now.get(k)?.has(c)),
  );

  const appeared = new Set<string>();
  for (const key of now.keys()) {
    if (!was.has(key) && SYMPTOM_KINDS.has(kindOf(key))) appeared.add(key);
  }
  for (const c of after.candidates) {
    const primary = objectKey(c.primary.kind, c.primary.namespace, c.primary.name);
    const caused = changes.some(
      (x) => x.object === primary && (CAN_CAUSE[x.verb]?.includes(c.category) ?? true),
    );
    if (!caused || was.get(primary)?.has(c.category) || onlyFinding(was.get(primary))) continue;
    for (const o of candidateObjects(c)) if (now.has(o)) appeared.add(o);
  }
  const outcome: Comparison["outcome"] =
    appeared.size > 0
      ? "worse"
      : remaining.length === 0
        ? "resolved"
        : resolved.length > 0 || progressed
          ? "improved"
          : "unchanged";
  return {
    outcome,
    resolved: resolved.sort(),
    remaining: remaining.sort(),
    appeared: [...appeared].sort(),
  };
}

/** Known before only from an analyzer finding (no category): a category seen now is not new. */
function onlyFinding(categories: Set<string> | undefined): boolean {
  return categories !== undefined && categories.size === 1 && categories.has("finding");
}

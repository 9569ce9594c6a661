import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";

/**
 * The problems of a scope, by object: `Kind/namespace/name` → the categories seen on it
 * (a correlated candidate's category, or `finding` for an analyzer finding alone).
 * A Pod with an owner counts as its owner (`Deployment/shop/checkout`): a rollout replaces
 * pods, and a pod that crashes under a new name is the same problem, not a new one.
 */
export type ProblemMap = Map<string, Set<string>>;

/** Findings and candidates as kept in state between the mutation and its verification. */
export interface ProblemSnapshot {
  problems: [string, string[]][];
  /** The top candidates, for the next step (their fixes) and for what the change was aimed at. */
  candidates: RootCauseCandidate[];
}

const MAX_CANDIDATES = 5;

/** Kinds a rollout replaces under new names: they count as the workload that owns them. */
const OWNED = new Set(["Pod", "ReplicaSet", "ControllerRevision"]);

export function objectKey(kind: string, namespace: string | undefined, name: string): string {
  return namespace === undefined || namespace === ""
    ? `${kind}/${name}`
    : `${kind}/${namespace}/${name}`;
}

/** An analyzer item's object: its name is `namespace/name` (or `name` when cluster-scoped). */
function findingKey(item: { kind: string; name: string; parentObject: string }): string {
  const slash = item.name.indexOf("/");
  const namespace = slash < 0 ? undefined : item.name.slice(0, slash);
  const name = slash < 0 ? item.name : item.name.slice(slash + 1);
  if (OWNED.has(item.kind) && item.parentObject.includes("/")) {
    const [kind = "", parent = ""] = item.parentObject.split("/", 2);
    if (kind !== "" && parent !== "") return objectKey(kind, namespace, parent);
  }
  return objectKey(item.kind, namespace, name);
}

export function problemSnapshot(
  analysis: AnalysisOutput,
  candidates: readonly RootCauseCandidate[],
): ProblemSnapshot {
  const map: ProblemMap = new Map();
  const add = (key: string, category: string): void => {
    const set = map.get(key) ?? new Set<string>();
    set.add(category);
    map.set(key, set);
  };
  for (const item of analysis.results ?? []) add(findingKey(item), "finding");
  for (const c of candidates) {
    add(objectKey(c.primary.kind, c.primary.namespace, c.primary.name), c.category);
    // Pods and ReplicaSets come and go with rollouts; their workload is listed beside them.
    for (const r of c.related)
      if (!OWNED.has(r.kind)) add(objectKey(r.kind, r.namespace, r.name), c.category);
  }
  return {
    problems: [...map].map(([k, v]) => [k, [...v].sort()]),
    candidates: candidates.slice(0, MAX_CANDIDATES),
  };
}

export function problemMap(snapshot: ProblemSnapshot): ProblemMap {
  return new Map(snapshot.problems.map(([k, v]) => [k, new Set(v)]));
}

/** Every object a candidate names (primary and related, pods as they were named). */
export function candidateObjects(c: RootCauseCandidate): string[] {
  return [
    objectKey(c.primary.kind, c.primary.namespace, c.primary.name),
    ...c.related.map((r) => objectKey(r.kind, r.namespace, r.name)),
  ];
}

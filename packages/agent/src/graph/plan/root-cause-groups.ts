import type { RootCauseCandidate } from "@kubemedic/protocol";

/**
 * Correlation's candidates as independent root causes: one group per
 * root-cause object (a Deployment that both fails its probes and stalls its
 * rollout is one problem), and a candidate whose root-cause object is a
 * symptom of a stronger one joins it. Highest score first.
 */
export function rootCauseGroups(candidates: readonly RootCauseCandidate[]): RootCauseCandidate[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const groups: RootCauseCandidate[] = [];
  const key = (r: { kind: string; namespace?: string | undefined; name: string }) =>
    `${r.kind.toLowerCase()}/${r.namespace ?? ""}/${r.name}`;
  const claimed = new Set<string>();
  for (const c of sorted) {
    if (claimed.has(key(c.primary))) continue;
    groups.push(c);
    claimed.add(key(c.primary));
    // Only workloads' own parts join: a shared Service or ConfigMap may front several problems.
    for (const r of c.related)
      if (["Pod", "ReplicaSet", "Deployment", "StatefulSet", "Job"].includes(r.kind))
        claimed.add(key(r));
  }
  return groups;
}

/** The words of a question, lower-cased, for matching object and namespace names. */
export function questionWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[a-z0-9][a-z0-9.-]*[a-z0-9]|[a-z0-9]/g) ?? []);
}

/** True when the question names an object of the group (not just its namespace). */
export function namesObjectOf(words: ReadonlySet<string>, c: RootCauseCandidate): boolean {
  return [c.primary.name, ...c.related.filter((r) => r.kind !== "Pod").map((r) => r.name)].some(
    (n) => words.has(n.toLowerCase()),
  );
}

/** True when the group's namespace is named, as a word or a hostname's first label (blog-eu.acme.example). */
export function inNamespaceNamed(words: ReadonlySet<string>, c: RootCauseCandidate): boolean {
  const ns = c.primary.namespace ?? c.related.find((r) => r.namespace !== undefined)?.namespace;
  if (ns === undefined) return false;
  return words.has(ns) || [...words].some((w) => w.startsWith(`${ns}.`));
}

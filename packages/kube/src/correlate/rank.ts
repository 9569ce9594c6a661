import { ROOT_CAUSE_CATEGORIES } from "@kubemedic/protocol";
import { refKey, type Draft } from "./Candidate";

/** A candidate explained by another keeps this share of its score. @default 0.5 */
const EXPLAINED_FACTOR = 0.5;

/**
 * Merges candidates that name the same category and primary object, then
 * ranks: a candidate whose primary object another candidate lists as its
 * symptom (a Deployment whose pods sit on a dead node), or that declares it
 * depends on another candidate's primary object (a Service without endpoints
 * whose pods crash), is explained by it and loses half its score,
 * so the cause ranks first however loud the symptom. Ties go to the order of
 * the taxonomy, then to the object key, so the ranking is deterministic.
 */
export function rankDrafts(drafts: readonly Draft[]): Draft[] {
  const merged = new Map<string, Draft>();
  for (const d of drafts) {
    const key = `${d.category}|${refKey(d.primary)}`;
    const existing = merged.get(key);
    if (existing === undefined) {
      merged.set(key, {
        ...d,
        related: [...d.related],
        evidence: [...d.evidence],
        fixes: [...d.fixes],
      });
      continue;
    }
    const [strong, weak] = d.score > existing.score ? [d, existing] : [existing, d];
    const seen = new Set(strong.related.map(refKey));
    merged.set(key, {
      ...strong,
      related: [
        ...strong.related,
        ...weak.related.filter((r) => !seen.has(refKey(r)) && refKey(r) !== refKey(strong.primary)),
      ],
      evidence: [...strong.evidence, ...weak.evidence],
      fixes: [...strong.fixes, ...weak.fixes],
      dependsOn: [...(strong.dependsOn ?? []), ...(weak.dependsOn ?? [])],
    });
  }
  const list = [...merged.values()];
  const symptoms = list.map((d) => {
    const depends = new Set(d.dependsOn ?? []);
    return new Set(d.related.map(refKey).filter((k) => !depends.has(k)));
  });
  const depends = list.map((d) => new Set(d.dependsOn ?? []));
  /**
   * A explains B: A lists B's primary as its symptom, or B depends on an
   * object that is A's primary or one of A's symptoms.
   */
  const explains = (a: number, b: number) => {
    const primaryA = refKey(list[a]!.primary);
    if (symptoms[a]?.has(refKey(list[b]!.primary)) === true) return true;
    for (const k of depends[b] ?? [])
      if (k === primaryA || symptoms[a]?.has(k) === true) return true;
    return false;
  };
  const scores = list.map((d, i) => {
    const explainedBy = list.some((other, j) => {
      if (j === i || !explains(j, i)) return false;
      // Each explains the other: the stronger candidate is the cause.
      return !explains(i, j) || other.score > d.score;
    });
    return explainedBy ? d.score * EXPLAINED_FACTOR : d.score;
  });
  const order = (c: string) =>
    ROOT_CAUSE_CATEGORIES.indexOf(c as (typeof ROOT_CAUSE_CATEGORIES)[number]);
  return list
    .map((d, i) => ({ ...d, score: scores[i] ?? d.score }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        order(a.category) - order(b.category) ||
        (refKey(a.primary) < refKey(b.primary) ? -1 : 1),
    );
}

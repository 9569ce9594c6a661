import { ROOT_CAUSE_CATEGORIES, SEVERITIES } from "@kubemedic/protocol";
import { refKey, type Draft } from "./Candidate";

/** A candidate explained by another (and not folded into it) keeps this share of its score. @default 0.5 */
const EXPLAINED_FACTOR = 0.5;

/** Evidence a cause takes over from each symptom it absorbs. @default 2 */
const SYMPTOM_EVIDENCE = 2;

/** Symptoms a cause's root cause text names. @default 3 */
const MAX_SYMPTOM_LINES = 3;

/**
 * Merges candidates that name the same category and primary object, then
 * ranks. A candidate is explained by another when that one lists its primary
 * object as a symptom (a Deployment whose pods sit on a dead node), or when it
 * depends on that one's primary object or symptoms (a Service without
 * endpoints whose pods crash); when two explain each other the higher score is
 * the cause.
 * - A candidate that declares `dependsOn` calls itself a symptom (a Service
 *   without endpoints, a rollout stuck on failing pods): explained, it is not
 *   a root cause and leaves the list, folded into its explainer — its primary
 *   joins the explainer's related objects as `symptom: <category>`, with its
 *   related objects and first evidence, its summary is appended to the
 *   explainer's root cause (`Symptom: …`), and the explainer takes its severity
 *   when that is worse (a crash that empties a Service is an outage).
 * - Any other explained candidate may be a cause of its own (a crash loop
 *   that a full quota keeps unfixed): it stays, with half its score, so the
 *   cause ranks first however loud the symptom.
 * Ties go to the order of the taxonomy, then to the object key, so the
 * ranking is deterministic.
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
  // Each candidate's explainer: the strongest candidate that explains it
  // (when two explain each other, the stronger one is the cause).
  const explainer = list.map((d, i) => {
    let best: number | undefined;
    list.forEach((other, j) => {
      if (j === i || !explains(j, i)) return;
      if (explains(i, j) && !(other.score > d.score)) return;
      if (best === undefined || other.score > list[best]!.score) best = j;
    });
    return best;
  });
  // A candidate that declares what it depends on calls itself a symptom: when
  // explained it is folded into its explainer (through explainers that are
  // folded too). Any other explained candidate may be a cause of its own (a
  // crash loop the quota keeps unfixed): it stays, at half its score.
  const folds = (i: number) => explainer[i] !== undefined && (list[i]!.dependsOn?.length ?? 0) > 0;
  const intoOf = (i: number): number | undefined => {
    const path = [i];
    let at = explainer[i]!;
    while (folds(at)) {
      if (path.includes(at)) return undefined; // symptoms explaining each other in a ring: keep them
      path.push(at);
      at = explainer[at]!;
    }
    return at;
  };
  const into = list.map((_, i) => (folds(i) ? intoOf(i) : undefined));
  list.forEach((symptom, i) => {
    const target = into[i];
    if (target !== undefined) absorb(list[target]!, symptom);
  });
  const order = (c: string) =>
    ROOT_CAUSE_CATEGORIES.indexOf(c as (typeof ROOT_CAUSE_CATEGORIES)[number]);
  return list
    .flatMap((d, i) =>
      into[i] !== undefined
        ? []
        : [{ ...d, score: explainer[i] === undefined ? d.score : d.score * EXPLAINED_FACTOR }],
    )
    .sort(
      (a, b) =>
        b.score - a.score ||
        order(a.category) - order(b.category) ||
        (refKey(a.primary) < refKey(b.primary) ? -1 : 1),
    );
}

/** The cause takes over a symptom: its objects, a little of its evidence, its severity if worse. */
function absorb(cause: Draft, symptom: Draft): void {
  const primaryKey = refKey(symptom.primary);
  const status = `symptom: ${symptom.category}`;
  const at = cause.related.findIndex((r) => refKey(r) === primaryKey);
  const existing = cause.related[at];
  // Copied, never edited in place: rules may share one ref between drafts.
  if (existing !== undefined)
    cause.related[at] = { ...existing, status: existing.status ?? status };
  else if (primaryKey !== refKey(cause.primary)) cause.related.push({ ...symptom.primary, status });
  const seen = new Set([refKey(cause.primary), ...cause.related.map(refKey)]);
  for (const r of symptom.related)
    if (!seen.has(refKey(r))) {
      seen.add(refKey(r));
      cause.related.push(r);
    }
  cause.evidence.push(...symptom.evidence.slice(0, SYMPTOM_EVIDENCE));
  // The reader sees what the cause leads to (`Symptom: Service shop/web has no ready endpoint…`).
  if ((cause.rootCause.match(/ Symptom: /g) ?? []).length < MAX_SYMPTOM_LINES)
    cause.rootCause += ` Symptom: ${symptom.summary}`;
  if (SEVERITIES.indexOf(symptom.severity) < SEVERITIES.indexOf(cause.severity))
    cause.severity = symptom.severity;
}

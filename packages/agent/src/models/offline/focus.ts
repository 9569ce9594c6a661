import type { AnalysisResultItem, ObjectRef, RootCauseCandidate } from "@kubemedic/protocol";
import type { Intent } from "../../intent";

/** k8sgpt names namespaced objects `namespace/name`. */
export function refOfFinding(item: AnalysisResultItem): ObjectRef {
  const slash = item.name.indexOf("/");
  return slash < 0
    ? { kind: item.kind, name: item.name }
    : { kind: item.kind, namespace: item.name.slice(0, slash), name: item.name.slice(slash + 1) };
}

function matches(intent: Intent, ...names: (string | undefined)[]): number {
  let score = 0;
  const wanted = intent.resource;
  for (const n of names) {
    if (n === undefined) continue;
    const lower = n.toLowerCase();
    if (wanted !== undefined && (lower === wanted.name || lower.startsWith(`${wanted.name}-`)))
      score += 4;
    for (const k of intent.keywords) if (lower.includes(k)) score += 2;
  }
  return score;
}

/**
 * The findings ranked by how well they match the question (an object named
 * in it, a keyword in the object's or its parent's name), Pods first among
 * equals because they carry container states and logs.
 */
export function rankFindings(
  items: readonly AnalysisResultItem[],
  intent: Intent,
): AnalysisResultItem[] {
  return items
    .map((item, index) => {
      const ref = refOfFinding(item);
      let score = matches(intent, ref.name, item.parentObject.split("/").at(-1));
      if (intent.resource?.kind !== undefined && intent.resource.kind === item.kind) score += 1;
      if (item.kind === "Pod") score += 0.5;
      return { item, index, score };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((x) => x.item);
}

/** The candidate about what the user asked, else the best-ranked one. */
export function pickCandidate(
  candidates: readonly RootCauseCandidate[],
  intent: Intent,
): RootCauseCandidate | undefined {
  let best: RootCauseCandidate | undefined;
  let bestScore = -1;
  candidates.forEach((c, i) => {
    const names = [c.primary.name, ...c.related.map((r) => r.name)];
    // Ranking by correlation comes first; a match with the question can lift a candidate by a
    // little. Its best-matching object counts, not the sum: a crash-loop candidate listing
    // every pod of the app the question names must not outweigh the quota that blocks its fix.
    const match = Math.max(0, ...names.map((n) => matches(intent, n)));
    const score = match * 0.05 + c.score - i * 0.001;
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  });
  return best;
}

/** Did a finding's texts say the container crashed or restarted (so previous logs exist)? */
export function looksCrashed(item: AnalysisResultItem): boolean {
  return item.error.some((f) =>
    /(crashloop|back-?off restarting|restart|oomkilled|terminated|exit code|error)/i.test(f.Text),
  );
}

export function kindArg(kind: string): string {
  return kind === "HorizontalPodAutoscaler" ? "hpa" : kind.toLowerCase();
}

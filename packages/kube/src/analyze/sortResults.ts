import type { AnalysisResultItem } from "@kubemedic/protocol";

/** Results in a stable order: kind, then name (code-point order, locale-free). */
export function sortResults(results: readonly AnalysisResultItem[]): AnalysisResultItem[] {
  return [...results].sort((a, b) => cmp(a.kind, b.kind) || cmp(a.name, b.name));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

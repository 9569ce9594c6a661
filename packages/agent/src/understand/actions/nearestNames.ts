/**
 * The names closest to a misspelt one ("paymnets-api" → "payments-api"):
 * within an edit distance of a third of its length, or sharing its stem.
 */
export function nearestNames(name: string, names: readonly string[], max = 3): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  return [...new Set(names)]
    .map((n) => ({ n, d: distance(name, n) }))
    .filter(({ n, d }) => d <= limit || n.startsWith(name) || name.startsWith(n))
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, max)
    .map(({ n }) => n);
}

/** Damerau–Levenshtein (optimal string alignment): a swapped pair of letters is one edit. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      let v = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
      row[j] = v;
    }
  }
  return (d[a.length] as number[])[b.length] ?? 0;
}

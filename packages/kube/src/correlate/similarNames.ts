/**
 * Names close to `name`: edit distance at most a third of its length (≥ 2),
 * or one containing the other. Closest first, at most three.
 */
export function similarNames(name: string, candidates: readonly string[]): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  return candidates
    .filter((c) => c !== name)
    .map((c) => ({
      c,
      d:
        c.includes(name) || name.includes(c)
          ? Math.min(editDistance(name, c), limit)
          : editDistance(name, c),
    }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d || (a.c < b.c ? -1 : 1))
    .slice(0, 3)
    .map((x) => x.c);
}

export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] ?? 0;
      prev[j] = Math.min(up + 1, (prev[j - 1] ?? 0) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] ?? 0;
}

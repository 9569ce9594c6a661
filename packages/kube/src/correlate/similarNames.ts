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

function editDistance(a: string, b: string): number {
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

/** A key's words without case or separators: `DB_PASSWORD`, `db-password`, `dbPassword` → `dbpassword`. */
function keyWords(key: string): string {
  return key.toLowerCase().replace(/[-_.]/g, "");
}

/**
 * Keys of a ConfigMap or Secret close to `key`, closest first (at most three):
 * the same words in another case or with other separators first (`DB_PASSWORD`
 * for `db-password`), then similarNames on the keys as written, then on their
 * words (`DB_PASSWORD` → `password`: one contains the other).
 */
export function similarKeys(key: string, keys: readonly string[]): string[] {
  const words = keyWords(key);
  const same = keys.filter((k) => k !== key && keyWords(k) === words);
  if (same.length > 0) return same.slice(0, 3);
  const direct = similarNames(key, keys);
  if (direct.length > 0) return direct;
  const byWords = new Map<string, string>();
  for (const k of keys) if (!byWords.has(keyWords(k))) byWords.set(keyWords(k), k);
  return similarNames(words, [...byWords.keys()]).map((w) => byWords.get(w) ?? w);
}

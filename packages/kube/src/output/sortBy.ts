import { relaxedJsonPath, textOf } from "./jsonpath";

/**
 * Sorts items by a JSONPath (`--sort-by=.lastTimestamp`), stable, the way
 * kubectl compares: numbers numerically, strings in natural order (so `pod-2`
 * sorts before `pod-10`), items missing the field first.
 */
export function sortByPath<T>(
  items: readonly T[],
  expression: string,
  pick: (item: T) => unknown,
): T[] {
  const path = relaxedJsonPath(expression);
  const keyed = items.map((item, index) => ({ item, index, key: path.values(pick(item))[0] }));
  keyed.sort((a, b) => compareKeys(a.key, b.key) || a.index - b.index);
  return keyed.map((k) => k.item);
}

function compareKeys(a: unknown, b: unknown): number {
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : -1;
  if (b === undefined || b === null) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return naturalCompare(textOf(a), textOf(b));
}

/** Compares strings with digit runs compared as numbers. */
export function naturalCompare(a: string, b: string): number {
  const re = /(\d+|\D+)/g;
  const xs = a.match(re) ?? [];
  const ys = b.match(re) ?? [];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const x = xs[i]!;
    const y = ys[i]!;
    if (x === y) continue;
    const nx = /^\d/.test(x);
    const ny = /^\d/.test(y);
    if (nx && ny) {
      const diff = Number(x) - Number(y);
      if (diff !== 0) return diff;
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return xs.length - ys.length;
}

import { relaxedJsonPath, textOf } from "./jsonpath";

/**
 * Sorts items by a JSONPath (`--sort-by=.lastTimestamp`), stable, the way
 * kubectl 1.32 compares: numbers numerically, strings byte by byte (so
 * `pod-10` sorts before `pod-2`, as kubectl prints them; checked against the
 * binary in conformance.int.test.ts), items missing the field first.
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
  const x = textOf(a);
  const y = textOf(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

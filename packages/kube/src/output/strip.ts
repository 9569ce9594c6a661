/**
 * Removes what only adds noise for a reader: `metadata.managedFields` on every
 * object of a list or Table. (The last-applied-configuration annotation is
 * removed by redaction, because it repeats Secret values.) Never mutates.
 */
export function stripManagedFields<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "metadata" && typeof child === "object" && child !== null) {
      const { managedFields: _dropped, ...rest } = child as Record<string, unknown>;
      out[key] = strip(rest);
    } else out[key] = strip(child);
  }
  return out;
}

/**
 * `stripManagedFields` in place, for a document the caller owns (just parsed
 * from an answer): the same fields go, without copying everything else.
 * Returns its argument.
 */
export function dropManagedFields<T>(value: T): T {
  drop(value);
  return value;
}

function drop(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) drop(item);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    if (typeof child !== "object" || child === null) continue;
    if (key === "metadata" && !Array.isArray(child))
      delete (child as Record<string, unknown>).managedFields;
    drop(child);
  }
}

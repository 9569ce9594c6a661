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

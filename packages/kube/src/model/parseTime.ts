const RELATIVE = /^-(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * Milliseconds since the epoch for an API timestamp, or 0 when absent or
 * unreadable (the "zero time" k8sgpt compares against). Scenario files may use
 * relative times such as `-5m`; the simulator resolves them at load, and unit
 * tests that read the files directly get the same answer from here.
 */
export function parseTime(value: unknown, now = Date.now()): number {
  if (typeof value !== "string" || value === "") return 0;
  const relative = RELATIVE.exec(value);
  if (relative !== null) {
    const unit = relative[2] as keyof typeof UNIT_MS;
    return now - Number(relative[1]) * UNIT_MS[unit];
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}

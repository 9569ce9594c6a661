import { isObject } from "../util/json";

/**
 * Scenario files may write times relative to the moment they load: `-5m`,
 * `-90s`, `-2h`, `-3d`, `-1h30m`, or `now`. Resolving them at load makes AGE
 * and LAST SEEN read naturally whenever the demo starts. Only fields whose name
 * says they hold a time are touched (`…Timestamp`, `…Time`, `…At`, `timestamp`, `timeAdded`), so an
 * argument such as `--since=-5m` in a container spec stays as written.
 */
const RELATIVE = /^-((?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+)$/;
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const TIME_KEY = /(Timestamp|Time|At)$|^(timestamp|timeAdded)$/;

/** Fields of type MicroTime: Kubernetes prints them with microseconds. */
const MICRO_TIME_KEYS = new Set(["eventTime", "lastObservedTime", "renewTime", "acquireTime"]);

/** Milliseconds before `now` for a relative time, or undefined if `value` is not one. */
export function relativeOffset(value: string): number | undefined {
  if (value === "now") return 0;
  const match = RELATIVE.exec(value);
  if (match === null) return undefined;
  let total = 0;
  for (const part of (match[1] ?? "").matchAll(PART)) {
    total += Number(part[1]) * (UNIT_MS[part[2] ?? "s"] ?? 0);
  }
  return total;
}

/** RFC 3339 with second precision, as the API serialises metav1.Time. */
export function formatTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
}

/** RFC 3339 with microseconds, as the API serialises metav1.MicroTime. */
export function formatMicroTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

/** Replaces every relative time in `value` (deeply, in place) with an absolute one. */
export function resolveRelativeTimes(value: unknown, now: number): void {
  if (Array.isArray(value)) {
    for (const item of value) resolveRelativeTimes(item, now);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === "string" && TIME_KEY.test(key)) {
      const offset = relativeOffset(field);
      if (offset !== undefined) {
        value[key] = MICRO_TIME_KEYS.has(key)
          ? formatMicroTime(now - offset)
          : formatTime(now - offset);
      }
    } else if (typeof field === "object" && field !== null) {
      resolveRelativeTimes(field, now);
    }
  }
}

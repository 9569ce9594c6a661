import { formatEqualityMap, formatLabelSelector } from "../../model/labelSelector";

type Rec = Record<string, unknown>;

export const rec = (v: unknown): Rec =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Rec) : {};
export const list = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec) : []);
export const str = (v: unknown): string =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "";
export const int = (v: unknown): number => (typeof v === "number" ? v : 0);

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/**
 * Go's `time.RFC1123Z` in the process's local zone, as kubectl prints
 * timestamps in describe (`Mon, 02 Jan 2006 15:04:05 -0700`). A missing time
 * prints Go's zero time.
 */
export function rfc1123z(timestamp: unknown): string {
  const at = typeof timestamp === "string" ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(at)) return "Mon, 01 Jan 0001 00:00:00 +0000";
  const d = new Date(at);
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return `${DAYS[d.getDay()]}, ${pad(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** Go's `%v` of a bool pointer field that may be unset: `<nil>`. */
export function goOptional(v: unknown): string {
  return typeof v === "boolean" ? String(v) : "<nil>";
}

/** `True`/`False` (printBool). */
export function goBool(v: unknown): string {
  return v === true ? "True" : "False";
}

/** `a=b,c=d` sorted, or `<none>` (labels.FormatLabels). */
export function formatSelectorMap(map: unknown): string {
  return formatEqualityMap(rec(map)) || "<none>";
}

/** A label selector (matchLabels + matchExpressions) as kubectl describe prints it, `<none>` when empty. */
export function describeSelector(selector: unknown): string {
  return formatLabelSelector(selector) || "<none>";
}

/** An int-or-string (`25%`, `1`). */
export function intOrString(v: unknown): string {
  return typeof v === "number" ? String(v) : str(v);
}

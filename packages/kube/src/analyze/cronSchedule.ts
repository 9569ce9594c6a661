/**
 * Validates a CronJob schedule the way the standard cron parser behind k8sgpt
 * (robfig/cron v3) does: optional `TZ=`/`CRON_TZ=` prefix, `@` descriptors
 * including `@every <duration>`, or five fields. Returns why the schedule is
 * rejected, or undefined when it is valid. The first bad field wins.
 */
export function cronScheduleError(spec: string): string | undefined {
  let rest = spec;
  if (rest.trim() === "") return "the schedule is empty";
  const tz = /^(?:CRON_)?TZ=/.exec(rest);
  if (tz !== null) {
    const space = rest.indexOf(" ");
    if (space === -1) return `the time-zone prefix in "${spec}" is not followed by a schedule`;
    const zone = rest.slice(tz[0].length, space);
    if (!isKnownZone(zone)) return `unknown time zone "${zone}"`;
    rest = rest.slice(space).trim();
  }
  if (rest.startsWith("@")) return descriptorError(rest);
  const fields = rest.trim().split(/\s+/);
  if (fields.length !== 5)
    return `expected 5 fields (minute hour day-of-month month day-of-week), found ${fields.length}: "${rest.trim()}"`;
  for (const [i, field] of fields.entries()) {
    const bounds = FIELDS[i];
    if (bounds === undefined) break;
    const problem = fieldError(field, bounds);
    if (problem !== undefined) return `${bounds.label} field "${field}": ${problem}`;
  }
  return undefined;
}

interface Bounds {
  label: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

const FIELDS: readonly Bounds[] = [
  { label: "minute", min: 0, max: 59 },
  { label: "hour", min: 0, max: 23 },
  { label: "day-of-month", min: 1, max: 31 },
  { label: "month", min: 1, max: 12, names: MONTHS },
  { label: "day-of-week", min: 0, max: 6, names: DAYS },
];

const DESCRIPTORS = new Set([
  "@yearly",
  "@annually",
  "@monthly",
  "@weekly",
  "@daily",
  "@midnight",
  "@hourly",
]);

function descriptorError(spec: string): string | undefined {
  if (DESCRIPTORS.has(spec)) return undefined;
  if (spec.startsWith("@every ")) {
    const duration = spec.slice("@every ".length);
    return isGoDuration(duration)
      ? undefined
      : `"${duration}" in "${spec}" is not a duration such as 90s or 1h30m`;
  }
  return `unrecognized descriptor "${spec}"`;
}

/** Go's time.ParseDuration grammar: [-+] then one or more <decimal><unit>, or "0". */
function isGoDuration(text: string): boolean {
  if (text === "0" || text === "+0" || text === "-0") return true;
  return /^[-+]?(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.test(text);
}

function fieldError(field: string, bounds: Bounds): string | undefined {
  for (const term of field.split(",")) {
    const problem = termError(term, bounds);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function termError(term: string, bounds: Bounds): string | undefined {
  const slash = term.split("/");
  if (slash.length > 2) return `too many slashes in "${term}"`;
  const [range = "", stepText] = slash;
  let start: number;
  let end: number;
  if (range === "*" || range === "?") {
    start = bounds.min;
    end = bounds.max;
  } else {
    const hyphen = range.split("-");
    if (hyphen.length > 2) return `too many hyphens in "${term}"`;
    const a = parseValue(hyphen[0] ?? "", bounds);
    if (typeof a === "string") return a;
    start = a;
    if (hyphen.length === 2) {
      const b = parseValue(hyphen[1] ?? "", bounds);
      if (typeof b === "string") return b;
      end = b;
    } else end = stepText === undefined ? start : bounds.max;
  }
  if (stepText !== undefined) {
    const step = parseNumber(stepText);
    if (typeof step === "string") return step;
    if (step <= 0) return `step of "${term}" must be positive`;
  }
  if (start < bounds.min) return `beginning of range (${start}) below minimum (${bounds.min})`;
  if (end > bounds.max) return `end of range (${end}) above maximum (${bounds.max})`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end})`;
  return undefined;
}

function parseValue(text: string, bounds: Bounds): number | string {
  const named = bounds.names?.indexOf(text.toLowerCase()) ?? -1;
  if (named !== -1) return named + (bounds.label === "month" ? 1 : 0);
  return parseNumber(text);
}

function parseNumber(text: string): number | string {
  if (!/^-?\d+$/.test(text)) return `"${text}" is not a number`;
  const n = Number(text);
  if (n < 0) return `negative number (${text}) not allowed`;
  if (!Number.isSafeInteger(n) || n > 2 ** 31) return `"${text}" is out of range`;
  return n;
}

function isKnownZone(zone: string): boolean {
  if (zone === "Local" || zone === "UTC") return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

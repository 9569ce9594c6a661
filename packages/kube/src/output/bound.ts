export interface BoundOptions {
  /** @default 200 */
  maxLines?: number;
  /** @default 16_384 */
  maxBytes?: number;
  /** Keep the end instead of the start (logs: the latest lines matter most). */
  keep?: "head" | "tail";
  /** How to narrow the command, shown in the marker. */
  hint?: string;
  /** Lines known to exist beyond `text` (rows the engine did not fetch); they count as cut. */
  extraLines?: number;
  /** What else was left out, in words (`4,998 more objects`), added to the marker. */
  extraNote?: string;
}

export interface Bounded {
  text: string;
  truncated: boolean;
  /** Lines left out (a partially kept line counts as left out). */
  omittedLines: number;
}

export const DEFAULT_MAX_LINES = 200;
export const DEFAULT_MAX_BYTES = 16 * 1024;
const encoder = new TextEncoder();
const bytes = (s: string): number => encoder.encode(s).byteLength;

/**
 * Cuts text to a line and byte budget (an LLM context is small and a 5,000
 * pod listing helps no one), on line boundaries, and says so explicitly:
 * `… truncated: 1,234 more lines; narrow with -l, --field-selector, -o name`.
 * The marker is counted within the byte budget.
 */
export function bound(text: string, options: BoundOptions = {}): Bounded {
  const maxLines = Math.max(1, options.maxLines ?? DEFAULT_MAX_LINES);
  const maxBytes = Math.max(256, options.maxBytes ?? DEFAULT_MAX_BYTES);
  const keepTail = options.keep === "tail";
  const lines = text.replace(/\n$/, "").split("\n");
  const extra = Math.max(0, options.extraLines ?? 0);
  const fits = lines.length <= maxLines && bytes(text) <= maxBytes;
  if (fits && extra === 0 && options.extraNote === undefined) {
    return { text, truncated: false, omittedLines: 0 };
  }
  const budget = maxBytes - 160 - bytes(options.hint ?? "");
  const ordered = keepTail ? [...lines].reverse() : lines;
  if (fits) {
    // Everything fetched fits; the marker only says what was never fetched.
    const marker = markerLine(extra, keepTail, options);
    return { text: `${text.replace(/\n$/, "")}\n${marker}`, truncated: true, omittedLines: extra };
  }
  const kept: string[] = [];
  let used = 0;
  for (const line of ordered) {
    if (kept.length >= maxLines) break;
    const size = bytes(line) + 1;
    if (used + size > budget) {
      if (kept.length === 0) kept.push(cutToBytes(line, budget, keepTail)); // one giant line
      break;
    }
    kept.push(line);
    used += size;
  }
  const whole = kept.length > 0 && kept[kept.length - 1] === ordered[kept.length - 1];
  const omitted = lines.length - kept.length + (whole ? 0 : 1) + extra;
  const marker = markerLine(omitted, keepTail, options);
  const body = keepTail ? kept.reverse() : kept;
  return {
    text: keepTail ? [marker, ...body].join("\n") : [...body, marker].join("\n"),
    truncated: true,
    omittedLines: omitted,
  };
}

function cutToBytes(line: string, budget: number, fromEnd: boolean): string {
  const chars = [...line];
  let out = "";
  let used = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = fromEnd ? chars[chars.length - 1 - i]! : chars[i]!;
    used += bytes(ch);
    if (used > budget) break;
    out = fromEnd ? ch + out : out + ch;
  }
  return out;
}

function markerLine(omitted: number, keepTail: boolean, options: BoundOptions): string {
  const lines =
    omitted > 0
      ? `${omitted.toLocaleString("en-US")} ${keepTail ? "earlier" : "more"} line${omitted === 1 ? "" : "s"}`
      : "";
  const what = [lines, options.extraNote ?? ""].filter((part) => part !== "").join(", ");
  return `… truncated: ${what}${options.hint ? `; narrow with ${options.hint}` : ""}`;
}

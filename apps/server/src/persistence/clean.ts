/** A UTF-16 surrogate without its other half: valid in a JSON string (`"\ud800"`), not in UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL cannot store NUL in `text` nor `\u0000` in `jsonb`, and a tool's
 * output (a binary log line) may contain one: it would fail the whole turn's
 * commit. NUL becomes U+FFFD, as a terminal would show it. So does half a
 * surrogate pair (a client may send `"\ud800"`; Prisma's engine refuses it).
 */
export function cleanText(text: string, maxChars = Number.POSITIVE_INFINITY): string {
  let clean = text.includes("\u0000") ? text.replaceAll("\u0000", "\uFFFD") : text;
  LONE_SURROGATE.lastIndex = 0;
  if (LONE_SURROGATE.test(clean)) clean = clean.replace(LONE_SURROGATE, "\uFFFD");
  return clean.length > maxChars ? clean.slice(0, maxChars) : clean;
}

/** cleanText over every string in a JSON value (keys included). */
export function cleanJson(value: unknown): unknown {
  if (typeof value === "string") return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanJson);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanText(k), cleanJson(v)]));
  }
  return value;
}

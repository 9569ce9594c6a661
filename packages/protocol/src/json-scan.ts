/**
 * How deeply a JSON document the gateway accepts may nest (objects and arrays
 * together). Our deepest frame or body nests 4 levels; 32 leaves room and
 * keeps every recursive walk (JSON.parse, zod, the string cleaner) shallow.
 * @default 32
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/** A document in bytes (UTF-8) or as text; the scans below read either without decoding it. */
export type JsonSource = string | Uint8Array;

/**
 * True when `source` nests deeper than `maxDepth`, found by one pass over its
 * bytes before anything parses it: a 60 KB frame of `[[[[…` costs a loop over
 * 60 KB instead of a parse that allocates 30,000 arrays (and a recursive walk
 * that overflows the stack). Brackets inside strings do not count. It does not
 * validate the JSON: JSON.parse does that after, on what passed. In UTF-8 no
 * byte of a multi-byte character is ASCII, so bytes can be scanned as they are.
 */
export function jsonNestsDeeper(source: JsonSource, maxDepth = MAX_JSON_DEPTH): boolean {
  const text = typeof source === "string";
  const length = source.length;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    const c = text ? source.charCodeAt(i) : (source[i] as number);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * The `requestId` of a frame that will not be parsed (refused for its size or
 * rate), read from its first `window` bytes only, so the error frame can still
 * name the request it answers: a string value of the key `requestId` at the
 * top level of the object, at most 100 characters of printable ASCII. Anything
 * else (escapes, another level, past the window) is undefined.
 */
export function peekRequestId(source: JsonSource, window = 1024): string | undefined {
  const text = typeof source === "string";
  const end = Math.min(source.length, window);
  const at = (i: number): number => (text ? source.charCodeAt(i) : (source[i] as number));
  let depth = 0;
  let i = 0;
  while (i < end) {
    const c = at(i);
    if (c === QUOTE) {
      const start = i + 1;
      let j = start;
      let escaped = false;
      while (j < end && at(j) !== QUOTE) {
        if (at(j) === BACKSLASH) {
          escaped = true;
          j++;
        }
        j++;
      }
      if (j >= end) return undefined;
      if (depth === 1 && !escaped && j - start === 9 && slice(source, start, j) === "requestId") {
        return valueAfterKey(source, j + 1, end, at);
      }
      i = j + 1;
      continue;
    }
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
    i++;
  }
  return undefined;
}

function valueAfterKey(
  source: JsonSource,
  from: number,
  end: number,
  at: (i: number) => number,
): string | undefined {
  let i = from;
  while (i < end && isSpace(at(i))) i++;
  if (at(i) !== 0x3a) return undefined; // a key is followed by `:`; this was a value
  i++;
  while (i < end && isSpace(at(i))) i++;
  if (at(i) !== QUOTE) return undefined;
  const start = i + 1;
  let j = start;
  while (j < end && j - start <= 100) {
    const c = at(j);
    if (c === QUOTE) return slice(source, start, j);
    if (c < 0x20 || c > 0x7e || c === BACKSLASH) return undefined;
    j++;
  }
  return undefined;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** ASCII only (callers check), so bytes map to characters one to one. */
function slice(source: JsonSource, start: number, end: number): string {
  if (typeof source === "string") return source.slice(start, end);
  let out = "";
  for (let i = start; i < end; i++) out += String.fromCharCode(source[i] as number);
  return out;
}

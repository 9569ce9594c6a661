import { Document } from "yaml";

/**
 * A fast writer for the YAML that `toYaml` prints (block style, sorted keys,
 * sequences not indented under their key, YAML 1.1 quoting). It produces
 * byte for byte what the `yaml` library produces with those options, for the
 * documents API objects nearly always are: nested maps and lists of
 * one-line, printable-ASCII strings, finite numbers, booleans and nulls.
 * Anything else (multi-line or non-ASCII strings, document markers, very long
 * keys) returns `undefined` and the caller uses the library, which is
 * several times slower because it builds a node tree first.
 */
export function blockYaml(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const out: string[] = [];
  if (Object.keys(value).length === 0) return "{}\n";
  return writeMap(value, "", "", out) ? out.join("") : undefined;
}

/**
 * The tags a plain string must not resolve to (bool, null, int, float,
 * timestamp), from the library's own YAML 1.1 schema. (The merge key `<<` is
 * `default: "key"`: only meaningful as a key with merging on, printed plain.)
 */
const OTHER_TYPES: readonly RegExp[] = (() => {
  const schema = new Document(null, { version: "1.1" }).schema as unknown as {
    tags: readonly { default?: unknown; tag: string; test?: RegExp }[];
    compat?: readonly { default?: unknown; tag: string; test?: RegExp }[] | null;
  };
  return [...schema.tags, ...(schema.compat ?? [])]
    .filter((t) => t.default === true && t.tag !== "tag:yaml.org,2002:str" && t.test)
    .map((t) => t.test!);
})();

/** What the library refuses to print plain (its `plainString` rules, restricted to one-line text). */
const INDICATOR = /^[\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|:[ \t]|[\t ]#|[\t :]$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const DOCUMENT_MARKER = /^(?:%|---|\.\.\.)/;

/** A one-line string as the library prints it (plain, or quoted the way it chooses), or undefined. */
function scalarText(text: string): string | undefined {
  if (!PRINTABLE_ASCII.test(text) || DOCUMENT_MARKER.test(text)) return undefined;
  if (!INDICATOR.test(text) && !OTHER_TYPES.some((re) => re.test(text))) return text;
  // Double quotes (JSON escaping is the library's for printable ASCII), unless only `"` occurs.
  return text.includes('"') && !text.includes("'") ? `'${text}'` : JSON.stringify(text);
}

function leafText(value: unknown): string | undefined {
  if (typeof value === "string") return scalarText(value);
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number" && Number.isFinite(value))
    return Object.is(value, -0) ? "-0" : String(value);
  return undefined;
}

/**
 * Keys in the order `sortDeep` leaves them: sorted, then re-inserted into an
 * object, which puts array-index keys (`"0"`, `"10"`) first in numeric order.
 */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record).sort();
  return keys.some(isIndexLike) ? Object.keys(Object.fromEntries(keys.map((k) => [k, 0]))) : keys;
}

function isIndexLike(key: string): boolean {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57;
}

/** One line per pair; the first line starts with `first` instead of `indent` (a list dash). */
function writeMap(
  record: Record<string, unknown>,
  indent: string,
  first: string,
  out: string[],
): boolean {
  let lead = first;
  for (const key of sortedKeys(record)) {
    const k = scalarText(key);
    // The library writes keys over 1024 characters as explicit `? key` entries.
    if (k === undefined || k.length > 1024) return false;
    const value = record[key];
    if (!writeEntry(`${lead}${k}:`, value, indent, true, out)) return false;
    lead = indent;
  }
  return true;
}

function writeSeq(items: unknown[], indent: string, first: string, out: string[]): boolean {
  let lead = first;
  for (const item of items) {
    if (!writeEntry(`${lead}-`, item, indent, false, out)) return false;
    lead = indent;
  }
  return true;
}

/** `head` is `key:` or `-`; what follows depends on the value's shape. */
function writeEntry(
  head: string,
  value: unknown,
  indent: string,
  inMap: boolean,
  out: string[],
): boolean {
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push(`${head} []\n`);
      return true;
    }
    // Under a key the list is not indented (indentSeq: false); inside a list it nests after the dash.
    if (inMap) {
      out.push(`${head}\n`);
      return writeSeq(value, indent, indent, out);
    }
    return writeSeq(value, `${indent}  `, `${head} `, out);
  }
  if (isRecord(value)) {
    if (Object.keys(value).length === 0) {
      out.push(`${head} {}\n`);
      return true;
    }
    if (inMap) {
      out.push(`${head}\n`);
      return writeMap(value, `${indent}  `, `${indent}  `, out);
    }
    return writeMap(value, `${indent}  `, `${head} `, out);
  }
  const text = leafText(value);
  if (text === undefined) return false;
  out.push(`${head} ${text}\n`);
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

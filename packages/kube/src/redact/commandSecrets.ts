import { parseAllDocuments } from "yaml";
import { tokenize } from "../model/tokenize";
import { REDACTED } from "./marker";
import { redactText } from "./redactText";
import { jsonWord, redactWord } from "./redactCommand";
import { redactObject } from "./redactObject";

/** Secrets shorter than this are masked in the command only: elsewhere they would mask words. @default 4 */
const MIN_SECRET_CHARS = 4;

/**
 * The values `redactCommand` masks in `line` — a password typed into
 * `set env … DB_PASSWORD=…`, a token in `-p '{"token":"…"}'`, the password of a
 * URL — so that the same values can be masked wherever else they show up:
 * the agent's reason for the command, a preview's summary, a manifest. Found
 * by comparing each word with its masked form: what a `[REDACTED]` stands for.
 */
export function commandSecrets(line: string): string[] {
  let words: string[];
  try {
    words = tokenize(line);
  } catch {
    return [];
  }
  const secrets = new Set<string>();
  for (const word of words) {
    const masked = redactWord(word);
    if (masked === word) continue;
    const json = jsonWord(word);
    // A JSON word masked as an object is printed back compact: compare value by value.
    const found =
      json === undefined ? gaps(word, masked) : leafGaps(json, redactObject(json), redactText);
    if (json !== undefined) found.push(...gaps(word, redactText(word)));
    for (const value of found) if (value.length >= MIN_SECRET_CHARS) secrets.add(value);
  }
  // Longest first, so a secret that contains another is masked whole.
  return [...secrets].sort((a, b) => b.length - a.length);
}

/**
 * The values `redactManifest` masks in a manifest (`apply -f -`): Secret data,
 * credential env values, passwords in URLs. Empty when it does not parse.
 */
export function manifestSecrets(manifest: string): string[] {
  const docs = parseAllDocuments(manifest);
  if (docs.some((doc) => doc.errors.length > 0)) return [];
  const secrets = new Set<string>();
  for (const doc of docs) {
    const value = doc.toJS() as unknown;
    for (const found of leafGaps(value, redactObject(value), redactText)) {
      // A Secret's `data` is base64: the value a user typed is its decoding.
      for (const v of [found, ...decodedBase64(found)]) {
        if (v.length >= MIN_SECRET_CHARS) secrets.add(v);
      }
    }
  }
  return [...secrets].sort((a, b) => b.length - a.length);
}

function decodedBase64(value: string): string[] {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return [];
  const text = Buffer.from(value, "base64").toString("utf8");
  return /^[\x20-\x7e]+$/.test(text) ? [text] : [];
}

/** `text` with every occurrence of every secret replaced by `[REDACTED]`. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_CHARS && out.includes(secret))
      out = out.replaceAll(secret, REDACTED);
  }
  return out;
}

/** Every string of `original` that `masked` changed, as gaps (redactText applied to both sides' strings). */
function leafGaps(original: unknown, masked: unknown, text: (s: string) => string): string[] {
  if (typeof original === "string") {
    const m = typeof masked === "string" ? masked : "";
    const m2 = text(m);
    if (m2 === original) return [];
    const g = gaps(original, m2);
    // A value replaced whole by a marker that is not `[REDACTED]` (`[REDACTED: 7 bytes]`).
    return g.length > 0 ? g : [original];
  }
  if (Array.isArray(original)) {
    const m = Array.isArray(masked) ? masked : [];
    return original.flatMap((v, i) => leafGaps(v, m[i], text));
  }
  if (original !== null && typeof original === "object") {
    const m = (masked !== null && typeof masked === "object" ? masked : {}) as Record<
      string,
      unknown
    >;
    return Object.entries(original).flatMap(([k, v]) => leafGaps(v, m[k], text));
  }
  return [];
}

/**
 * What `original` holds where `masked` says `[REDACTED]`: the text between the
 * literal pieces of `masked`, found in order in `original`.
 */
function gaps(original: string, masked: string): string[] {
  const pieces = masked.split(REDACTED);
  const found: string[] = [];
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (i === 0) {
      if (!original.startsWith(piece)) return [];
      at = piece.length;
      continue;
    }
    const next =
      i === pieces.length - 1 ? original.length - piece.length : original.indexOf(piece, at);
    if (next < at || (i === pieces.length - 1 && !original.endsWith(piece))) return found;
    found.push(original.slice(at, next));
    at = next + piece.length;
  }
  return found;
}

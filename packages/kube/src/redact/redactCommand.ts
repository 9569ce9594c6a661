import { quoteWord, tokenize } from "../model/tokenize";
import { isCredentialName } from "./credentialName";
import { REDACTED } from "./marker";
import { redactObject } from "./redactObject";
import { redactText } from "./redactText";

/**
 * A command line fit for display, logs and the database: `KEY=value` words
 * whose key names a credential (`set env … DB_PASSWORD=…`) and credentials
 * inside any word (`-p '{"password":"…"}'`, URLs with passwords, tokens) are
 * masked. The result is for showing only; run the original line.
 */
export function redactCommand(line: string): string {
  let words: string[];
  try {
    words = tokenize(line);
  } catch {
    return redactText(line);
  }
  const masked = words.map(redactWord);
  return masked.some((w, i) => w !== words[i]) ? masked.map(quoteWord).join(" ") : line;
}

/**
 * One word of a command line (unquoted), masked as redactCommand masks it. A
 * word that is a JSON document (a `-p` patch) is also masked as an API object
 * would be, so `{"env":[{"name":"DB_PASSWORD","value":"…"}]}` loses its value
 * as the preview's diff does (printed back compact when that changed it).
 */
export function redactWord(word: string): string {
  const eq = word.indexOf("=");
  if (eq > 0 && !word.startsWith("-") && isCredentialName(word.slice(0, eq))) {
    return `${word.slice(0, eq)}=${REDACTED}`;
  }
  const json = jsonWord(word);
  if (json !== undefined) {
    const masked = JSON.stringify(redactObject(json));
    if (masked !== JSON.stringify(json)) return redactText(masked);
  }
  return redactText(word);
}

/** The JSON value of a word that is a JSON object or array, else undefined. */
export function jsonWord(word: string): unknown {
  const first = word.trimStart()[0];
  if (first !== "{" && first !== "[") return undefined;
  try {
    return JSON.parse(word) as unknown;
  } catch {
    return undefined;
  }
}

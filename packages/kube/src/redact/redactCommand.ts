import { quoteWord, tokenize } from "../model/tokenize";
import { isCredentialName } from "./credentialName";
import { REDACTED } from "./marker";
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
  const masked = words.map((word) => {
    const eq = word.indexOf("=");
    if (eq > 0 && !word.startsWith("-") && isCredentialName(word.slice(0, eq))) {
      return `${word.slice(0, eq)}=${REDACTED}`;
    }
    return redactText(word);
  });
  return masked.some((w, i) => w !== words[i]) ? masked.map(quoteWord).join(" ") : line;
}

import { KubeError } from "../errors";

/**
 * Splits a command line into words the way a POSIX shell would, without
 * expanding anything: unquoted whitespace separates words; single quotes keep
 * everything literally; inside double quotes a backslash escapes `"`, `\`,
 * `$` and a backtick; outside quotes a backslash escapes any character. `''`
 * is an empty word. Run `findShellSyntax` first: this function assumes the
 * line holds no shell operators.
 */
export function tokenize(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
        word += line[++i]!;
      } else word += ch;
      continue;
    }
    if (ch === " " || ch === "\t") {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      continue;
    }
    inWord = true;
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "\\") {
      if (i + 1 >= line.length)
        throw new KubeError("usage", "the command ends with a lone backslash");
      word += line[++i]!;
    } else word += ch;
  }
  if (quote !== undefined) {
    throw new KubeError("usage", `unterminated ${quote === "'" ? "single" : "double"} quote`);
  }
  if (inWord) words.push(word);
  return words;
}

/** Quotes a word for display so that `tokenize(quoteWord(w))` gives back `[w]`. */
export function quoteWord(word: string): string {
  if (word.length === 0) return "''";
  if (/^[A-Za-z0-9_@%+=:,./{}[\]*?!~^-]+$/.test(word) && !word.startsWith("#")) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

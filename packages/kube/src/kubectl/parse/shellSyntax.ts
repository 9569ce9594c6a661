/**
 * Finds shell syntax in a raw command line, before any tokenizing: the engine
 * runs one kubectl command and never a shell, so a pipe, a separator, a
 * substitution or a redirection means the line asks for something else.
 * Quotes are honoured: `-o jsonpath='{.a};{.b}'` holds a quoted `;`, which is
 * data. `$` expansions and backticks are refused inside double quotes too,
 * because a shell would expand them there. Returns a reason, or undefined.
 */
export function findShellSyntax(line: string): string | undefined {
  if (/[\r\n]/.test(line)) return "newlines (one command per call)";
  if (hasControlCharacter(line)) return "control characters";
  let quote: "'" | '"' | undefined;
  let wordStart = true;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    const next = line[i + 1];
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      continue;
    }
    if (ch === "\\") {
      i++; // an escaped character is data
      wordStart = false;
      continue;
    }
    if (ch === "`") return "command substitution (backticks)";
    if (ch === "$") {
      if (next === "(") return "command substitution $(…)";
      if (next === "{" || (next !== undefined && /[A-Za-z_0-9@*#?$!-]/.test(next)))
        return "variable expansion ($…)";
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      continue;
    }
    switch (ch) {
      case "'":
      case '"':
        quote = ch;
        break;
      case "|":
        return next === "|" ? "command chaining (||)" : "pipes (|)";
      case "&":
        return next === "&" ? "command chaining (&&)" : "background jobs (&)";
      case ";":
        return "command separators (;)";
      case ">":
      case "<":
        return "redirections (< >)";
      case "(":
      case ")":
        return "subshells ( )";
      case "#":
        if (wordStart) return "comments (#)";
        break;
      default:
        break;
    }
    wordStart = ch === " " || ch === "\t";
  }
  return undefined;
}

function hasControlCharacter(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

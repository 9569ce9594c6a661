/**
 * The one rule for "which log lines say what failed" (issue #13, item 4).
 * A crashed program's last line is often a generic footer — "Background on
 * this error at: …", "exit status 1", a stack frame, `npm ERR! errno 1` — not
 * the line that says what failed. Each line gets a weight:
 *
 * - 4: the cause line of a stack trace (Java's last `Caused by:`, Python's
 *   final `pkg.SomeError: message`, Node's `Error: message` before its frames);
 * - 3: a known failure phrase ("does not exist", "connection refused",
 *   "permission denied", "no such host", "is not set", ENOTFOUND…);
 * - 2: a line at error/fatal/panic/critical level (plain prefixes, logfmt
 *   `level=error`, JSON `"level":"error"`, klog `E1127`, PostgreSQL `ERROR:`);
 * - 0: noise — stack frames, tracebacks' headers, footers, "0 errors".
 *
 * The heaviest lines win (the last two of that weight), each with the line
 * before it as context when that line is not noise; the last lines only when
 * no line weighs anything.
 */
export interface Decisive {
  /** The decisive lines with their context, in log order (at most 4). */
  lines: string[];
  /** The single line that says what failed best; undefined for an empty log. */
  cause: string | undefined;
}

const NOISE = [
  /^\s+at\s+\S/, // Java / Node stack frame
  /^\s*File "[^"]+", line \d+/, // Python frame
  /^\s*\.\.\. \d+ (?:more|common frames omitted)/,
  /^\s*Traceback \(most recent call last\):/,
  /^\s*The above exception was the direct cause/,
  /^\s*During handling of the above exception/,
  /Background on this error at:/i,
  /^\s*(?:error: )?exit status \d+\s*$/i,
  /^\s*(?:npm ERR!|npm error) (?:code|errno|path|command|syscall|A complete log|Lifecycle|Failed at|This is probably|\s*$)/i,
  /A complete log of this run can be found in/i,
  /^\s*goroutine \d+ \[/,
  /^\s*(?:\/|[A-Za-z]:\\)\S+\.go:\d+/, // Go frame file line
  /^\s*[\w./]+\([^)]*\)\s*$/, // Go frame function line
  /^\s*\^+\s*$/,
  /\b(?:no errors?|0 errors?|errors?=0|error_count=0)\b/i,
];

const CAUSE = [
  /^\s*Caused by: \S/, // Java
  /^(?:[A-Za-z_][\w]*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Warning)(?:: .+)$/, // Python's last line, Node's Error: …
  /^\s*(?:Uncaught )?(?:[A-Z]\w*)?Error: \S/, // Node / JS
  /^panic: /, // Go
  /^Exception in thread "[^"]+" \S/, // Java
];

const PHRASES =
  /\b(?:does not exist|doesn't exist|not found|no such (?:host|file|table|column|key)|connection refused|refused|permission denied|access denied|unauthori[sz]ed|forbidden|timed? ?out|deadline exceeded|cannot|can't|could not|couldn't|unable to|failed to|failure|is not set|not set|must be set|is required|missing|invalid|unknown (?:host|database|column)|duplicate key|violates|out of memory|no space left|read-only file system|too many connections|authentication failed|certificate|x509|syntax error|undefined|not allowed|denied|unreachable|reset by peer|broken pipe|EADDRINUSE|ENOTFOUND|ECONNREFUSED|EACCES|ETIMEDOUT|EAI_AGAIN|NXDOMAIN|OOMKilled|OutOfMemory|Killed)\b/i;

const LEVEL = [
  /^\s*(?:\[?\d[\d\-:T.,Z+ ]*\]?\s*)?\[?(?:ERROR|FATAL|CRITICAL|CRIT|PANIC|SEVERE|EMERG|ALERT|ERR)\]?\b/i,
  /\blevel=(?:error|fatal|panic|critical|crit)\b/i,
  /"(?:level|severity|lvl|log\.level)"\s*:\s*"(?:error|fatal|panic|critical|crit|emergency|alert|err)"/i,
  /"(?:level|severity)"\s*:\s*(?:50|60)\b/, // pino/bunyan numbers
  /^[EF]\d{4} \d{2}:\d{2}:\d{2}/, // klog
  /\b(?:ERROR|FATAL|PANIC):\s/, // PostgreSQL, Go log.Fatal
  /\[(?:error|crit|alert|emerg)\]/, // nginx
  /^\s*(?:\d{4}[-/]\d{2}[-/]\d{2}[ T][\d:.,]+\s+)?(?:ERROR|FATAL|CRITICAL)\b/,
  /\b(?:fatal|panic):/i,
  /\bexception\b/i,
  /\berror\b/i,
];

export function lineWeight(line: string): number {
  if (NOISE.some((re) => re.test(line))) return 0;
  if (CAUSE.some((re) => re.test(line))) return 4;
  if (PHRASES.test(line)) return 3;
  if (LEVEL.some((re) => re.test(line))) return 2;
  return 0;
}

/** The decisive lines of a log (oldest line first, blank lines already dropped). */
export function decisiveLines(lines: readonly string[]): Decisive {
  if (lines.length === 0) return { lines: [], cause: undefined };
  const weights = lines.map(lineWeight);
  const top = Math.max(...weights);
  if (top === 0) {
    const tail = lines.slice(-3);
    return { lines: tail, cause: tail[tail.length - 1] };
  }
  const best = weights.flatMap((w, i) => (w === top ? [i] : []));
  // Java's deepest `Caused by:` and Python's final exception line are the last of their weight.
  const chosen = best.slice(-2);
  const keep = new Set<number>();
  for (const i of chosen) {
    keep.add(i);
    const before = i - 1;
    if (before >= 0 && !NOISE.some((re) => re.test(lines[before] ?? ""))) keep.add(before);
  }
  const picked = [...keep].sort((a, b) => a - b).slice(-4);
  return {
    lines: picked.map((i) => lines[i] ?? ""),
    cause: lines[chosen[chosen.length - 1] ?? 0],
  };
}

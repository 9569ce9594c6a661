/**
 * `commandContains` of a conversation script: does a tool call's command line
 * contain what the script asks for? Commands legitimately vary in form
 * (`deploy/x` or `deployment x`, `-n shop` or `--namespace=shop`, flag order,
 * `-o wide` added), not in meaning, so the match is on kubectl's reading of
 * the line, with a plain text match as a fallback:
 *
 * - a leading `kubectl` / `k8sgpt` is dropped (and, on the expectation, limits
 *   the match to that tool); whitespace is collapsed;
 * - kubectl's reading: the expectation's positional words (verb, kind, name,
 *   arguments) appear in the command as one run, in order; kinds compare by
 *   their canonical name (`po` = `pod` = `pods`), `kind/name` = `kind name`;
 *   every flag of the expectation is in the command with the same value,
 *   anywhere (`-n x` = `--namespace x` = `--namespace=x`; `--replicas 3` =
 *   `--replicas=3`); flags the expectation does not name are free;
 * - the text match: the expectation is a part of the command line (JSON
 *   spacing and `\"` escapes ignored);
 * - either way, names match whole: an expectation that starts or ends with a
 *   letter or digit does not match inside a longer name (`-n payments` is not
 *   `-n payments-staging`); one that ends with `=`, `:`, `/` or `-` may
 *   continue (`payments-api=` matches `payments-api=ghcr.io/acme/payments-api:v2`).
 *
 * A list is a set of alternatives: any one of them matching is a match.
 */
export function matchCommand(
  expected: string | readonly string[],
  call: { tool: string; command: string },
): boolean {
  const alternatives = typeof expected === "string" ? [expected] : expected;
  return alternatives.some((e) => matchOne(e, call));
}

function matchOne(expected: string, call: { tool: string; command: string }): boolean {
  const want = stripTool(expected);
  if (want.tool !== undefined && want.tool !== call.tool) return false;
  const got = stripTool(call.command).line;
  if (containsText(compact(got), compact(want.line))) return true;
  const w = readLine(want.line);
  const g = readLine(got);
  for (const [flag, value] of w.flags) {
    const have = g.flags.get(flag);
    if (have === undefined || (value !== "" && have !== value)) return false;
  }
  if (w.words.length === 0) return w.flags.size > 0;
  return containsRun(g.words, w.words);
}

function stripTool(line: string): { tool?: string; line: string } {
  const text = line.trim().replace(/\s+/g, " ");
  const m = /^(kubectl|k8sgpt)\s+/i.exec(text);
  return m === null
    ? { line: text }
    : { tool: (m[1] as string).toLowerCase(), line: text.slice(m[0].length) };
}

/** JSON spacing and escaped quotes do not matter: `{"a": 1}` = `{"a":1}` = `{\"a\":1}`. */
function compact(line: string): string {
  return line.replace(/\\"/g, '"').replace(/\s*([{}[\]:,])\s*/g, "$1");
}

const NAME_CHAR = /[A-Za-z0-9_.-]/;
const OPEN_END = /[=:/-]$/;

/** `needle` in `hay`, not starting or ending inside a longer name. */
function containsText(hay: string, needle: string): boolean {
  if (needle === "") return false;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) {
    const before = hay[i - 1];
    const after = hay[i + needle.length];
    const startOk = !/^[A-Za-z0-9]/.test(needle) || before === undefined || !NAME_CHAR.test(before);
    const endOk = !/[A-Za-z0-9]$/.test(needle) || after === undefined || !NAME_CHAR.test(after);
    if (startOk && endOk) return true;
  }
  return false;
}

function containsRun(haystack: string[], run: string[]): boolean {
  const last = run.length - 1;
  for (let i = 0; i + run.length <= haystack.length; i++) {
    if (
      run.every((w, j) => {
        const h = haystack[i + j] ?? "";
        return h === w || (j === last && OPEN_END.test(w) && h.startsWith(w));
      })
    )
      return true;
  }
  return false;
}

/** Flags that take no value (so the next word is a positional one). */
const BOOLEAN_FLAGS = new Set([
  "all-namespaces",
  "previous",
  "watch",
  "show-labels",
  "ignore-daemonsets",
  "delete-emptydir-data",
  "force",
  "overwrite",
  "all",
  "record",
  "dry-run",
  "no-headers",
  "follow",
  "timestamps",
  "wait",
  "correlate",
  "show-managed-fields",
  "local",
  "recursive",
  "server-side",
]);

const SHORT_FLAGS: Record<string, string> = {
  n: "namespace",
  A: "all-namespaces",
  l: "selector",
  o: "output",
  c: "container",
  f: "filename",
  w: "watch",
  L: "label-columns",
};

/** Positional words (kinds canonical, `kind/name` split) and flags with their values. */
function readLine(line: string): { words: string[]; flags: Map<string, string> } {
  const tokens = line.split(" ").filter((t) => t !== "");
  // `-p` is --previous for logs, --patch elsewhere.
  const short = tokens[0] === "logs" ? { ...SHORT_FLAGS, p: "previous" } : SHORT_FLAGS;
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (t.startsWith("-") && t.length > 1 && !/^-\d/.test(t)) {
      const long = t.startsWith("--");
      const body = long ? t.slice(2) : t.slice(1);
      const eq = body.indexOf("=");
      const rawName = eq >= 0 ? body.slice(0, eq) : body;
      const name = long ? rawName : (short[rawName] ?? rawName);
      let value = eq >= 0 ? body.slice(eq + 1) : "";
      const next = tokens[i + 1];
      if (eq < 0 && !BOOLEAN_FLAGS.has(name) && next !== undefined && !next.startsWith("-")) {
        value = next;
        i++;
      }
      flags.set(name, value);
      continue;
    }
    const slash = t.indexOf("/");
    const kind = slash > 0 ? canonicalKind(t.slice(0, slash)) : undefined;
    if (kind !== undefined && !t.includes("=")) {
      words.push(kind, t.slice(slash + 1));
    } else {
      words.push(canonicalKind(t) ?? t);
    }
  }
  return { words, flags };
}

const KINDS: Record<string, string[]> = {
  pod: ["po", "pods"],
  deployment: ["deploy", "deploys", "deployments"],
  service: ["svc", "services"],
  statefulset: ["sts", "statefulsets"],
  daemonset: ["ds", "daemonsets"],
  replicaset: ["rs", "replicasets"],
  job: ["jobs"],
  cronjob: ["cj", "cronjobs"],
  node: ["no", "nodes"],
  persistentvolumeclaim: ["pvc", "pvcs", "persistentvolumeclaims"],
  persistentvolume: ["pv", "pvs", "persistentvolumes"],
  ingress: ["ing", "ingresses"],
  configmap: ["cm", "configmaps"],
  secret: ["secrets"],
  horizontalpodautoscaler: ["hpa", "hpas", "horizontalpodautoscalers"],
  networkpolicy: ["netpol", "networkpolicies"],
  namespace: ["ns", "namespaces"],
  event: ["ev", "events"],
  endpoints: ["ep"],
  serviceaccount: ["sa", "serviceaccounts"],
  resourcequota: ["quota", "resourcequotas"],
};
const CANONICAL = new Map<string, string>();
for (const [kind, aliases] of Object.entries(KINDS)) {
  CANONICAL.set(kind, kind);
  for (const a of aliases) CANONICAL.set(a, kind);
}

/** `deploy`, `Deployment`, `deployments.apps` → `deployment`. */
function canonicalKind(word: string): string | undefined {
  const w = word.toLowerCase();
  return CANONICAL.get(w) ?? CANONICAL.get(w.split(".")[0] ?? "");
}

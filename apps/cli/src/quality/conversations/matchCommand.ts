/**
 * `commandContains` of a conversation script: does a tool call's command line
 * contain what the script asks for? Commands legitimately vary in form
 * (`deploy/x` or `deployment x`, `-n shop` or `--namespace=shop`, flag order,
 * `-o wide` added), not in meaning, so the match is on kubectl's reading of
 * the line, with a plain substring as a fallback:
 *
 * - a leading `kubectl` / `k8sgpt` is dropped (and, on the expectation, limits
 *   the match to that tool); whitespace is collapsed;
 * - the expectation's positional words (verb, kind, name, arguments) appear in
 *   the command as one run, in order; kinds compare by their canonical name
 *   (`po` = `pod` = `pods`), `kind/name` = `kind name`; the last word may be
 *   the start of the command's word (`payments-api=` matches
 *   `payments-api=registry/app:v2`);
 * - every flag of the expectation is in the command with the same value,
 *   anywhere (`-n x` = `--namespace x` = `--namespace=x`; `--replicas 3` =
 *   `--replicas=3`); flags the expectation does not name are free.
 */
export function matchCommand(expected: string, call: { tool: string; command: string }): boolean {
  const want = stripTool(expected);
  if (want.tool !== undefined && want.tool !== call.tool) return false;
  const got = stripTool(call.command).line;
  if (got.includes(want.line)) return true;
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

function containsRun(haystack: string[], run: string[]): boolean {
  for (let i = 0; i + run.length <= haystack.length; i++) {
    if (
      run.every((w, j) =>
        j === run.length - 1 ? (haystack[i + j] ?? "").startsWith(w) : haystack[i + j] === w,
      )
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
  p: "previous",
  f: "filename",
  w: "watch",
  L: "label-columns",
};

/** Positional words (kinds canonical, `kind/name` split) and flags with their values. */
function readLine(line: string): { words: string[]; flags: Map<string, string> } {
  const tokens = line.split(" ").filter((t) => t !== "");
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (t.startsWith("-") && t.length > 1 && !/^-\d/.test(t)) {
      const long = t.startsWith("--");
      const body = long ? t.slice(2) : t.slice(1);
      const eq = body.indexOf("=");
      const rawName = eq >= 0 ? body.slice(0, eq) : body;
      const name = long ? rawName : (SHORT_FLAGS[rawName] ?? rawName);
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

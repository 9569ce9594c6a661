/**
 * Label selectors as the API accepts them in `?labelSelector=`: equality
 * (`a=b`, `a==b`, `a!=b`) and set-based (`a in (x,y)`, `a notin (x)`, `a`,
 * `!a`), comma-separated, all of which must hold.
 */
export type Requirement =
  | { op: "eq"; key: string; value: string }
  | { op: "neq"; key: string; value: string }
  | { op: "in"; key: string; values: string[] }
  | { op: "notin"; key: string; values: string[] }
  | { op: "exists"; key: string }
  | { op: "notexists"; key: string };

export class SelectorSyntaxError extends Error {
  override name = "SelectorSyntaxError";
}

const KEY =
  /^([a-z0-9A-Z]([-a-z0-9A-Z_.]*[a-z0-9A-Z])?\/)?[a-z0-9A-Z]([-a-z0-9A-Z_.]*[a-z0-9A-Z])?$/;

export function parseLabelSelector(text: string): Requirement[] {
  const out: Requirement[] = [];
  for (const part of splitTopLevel(text)) {
    const s = part.trim();
    if (s === "") continue;
    let m = /^(\S+?)\s+(in|notin)\s+\(([^)]*)\)$/.exec(s);
    if (m !== null) {
      const key = checkKey(m[1] ?? "");
      const values = (m[3] ?? "")
        .split(",")
        .map((v) => v.trim())
        .filter((v) => v !== "");
      out.push(m[2] === "in" ? { op: "in", key, values } : { op: "notin", key, values });
      continue;
    }
    m = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(s);
    if (m !== null) {
      const key = checkKey(m[1] ?? "");
      const value = m[3] ?? "";
      out.push(m[2] === "!=" ? { op: "neq", key, value } : { op: "eq", key, value });
      continue;
    }
    if (s.startsWith("!")) {
      out.push({ op: "notexists", key: checkKey(s.slice(1).trim()) });
      continue;
    }
    out.push({ op: "exists", key: checkKey(s) });
  }
  return out;
}

export function matchesLabels(
  reqs: readonly Requirement[],
  labels: Readonly<Record<string, string>> | undefined,
): boolean {
  const l = labels ?? {};
  for (const r of reqs) {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    const v = l[r.key];
    switch (r.op) {
      case "eq":
        if (v !== r.value) return false;
        break;
      case "neq":
        if (v === r.value) return false;
        break;
      case "in":
        if (v === undefined || !r.values.includes(v)) return false;
        break;
      case "notin":
        if (v !== undefined && r.values.includes(v)) return false;
        break;
      case "exists":
        if (!has) return false;
        break;
      case "notexists":
        if (has) return false;
        break;
    }
  }
  return true;
}

/** Selectors from workload specs (`matchLabels` + `matchExpressions`) as requirements. */
export function requirementsFromLabelSelector(selector: unknown): Requirement[] {
  const out: Requirement[] = [];
  if (typeof selector !== "object" || selector === null) return out;
  const s = selector as { matchLabels?: Record<string, unknown>; matchExpressions?: unknown[] };
  for (const [key, value] of Object.entries(s.matchLabels ?? {}))
    out.push({ op: "eq", key, value: String(value) });
  for (const e of s.matchExpressions ?? []) {
    if (typeof e !== "object" || e === null) continue;
    const { key, operator, values } = e as { key?: string; operator?: string; values?: unknown[] };
    const vs = (values ?? []).map(String);
    if (key === undefined) continue;
    if (operator === "In") out.push({ op: "in", key, values: vs });
    else if (operator === "NotIn") out.push({ op: "notin", key, values: vs });
    else if (operator === "Exists") out.push({ op: "exists", key });
    else if (operator === "DoesNotExist") out.push({ op: "notexists", key });
  }
  return out;
}

function checkKey(key: string): string {
  if (!KEY.test(key))
    throw new SelectorSyntaxError(`unable to parse requirement: invalid label key "${key}"`);
  return key;
}

/** Splits on commas that are not inside parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

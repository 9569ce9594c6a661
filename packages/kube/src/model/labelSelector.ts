import type { LabelSelector } from "./objects";

/** One parsed requirement of a label selector string. */
export type Requirement =
  | { key: string; op: "=" | "!="; value: string }
  | { key: string; op: "in" | "notin"; values: string[] }
  | { key: string; op: "exists" | "!" };

export type Labels = Readonly<Record<string, string>> | null | undefined;

/**
 * Parses Kubernetes label-selector syntax (`a=b`, `a==b`, `a!=b`,
 * `a in (x,y)`, `a notin (x)`, `a`, `!a`, comma-separated). Throws on
 * malformed input with a message that quotes it.
 */
export function parseLabelSelector(selector: string): Requirement[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of selector) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  if (depth !== 0) throw new Error(`unbalanced parentheses in label selector "${selector}"`);
  parts.push(current);
  const out: Requirement[] = [];
  for (const raw of parts) {
    const part = raw.trim();
    if (part === "") {
      if (parts.length === 1) continue;
      throw new Error(`empty requirement in label selector "${selector}"`);
    }
    out.push(parseRequirement(part, selector));
  }
  return out;
}

const KEY = String.raw`[A-Za-z0-9][-A-Za-z0-9_./]*`;
const VALUE = String.raw`[-A-Za-z0-9_.]*`;
const SET = new RegExp(String.raw`^(${KEY})\s+(in|notin)\s*\(([^)]*)\)$`);
const EQ = new RegExp(String.raw`^(${KEY})\s*(==|=|!=)\s*(${VALUE})$`);
const EXISTS = new RegExp(String.raw`^(!?)\s*(${KEY})$`);

function parseRequirement(part: string, selector: string): Requirement {
  const set = SET.exec(part);
  if (set !== null) {
    const values = (set[3] ?? "").split(",").map((v) => v.trim());
    if (values.some((v) => !new RegExp(`^${VALUE}$`).test(v)))
      throw new Error(`invalid value in "${part}" of label selector "${selector}"`);
    return { key: set[1] ?? "", op: set[2] === "in" ? "in" : "notin", values };
  }
  const eq = EQ.exec(part);
  if (eq !== null) return { key: eq[1] ?? "", op: eq[2] === "!=" ? "!=" : "=", value: eq[3] ?? "" };
  const exists = EXISTS.exec(part);
  if (exists !== null) return { key: exists[2] ?? "", op: exists[1] === "!" ? "!" : "exists" };
  throw new Error(`cannot parse "${part}" in label selector "${selector}"`);
}

export function matchesRequirements(requirements: readonly Requirement[], labels: Labels): boolean {
  const l = labels ?? {};
  for (const r of requirements) {
    const has = Object.hasOwn(l, r.key);
    const v = l[r.key];
    switch (r.op) {
      case "=":
        if (v !== r.value) return false;
        break;
      case "!=":
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
      case "!":
        if (has) return false;
        break;
    }
  }
  return true;
}

/**
 * Matches a `LabelSelector` object (matchLabels + matchExpressions). An empty
 * selector matches everything; a null or absent one matches nothing, as the
 * API defines for workload and policy selectors.
 */
export function matchesLabelSelector(
  selector: LabelSelector | null | undefined,
  labels: Labels,
): boolean {
  if (selector == null) return false;
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (l[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const v = l[e.key];
    const values = e.values ?? [];
    switch (e.operator) {
      case "In":
        if (v === undefined || !values.includes(v)) return false;
        break;
      case "NotIn":
        if (v !== undefined && values.includes(v)) return false;
        break;
      case "Exists":
        if (v === undefined) return false;
        break;
      case "DoesNotExist":
        if (v !== undefined) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** Matches a Service-style equality map; an empty map matches nothing (a Service without selector selects no pods). */
export function matchesEqualityMap(
  selector: Readonly<Record<string, string>> | null | undefined,
  labels: Labels,
): boolean {
  const entries = Object.entries(selector ?? {});
  if (entries.length === 0) return false;
  const l = labels ?? {};
  return entries.every(([k, v]) => l[k] === v);
}

/** `k=v,k2=v2`, the way kubectl prints an equality selector. */
export function formatEqualityMap(
  selector: Readonly<Record<string, string>> | null | undefined,
): string {
  return Object.entries(selector ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
}

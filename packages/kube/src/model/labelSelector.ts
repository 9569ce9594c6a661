import { KubeError } from "../errors";
import type { LabelSelector } from "./objects";

/** One parsed requirement of a label selector string. */
export type Requirement =
  | { key: string; op: "=" | "!="; value: string }
  | { key: string; op: "in" | "notin"; values: string[] }
  | { key: string; op: "exists" | "!" };

export type Labels = Readonly<Record<string, string>> | null | undefined;

/**
 * Parses Kubernetes label-selector syntax (`a=b`, `a==b`, `a!=b`,
 * `a in (x,y)`, `a notin (x)`, `a`, `!a`, comma-separated) as apimachinery's
 * `labels.Parse` reads it: `a in(x)` and `! a` are valid, a trailing or
 * doubled comma is not. Throws a `usage` KubeError on malformed input, with a
 * message that quotes it.
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
  if (depth !== 0)
    throw new KubeError("usage", `unbalanced parentheses in label selector "${selector}"`);
  parts.push(current);
  const out: Requirement[] = [];
  for (const raw of parts) {
    const part = raw.trim();
    if (part === "") {
      if (parts.length === 1) continue;
      throw new KubeError("usage", `empty requirement in label selector "${selector}"`);
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
      throw new KubeError("usage", `invalid value in "${part}" of label selector "${selector}"`);
    return { key: set[1] ?? "", op: set[2] === "in" ? "in" : "notin", values };
  }
  const eq = EQ.exec(part);
  if (eq !== null) return { key: eq[1] ?? "", op: eq[2] === "!=" ? "!=" : "=", value: eq[3] ?? "" };
  const exists = EXISTS.exec(part);
  if (exists !== null) return { key: exists[2] ?? "", op: exists[1] === "!" ? "!" : "exists" };
  throw new KubeError("usage", `cannot parse "${part}" in label selector "${selector}"`);
}

/** Whether labels match parsed requirements (every one of them). */
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

/**
 * `k=v,k2=v2`, keys sorted, the way apimachinery's `labels.FormatLabels`
 * prints an equality selector (without its `<none>`: callers word the empty
 * case). Sorted so one selector always reads, and greps, the same.
 */
export function formatEqualityMap(
  selector: Readonly<Record<string, unknown>> | null | undefined,
): string {
  return Object.keys(selector ?? {})
    .sort()
    .map((k) => `${k}=${String(selector?.[k])}`)
    .join(",");
}

const OPERATOR_WORDS: Readonly<Record<string, string>> = { In: " in ", NotIn: " notin " };

/**
 * A LabelSelector as apimachinery's `FormatLabelSelector` prints it, which is
 * also what `-l` accepts: requirements sorted by key, `key=value` for
 * matchLabels, `key in (a,b)` / `key notin (a,b)` with sorted values, `key`
 * for Exists, `!key` for DoesNotExist. "" when it has no requirement (callers
 * word that: kubectl's `<none>`, "every pod"…); an unknown operator is
 * skipped. Takes wire data, so anything that is not a selector reads as empty.
 */
export function formatLabelSelector(selector: unknown): string {
  if (typeof selector !== "object" || selector === null) return "";
  const s = selector as { matchLabels?: unknown; matchExpressions?: unknown };
  const parts: { key: string; text: string }[] = [];
  const labels = typeof s.matchLabels === "object" && s.matchLabels !== null ? s.matchLabels : {};
  for (const [key, value] of Object.entries(labels))
    parts.push({ key, text: `${key}=${String(value)}` });
  for (const e of Array.isArray(s.matchExpressions) ? (s.matchExpressions as unknown[]) : []) {
    if (typeof e !== "object" || e === null) continue;
    const { key: rawKey, operator } = e as { key?: unknown; operator?: unknown };
    const key = typeof rawKey === "string" ? rawKey : "";
    const values = (e as { values?: unknown }).values;
    const word = typeof operator === "string" ? OPERATOR_WORDS[operator] : undefined;
    if (word !== undefined) {
      const list = (Array.isArray(values) ? values.map(String) : []).sort().join(",");
      parts.push({ key, text: `${key}${word}(${list})` });
    } else if (operator === "Exists") parts.push({ key, text: key });
    else if (operator === "DoesNotExist") parts.push({ key, text: `!${key}` });
  }
  return parts
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((p) => p.text)
    .join(",");
}

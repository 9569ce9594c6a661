import { KubeError } from "../../errors";

/**
 * Whether labels match a label selector string (`a=b,c!=d,e,!f,g in (h,i),j notin (k)`),
 * for filters the API cannot apply server-side (drain's --pod-selector).
 */
export function matchesSelector(labels: Record<string, string>, selector: string): boolean {
  return splitRequirements(selector).every((req) => matches(labels, req.trim()));
}

function splitRequirements(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    if (selector[i] === "(") depth++;
    else if (selector[i] === ")") depth--;
    else if (selector[i] === "," && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts.filter((p) => p.trim() !== "");
}

function matches(labels: Record<string, string>, req: string): boolean {
  let m = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(req);
  if (m) {
    const values = m[3]!.split(",").map((v) => v.trim());
    const has = m[1]! in labels && values.includes(labels[m[1]!]!);
    return m[2] === "in" ? has : !has;
  }
  m = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(req);
  if (m) {
    const equal = labels[m[1]!] === m[3];
    return m[2] === "!=" ? !equal : equal;
  }
  if (/^![^=!\s]+$/.test(req)) return !(req.slice(1) in labels);
  if (/^[^=!\s()]+$/.test(req)) return req in labels;
  throw new KubeError("usage", `invalid label selector requirement "${req}"`);
}

/** A Pod Security admission refusal, decoded from the API server's message. */
export interface PodSecurityRefusal {
  /** `restricted`, `baseline`. */
  level: string;
  /** `latest`, `v1.32`. */
  version: string;
  /** Each failed check with what it asks for: `allowPrivilegeEscalation != false` → `container "x" must set …`. */
  violations: { check: string; detail: string }[];
  /** Containers the message names. */
  containers: string[];
}

const VIOLATES = /violates PodSecurity "([\w-]+):([\w.-]+)": (.+)$/s;

/**
 * Parses `pods "x" is forbidden: violates PodSecurity "restricted:latest":
 * allowPrivilegeEscalation != false (container "app" must set …), …`;
 * undefined for any other message.
 */
export function parsePodSecurity(message: string): PodSecurityRefusal | undefined {
  const m = VIOLATES.exec(message);
  if (m === null) return undefined;
  const violations: { check: string; detail: string }[] = [];
  // Checks are `name (detail)` joined by ", "; details never nest parentheses.
  for (const v of (m[3] ?? "").matchAll(/\s*([^,(][^(]*?)\s*\(([^()]*)\)(?:,|$)/g))
    violations.push({ check: (v[1] ?? "").trim(), detail: (v[2] ?? "").trim() });
  const containers = [
    ...new Set([...(m[3] ?? "").matchAll(/containers? "([^"]+)"/g)].map((c) => c[1] ?? "")),
  ].filter((c) => c !== "");
  return { level: m[1] ?? "", version: m[2] ?? "", violations, containers };
}

import type { ObjectRef, RootCauseCandidate } from "@kubemedic/protocol";

const key = (r: ObjectRef) =>
  r.namespace === undefined ? `${r.kind}/${r.name}` : `${r.kind}/${r.namespace}/${r.name}`;

/** The ranked candidates as readable text: cause, affected objects, evidence with its command, fixes with their risk. */
export function formatCandidatesText(candidates: readonly RootCauseCandidate[]): string {
  if (candidates.length === 0)
    return "Root causes: none found — every correlated object looks healthy.\n";
  const lines: string[] = ["Root causes (most likely first):"];
  for (const [i, c] of candidates.entries()) {
    lines.push(
      "",
      `${i + 1}. [${c.category}, ${c.severity}, score ${c.score.toFixed(2)}] ${key(c.primary)}`,
    );
    lines.push(`   ${c.summary}`);
    lines.push(`   Root cause: ${c.rootCause}`);
    if (c.related.length > 0)
      lines.push(
        `   Affected: ${c.related.map((r) => `${key(r)}${r.status === undefined ? "" : ` (${r.status})`}`).join(", ")}`,
      );
    if (c.evidence.length > 0) lines.push("   Evidence:");
    for (const e of c.evidence) {
      lines.push(`   - ${e.source}${e.command === undefined ? "" : `: kubectl ${e.command}`}`);
      for (const l of e.excerpt.split("\n")) lines.push(`       ${l}`);
    }
    if (c.fixes.length > 0) lines.push("   Fixes:");
    for (const f of c.fixes) {
      lines.push(`   - ${f.title} [${f.risk}${f.requiresApproval ? ", needs approval" : ""}]`);
      if (f.command !== undefined) lines.push(`       kubectl ${f.command}`);
      lines.push(`       ${f.rationale}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

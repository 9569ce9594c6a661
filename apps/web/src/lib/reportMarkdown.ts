import type { DiagnosisReport } from "@kubemedic/protocol";
import { evidenceCommandLine, kubectlLine } from "./commandLine";
import { resourceLabel } from "./format";

/**
 * The report as Markdown, for "copy" and for the export of a report the server
 * has not stored yet (a stored one downloads from the server's own export).
 */
export function reportToMarkdown(report: DiagnosisReport, title = "Diagnosis"): string {
  const lines: string[] = [
    `# ${title}`,
    "",
    `**${report.severity.toUpperCase()}** · ${report.category} · confidence ${Math.round(report.confidence * 100)}%`,
    "",
    report.summary,
    "",
    "## Root cause",
    "",
    report.rootCause,
  ];
  if (report.affectedResources.length > 0) {
    lines.push("", "## Affected resources", "");
    for (const r of report.affectedResources) {
      lines.push(`- \`${resourceLabel(r)}\`${r.status === undefined ? "" : ` — ${r.status}`}`);
    }
  }
  if (report.evidence.length > 0) {
    lines.push("", "## Evidence", "");
    for (const e of report.evidence) {
      const line = evidenceCommandLine(e);
      lines.push(`- **${e.source}**${line === null ? "" : `: \`${line}\``}`);
      lines.push("", fence(e.excerpt, "text", "  "), "");
    }
  }
  if (report.recommendations.length > 0) {
    lines.push("", "## Recommendations", "");
    report.recommendations.forEach((r, i) => {
      const approval = r.requiresApproval ? ", needs approval" : "";
      lines.push(`${i + 1}. **${r.title}** (risk: ${r.risk}${approval})`);
      if (r.rationale !== "") lines.push(`   ${r.rationale}`);
      if (r.command !== undefined) lines.push("", fence(kubectlLine(r.command), "sh", "   "), "");
    });
  }
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

/** A fenced block long enough never to be closed by a backtick run inside `text`. */
function fence(text: string, lang: string, indent: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const bar = "`".repeat(longest + 1);
  return [`${bar}${lang}`, ...text.split("\n"), bar].map((l) => indent + l).join("\n");
}

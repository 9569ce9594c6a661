import { evidenceCommandLine, kubectlLine } from "./command-line";
import type { DiagnosisReport } from "./report";

/** What a stored report knows beyond itself; a report not stored yet has none of it. */
export interface ReportMarkdownMeta {
  conversationTitle?: string;
  createdAt?: string;
  degraded?: boolean;
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
}

/** A fence longer than any backtick run in `text`, so evidence can never close its own block. */
export function fenceFor(text: string): string {
  return "`".repeat(Math.max(3, longestBacktickRun(text) + 1));
}

function codeBlock(text: string, lang: string): string {
  const fence = fenceFor(text);
  return `${fence}${lang}\n${text.replace(/\n+$/, "")}\n${fence}`;
}

/** Inline code that survives backticks inside it. */
function inlineCode(text: string): string {
  const ticks = "`".repeat(longestBacktickRun(text) + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** Text on one line of a table or list item: no line breaks, no pipes breaking the table. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

const SEVERITY_ICON: Record<DiagnosisReport["severity"], string> = {
  critical: "🔴",
  high: "🟠",
  medium: "🟡",
  low: "🔵",
  info: "⚪",
};

/**
 * A report as a Markdown document a person reads in a ticket or a wiki:
 * headings, a summary table, the root cause, the affected objects, each
 * evidence excerpt in a code block under the command that produced it, and
 * the recommendations with their exact commands and risk. One renderer for
 * the server's export and the browser's copy, so both give the same document.
 */
export function reportMarkdown(report: DiagnosisReport, meta: ReportMarkdownMeta = {}): string {
  const out: string[] = [];
  out.push(`# Diagnosis: ${report.category} (${report.severity})`, "");
  out.push(`> ${oneLine(report.summary)}`, "");
  out.push("| | |", "| --- | --- |");
  out.push(`| Category | ${report.category} |`);
  out.push(`| Severity | ${SEVERITY_ICON[report.severity]} ${report.severity} |`);
  out.push(`| Confidence | ${Math.round(report.confidence * 100)} % |`);
  if (meta.conversationTitle !== undefined) {
    out.push(`| Conversation | ${oneLine(meta.conversationTitle)} |`);
  }
  if (meta.createdAt !== undefined) out.push(`| Created | ${meta.createdAt} |`);
  if (meta.degraded === true) {
    out.push(`| Note | the model's report could not be validated; this one is degraded |`);
  }
  out.push("", "## Root cause", "", report.rootCause.trim(), "");

  out.push("## Affected resources", "");
  if (report.affectedResources.length === 0) out.push("None listed.");
  report.affectedResources.forEach((r, i) => {
    const name = r.namespace === undefined ? r.name : `${r.namespace}/${r.name}`;
    const status = r.status === undefined ? "" : ` — ${oneLine(r.status)}`;
    const first = i === 0 && report.category !== "Healthy" ? " (root cause)" : "";
    out.push(`- **${r.kind}** ${inlineCode(name)}${status}${first}`);
  });
  out.push("");

  out.push("## Evidence", "");
  if (report.evidence.length === 0) out.push("None recorded.", "");
  report.evidence.forEach((e, i) => {
    const line = evidenceCommandLine(e);
    const source = line === null ? e.source : `${e.source} — ${inlineCode(line)}`;
    out.push(`### ${i + 1}. ${source}`, "", codeBlock(e.excerpt, "text"), "");
  });

  out.push("## Recommendations", "");
  if (report.recommendations.length === 0) out.push("None.", "");
  report.recommendations.forEach((r, i) => {
    const approval = r.requiresApproval ? ", needs approval" : "";
    out.push(`${i + 1}. **${oneLine(r.title)}** — risk: ${r.risk}${approval}`);
    if (r.rationale.trim() !== "") out.push("", `   ${oneLine(r.rationale)}`);
    if (r.command !== undefined) {
      out.push(
        "",
        ...codeBlock(kubectlLine(r.command), "sh")
          .split("\n")
          .map((l) => `   ${l}`),
      );
    }
    out.push("");
  });
  out.push("---", "", "_Exported from kubemedic._", "");
  return out.join("\n");
}

import type { DiagnosisReport } from "@kubemedic/protocol";

export interface ReportMeta {
  conversationTitle: string;
  createdAt: string;
  degraded: boolean;
}

/** A fence longer than any backtick run in `text`, so evidence can never close its own block. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

function codeBlock(text: string, lang: string): string {
  const fence = fenceFor(text);
  return `${fence}${lang}\n${text.replace(/\n+$/, "")}\n${fence}`;
}

/** Inline code that survives backticks inside it. */
function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
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
 * the recommendations with their exact commands and risk.
 */
export function reportMarkdown(report: DiagnosisReport, meta: ReportMeta): string {
  const out: string[] = [];
  out.push(`# Diagnosis: ${report.category} (${report.severity})`, "");
  out.push(`> ${oneLine(report.summary)}`, "");
  out.push("| | |", "| --- | --- |");
  out.push(`| Category | ${report.category} |`);
  out.push(`| Severity | ${SEVERITY_ICON[report.severity]} ${report.severity} |`);
  out.push(`| Confidence | ${Math.round(report.confidence * 100)} % |`);
  out.push(`| Conversation | ${oneLine(meta.conversationTitle)} |`);
  out.push(`| Created | ${meta.createdAt} |`);
  if (meta.degraded) {
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
    const source =
      e.command === undefined ? e.source : `${e.source} — ${inlineCode(commandLine(e))}`;
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
        ...codeBlock(`kubectl ${r.command}`, "sh")
          .split("\n")
          .map((l) => `   ${l}`),
      );
    }
    out.push("");
  });
  out.push("---", "", "_Exported from kubemedic._", "");
  return out.join("\n");
}

function commandLine(e: DiagnosisReport["evidence"][number]): string {
  const command = e.command ?? "";
  return e.source === "analyzer" || command.startsWith("k8sgpt") ? command : `kubectl ${command}`;
}

import { evidenceCommandLine, kubectlLine } from "./command-line";
import type { DiagnosisCause, DiagnosisReport } from "./report";

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

/** Markdown heading marks at a level, capped at the six Markdown has. */
function heading(level: number, text: string): string {
  return `${"#".repeat(Math.min(6, level))} ${text}`;
}

/**
 * One cause's sections, their headings at `level`: the root cause, the
 * affected objects, each evidence excerpt in a code block under the command
 * that produced it, and the recommendations with their exact commands and risk.
 */
function causeSections(cause: DiagnosisCause, level: number): string[] {
  const out: string[] = [];
  out.push(heading(level, "Root cause"), "", cause.rootCause.trim(), "");

  out.push(heading(level, "Affected resources"), "");
  if (cause.affectedResources.length === 0) out.push("None listed.");
  cause.affectedResources.forEach((r, i) => {
    const name = r.namespace === undefined ? r.name : `${r.namespace}/${r.name}`;
    const status = r.status === undefined ? "" : ` — ${oneLine(r.status)}`;
    const first = i === 0 && cause.category !== "Healthy" ? " (root cause)" : "";
    out.push(`- **${r.kind}** ${inlineCode(name)}${status}${first}`);
  });
  out.push("");

  out.push(heading(level, "Evidence"), "");
  if (cause.evidence.length === 0) out.push("None recorded.", "");
  cause.evidence.forEach((e, i) => {
    const line = evidenceCommandLine(e);
    const source = line === null ? e.source : `${e.source} — ${inlineCode(line)}`;
    out.push(heading(level + 1, `${i + 1}. ${source}`), "", codeBlock(e.excerpt, "text"), "");
  });

  out.push(heading(level, "Recommendations"), "");
  if (cause.recommendations.length === 0) out.push("None.", "");
  cause.recommendations.forEach((r, i) => {
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
  return out;
}

/**
 * A report as a Markdown document a person reads in a ticket or a wiki:
 * headings, a summary table, then the cause's sections. A combined report
 * (`causes[]` with several entries) gets one section per cause, in its
 * ranking, each with its own category, severity, confidence and sections:
 * its top-level fields only repeat the first cause, so rendering them alone
 * would drop every other cause. One renderer for the server's export and the
 * browser's copy, so both give the same document.
 */
export function reportMarkdown(report: DiagnosisReport, meta: ReportMarkdownMeta = {}): string {
  const causes = report.causes ?? [];
  const combined = causes.length > 1;
  const out: string[] = [];
  out.push(
    combined
      ? `# Diagnosis: ${causes.length} independent problems (${report.severity})`
      : `# Diagnosis: ${report.category} (${report.severity})`,
    "",
  );
  out.push(`> ${oneLine(report.summary)}`, "");
  out.push("| | |", "| --- | --- |");
  if (combined) {
    out.push(`| Causes | ${causes.map((c) => c.category).join(", ")} |`);
  } else {
    out.push(`| Category | ${report.category} |`);
  }
  out.push(`| Severity | ${SEVERITY_ICON[report.severity]} ${report.severity} |`);
  if (!combined) out.push(`| Confidence | ${Math.round(report.confidence * 100)} % |`);
  if (meta.conversationTitle !== undefined) {
    out.push(`| Conversation | ${oneLine(meta.conversationTitle)} |`);
  }
  if (meta.createdAt !== undefined) out.push(`| Created | ${meta.createdAt} |`);
  if (meta.degraded === true) {
    out.push(`| Note | the model's report could not be validated; this one is degraded |`);
  }
  out.push("");

  if (!combined) {
    out.push(...causeSections(report, 2));
  } else {
    causes.forEach((cause, i) => {
      out.push(heading(2, `Cause ${i + 1}: ${cause.category} (${cause.severity})`), "");
      out.push(`> ${oneLine(cause.summary)}`, "");
      out.push(
        `Severity: ${SEVERITY_ICON[cause.severity]} ${cause.severity} · Confidence: ${Math.round(cause.confidence * 100)} %`,
        "",
      );
      out.push(...causeSections(cause, 3));
    });
  }
  out.push("---", "", "_Exported from kubemedic._", "");
  return out.join("\n");
}

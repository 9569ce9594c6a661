import type { QualityReport, ScenarioResult } from "./QualityReport";

const HEADERS = [
  "SCENARIO",
  "EXPECTED",
  "GOT",
  "RESULT",
  "ANALYZERS",
  "+CORRELATION",
  "FALSE",
  "TIME",
  "REASON",
];

/**
 * The run as an aligned table, one row per scenario (the reason last, so a
 * long one never pushes the other columns), then the totals.
 */
export function formatQualityTable(report: QualityReport): string {
  const rows = report.scenarios.map(cells);
  const widths = HEADERS.map((h, i) =>
    i === HEADERS.length - 1 ? 0 : Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)),
  );
  const line = (cols: string[]): string =>
    cols
      .map((c, i) => (i === cols.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const t = report.totals;
  const times = report.scenarios.map((s) => s.durationMs.total).sort((a, b) => a - b);
  const median = times.length === 0 ? 0 : (times[Math.floor((times.length - 1) / 2)] ?? 0);
  return [
    line(HEADERS),
    ...rows.map(line),
    "",
    `Totals: ${t.scenarios} scenarios, ${t.passed} passed, ${t.failed} failed, ${t.errors} error${t.errors === 1 ? "" : "s"}`,
    `  diagnoses passing the brief's rule: ${t.diagnosesPassed}/${t.scenarios}`,
    `  analyzer recall, strict (the findings alone name the expected object): ${ratio(t.analyzerRecall)}`,
    `  analyzer recall, correlation-assisted (or correlation ranks it first): ${ratio(t.analyzerRecallWithCorrelation)}`,
    `  false findings in healthy namespaces: ${t.falseFindings}`,
    ...fixLines(report),
    `  time: ${seconds(report.durationMs)} (median ${seconds(median)} per scenario, concurrency ${report.concurrency}); model: ${report.model}`,
  ].join("\n");
}

/** `--fix`: resolution rate, approvals per resolution, time to verified. */
function fixLines(report: QualityReport): string[] {
  const f = report.totals.fix;
  if (f === undefined) return [];
  return [
    `  fixes resolved (judged from the cluster's state): ${ratio({ hits: f.resolved, of: f.fixable })}; median approvals ${f.medianApprovals ?? "n/a"}; median time to verified ${f.medianMsToVerified === null ? "n/a" : seconds(f.medianMsToVerified)}`,
    `  unfixable faults declined with a reason: ${ratio({ hits: f.declined, of: f.unfixable })}`,
  ];
}

function cells(r: ScenarioResult): string[] {
  return [
    r.name,
    r.expected?.category ?? "—",
    r.diagnosis?.category ?? (r.status === "error" ? "—" : "(no report)"),
    r.status === "pass" ? "pass" : r.status === "fail" ? "FAIL" : "ERROR",
    analyzers(r),
    r.analyzers?.recallWithCorrelation == null
      ? "—"
      : r.analyzers.recallWithCorrelation
        ? "hit"
        : "miss",
    r.analyzers === null ? "—" : String(r.analyzers.falseFindings.length),
    seconds(r.durationMs.total),
    r.reasons.join("; "),
  ];
}

function analyzers(r: ScenarioResult): string {
  const a = r.analyzers;
  if (a === null) return "—";
  if (a.recall === null) return `n/a (${a.findings} finding${a.findings === 1 ? "" : "s"})`;
  if (a.recall) return `hit ${a.matched?.split("/")[0] ?? ""}`;
  return `miss (${a.findings} finding${a.findings === 1 ? "" : "s"})`;
}

function ratio({ hits, of }: { hits: number; of: number }): string {
  return of === 0 ? "n/a" : `${hits}/${of} (${Math.round((hits / of) * 100)}%)`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

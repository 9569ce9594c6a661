import type { ConversationResult, QualityReport } from "../QualityReport";

const HEADERS = ["SCRIPT", "SCENARIO", "TURNS", "EXPECT", "RESULT", "TIME", "REASON"];

/**
 * The conversation scripts as an aligned table (the first failed expectation
 * as the reason), then every failed expectation with what happened instead,
 * then the totals.
 */
export function formatConversationTable(report: QualityReport): string {
  const rows = report.conversations.map(cells);
  const widths = HEADERS.map((h, i) =>
    i === HEADERS.length - 1 ? 0 : Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)),
  );
  const line = (cols: string[]): string =>
    cols
      .map((c, i) => (i === cols.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const failures = report.conversations.filter((r) => r.status !== "pass").flatMap(details);
  const c = report.totals.conversations;
  return [
    line(HEADERS),
    ...rows.map(line),
    ...(failures.length === 0
      ? []
      : ["", "Failed expectations (what happened instead):", ...failures]),
    "",
    `Conversations: ${c.scripts} scripts, ${c.passed} passed, ${c.failed} failed, ${c.errors} error${c.errors === 1 ? "" : "s"}`,
    `  turns: ${c.turns}; expectations met: ${c.expectations.passed}/${c.expectations.of}; model: ${report.model}`,
  ].join("\n");
}

function cells(r: ConversationResult): string[] {
  const all = r.turns.flatMap((t) => t.expectations);
  return [
    r.name,
    r.scenario.join("+") || "—",
    String(r.turns.length),
    r.status === "error" && all.length === 0
      ? "—"
      : `${all.filter((e) => e.passed).length}/${all.length}`,
    r.status === "pass" ? "pass" : r.status === "fail" ? "FAIL" : "ERROR",
    `${(r.durationMs / 1000).toFixed(1)}s`,
    r.reasons[0] === undefined
      ? ""
      : `${oneLine(r.reasons[0], 120)}${r.reasons.length > 1 ? ` (+${r.reasons.length - 1} more)` : ""}`,
  ];
}

/** Each failed expectation of a script, indented under its name and turn. */
function details(r: ConversationResult): string[] {
  if (r.status === "error")
    return [`${r.name} (${r.file})`, `  error: ${r.error ?? r.reasons.join("; ")}`];
  const out = [`${r.name} (${r.file})`];
  r.turns.forEach((t, i) => {
    const failed = t.expectations.filter((e) => !e.passed);
    if (failed.length === 0) return;
    out.push(`  turn ${i + 1} ${JSON.stringify(oneLine(t.user, 80))}:`);
    for (const e of failed)
      out.push(`    ${e.name}: expected ${e.expected}`, `      got ${oneLine(e.got, 400)}`);
  });
  return out;
}

function oneLine(s: string, n: number): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length <= n ? one : `${one.slice(0, n - 1)}…`;
}

import type {
  ConversationResult,
  ConversationTotals,
  FixTotals,
  QualityTotals,
  ScenarioResult,
} from "./QualityReport";

/** The totals line and the per-category counts of a run. */
export function qualityTotals(
  rows: readonly ScenarioResult[],
  conversations: readonly ConversationResult[] = [],
): QualityTotals {
  const byCategory: QualityTotals["byCategory"] = {};
  let hits = 0;
  let assisted = 0;
  let of = 0;
  for (const r of rows) {
    if (r.expected !== null) {
      const c = (byCategory[r.expected.category] ??= { scenarios: 0, passed: 0 });
      c.scenarios++;
      if (r.score?.passed === true) c.passed++;
    }
    if (r.analyzers?.recall != null) {
      of++;
      if (r.analyzers.recall) hits++;
      if (r.analyzers.recallWithCorrelation === true) assisted++;
    }
  }
  return {
    scenarios: rows.length,
    passed: rows.filter((r) => r.status === "pass").length,
    failed: rows.filter((r) => r.status === "fail").length,
    errors: rows.filter((r) => r.status === "error").length,
    diagnosesPassed: rows.filter((r) => r.score?.passed === true).length,
    analyzerRecall: { hits, of },
    analyzerRecallWithCorrelation: { hits: assisted, of },
    falseFindings: rows.reduce((n, r) => n + (r.analyzers?.falseFindings.length ?? 0), 0),
    byCategory,
    conversations: conversationTotals(conversations),
    ...(rows.some((r) => r.fix !== undefined) ? { fix: fixTotals(rows) } : {}),
  };
}

/** Resolution rate, approvals per resolution and time to verified (`--fix`). */
function fixTotals(rows: readonly ScenarioResult[]): FixTotals {
  const fixes = rows.flatMap((r) => (r.fix === undefined ? [] : [r.fix]));
  const resolved = fixes.filter((f) => f.fixable && f.status === "pass");
  return {
    fixable: fixes.filter((f) => f.fixable).length,
    resolved: resolved.length,
    unfixable: fixes.filter((f) => !f.fixable).length,
    declined: fixes.filter((f) => !f.fixable && f.status === "pass").length,
    medianApprovals: median(resolved.map((f) => f.approvals)),
    medianMsToVerified: median(
      resolved.flatMap((f) => (f.msToVerified === null ? [] : [f.msToVerified])),
    ),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Scripts by status, and their turns and expectations. */
function conversationTotals(rows: readonly ConversationResult[]): ConversationTotals {
  const expectations = rows.flatMap((r) => r.turns.flatMap((t) => t.expectations));
  return {
    scripts: rows.length,
    passed: rows.filter((r) => r.status === "pass").length,
    failed: rows.filter((r) => r.status === "fail").length,
    errors: rows.filter((r) => r.status === "error").length,
    turns: rows.reduce((n, r) => n + r.turns.length, 0),
    expectations: { passed: expectations.filter((e) => e.passed).length, of: expectations.length },
  };
}

import type { ExpectedCause } from "../scenario/scenario";
import {
  containsResource,
  scoreDiagnosis,
  type ScorableReport,
  type ScoreResult,
} from "./score-diagnosis";

/** A report that may carry several causes (`DiagnosisReport.causes`), each scorable on its own. */
export interface ScorableMultiReport extends ScorableReport {
  causes?: readonly ScorableReport[] | undefined;
}

export interface CausesScore {
  passed: boolean;
  /** One entry per expected cause: the best-scoring cause of the report for it. */
  expected: { resource: string; found: boolean; score: ScoreResult }[];
  /** Causes of the report that name none of the expected causes' objects. */
  invented: { category: string; resource: string }[];
}

/**
 * The multi-cause rule: every expected cause is named by one cause of the
 * report that passes the single-cause rule for it, and the report invents
 * none — each of its causes names at least one expected cause's object among
 * its affected resources (a second angle on a real cause is a duplicate, not
 * an invention). A report without `causes` is read as its single cause.
 */
export function scoreCauses(
  report: ScorableMultiReport,
  causes: readonly ExpectedCause[],
): CausesScore {
  const given: readonly ScorableReport[] =
    report.causes !== undefined && report.causes.length > 0 ? report.causes : [report];
  const expected = causes.map((cause) => {
    const scores = given.map((g) => scoreDiagnosis(g, cause));
    const best =
      scores.find((s) => s.passed) ??
      scores.sort((a, b) => points(b) - points(a))[0] ??
      scoreDiagnosis({ category: "", rootCause: "", affectedResources: [], evidence: [] }, cause);
    return { resource: cause.resource, found: best.passed, score: best };
  });
  const invented = given
    .filter((g) => !causes.some((c) => containsResource(g.affectedResources, c.resource)))
    .map((g) => {
      const first = g.affectedResources[0];
      const resource =
        first === undefined
          ? "(no object)"
          : [first.kind, first.namespace, first.name].filter((p) => p !== undefined).join("/");
      return { category: g.category, resource };
    });
  return {
    passed: expected.every((e) => e.found) && invented.length === 0,
    expected,
    invented,
  };
}

function points(s: ScoreResult): number {
  return (s.category ? 2 : 0) + (s.resource ? 2 : 0) + s.mentions.filter((m) => m.found).length;
}

import type { ScenarioExpect } from "../scenario/scenario";

/** The parts of a `DiagnosisReport` the pass rule reads (structural: no import of the protocol). */
export interface ScorableReport {
  category: string;
  rootCause: string;
  affectedResources: readonly { kind: string; namespace?: string | undefined; name: string }[];
  evidence: readonly { excerpt: string }[];
}

export interface ScoreResult {
  passed: boolean;
  category: boolean;
  resource: boolean;
  mentions: { text: string; found: boolean }[];
}

/**
 * The brief's pass rule: the category equals the expected one, the affected
 * resources contain the expected object, and every expected mention appears
 * (case-insensitively) in the root cause or an evidence excerpt.
 *
 * Matching of `expect.resource` ("Kind/namespace/name" or "Kind/name"): kinds
 * compare case-insensitively (reports write "deployment" as often as
 * "Deployment"), names exactly; a namespaced expectation needs the same
 * namespace, a cluster-scoped one accepts any (a report may attach the scope).
 */
export function scoreDiagnosis(report: ScorableReport, expect: ScenarioExpect): ScoreResult {
  const category = report.category === expect.category;
  const resource = containsResource(report.affectedResources, expect.resource);
  const haystack = [report.rootCause, ...report.evidence.map((e) => e.excerpt)]
    .join("\n")
    .toLowerCase();
  const mentions = expect.mentions.map((text) => ({
    text,
    found: haystack.includes(text.toLowerCase()),
  }));
  return {
    passed: category && resource && mentions.every((m) => m.found),
    category,
    resource,
    mentions,
  };
}

export function containsResource(
  resources: ScorableReport["affectedResources"],
  expected: string,
): boolean {
  const parts = expected.split("/");
  const kind = (parts[0] ?? "").toLowerCase();
  const namespace = parts.length === 3 ? parts[1] : undefined;
  const name = parts.length === 3 ? parts[2] : parts[1];
  return resources.some(
    (r) =>
      r.kind.toLowerCase() === kind &&
      r.name === name &&
      (namespace === undefined || r.namespace === namespace),
  );
}

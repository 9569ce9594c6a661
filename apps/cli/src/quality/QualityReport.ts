/**
 * What `kubemedic quality` writes as JSON (docs/quality.md#the-json). The
 * shape is versioned: a change that removes or renames a field bumps
 * `version`.
 */
export const QUALITY_REPORT_VERSION = 2;

/** `Kind/namespace/name`, or `Kind/name` for a cluster-scoped object (the brief's notation). */
export type ObjectKey = string;

export interface AnalyzerScore {
  /** Findings of the analyzers alone in the scenario's scope (its namespace, or the cluster for a cluster-scoped expectation). */
  findings: number;
  /**
   * Strict recall, the analyzers alone: whether the findings name the
   * expected object (directly, or as the parent of a finding's object); null
   * when nothing is expected (Healthy).
   */
  recall: boolean | null;
  /** The finding's object that named it, when recall is true. */
  matched: ObjectKey | null;
  /**
   * Correlation-assisted recall, what `kubemedic analyze` gives: `recall`, or
   * correlation's top candidate is the expected object. Null for Healthy.
   */
  recallWithCorrelation: boolean | null;
  /** The primary object of correlation's top candidate (null when none). */
  rootCause: ObjectKey | null;
  /** Namespaces the scenario says are healthy. */
  healthyNamespaces: string[];
  /** Findings in those namespaces: each one is false. */
  falseFindings: { namespace: string; kind: string; name: string; text: string }[];
}

export interface DiagnosisScore {
  category: boolean;
  resource: boolean;
  mentions: { text: string; found: boolean }[];
  passed: boolean;
}

export interface ScenarioResult {
  name: string;
  /** The folder it was loaded from. */
  dir: string;
  namespace: string | null;
  question: string | null;
  expected: { category: string; resource: string; mentions: string[] } | null;
  /** What makes it hard (`traits:` in scenario.yaml: misleading, multi-cause); [] when none or not loaded. */
  traits: string[];
  /** pass: the diagnosis passes and no false finding; fail: either does not; error: it could not run. */
  status: "pass" | "fail" | "error";
  /** Why it did not pass, in words (empty when it passed). */
  reasons: string[];
  diagnosis: {
    category: string;
    severity: string;
    confidence: number;
    summary: string;
    rootCause: string;
    affectedResources: ObjectKey[];
    /** True when the model's report could not be validated and a fallback was used. */
    degraded: boolean;
    toolCalls: number;
  } | null;
  score: DiagnosisScore | null;
  analyzers: AnalyzerScore | null;
  durationMs: { total: number; diagnosis: number; analyzers: number };
  /** The loader's or the run's error message, for status "error". */
  error?: string;
}

export interface QualityTotals {
  scenarios: number;
  passed: number;
  failed: number;
  errors: number;
  /** Diagnoses that pass the brief's rule (category, resource, mentions). */
  diagnosesPassed: number;
  /** Scenarios where recall applies (not Healthy, not errored) and how many the analyzers' findings alone name the expected object in. */
  analyzerRecall: { hits: number; of: number };
  /** The same scenarios, counting also those where correlation ranks the expected object first. */
  analyzerRecallWithCorrelation: { hits: number; of: number };
  falseFindings: number;
  /** Per expected category: scenarios and diagnoses that passed. */
  byCategory: Record<string, { scenarios: number; passed: number }>;
}

export interface QualityReport {
  version: typeof QUALITY_REPORT_VERSION;
  startedAt: string;
  durationMs: number;
  /** The model that diagnosed: "offline diagnostician", or the LLM's model name. */
  model: string;
  machine: { node: string; platform: string; cpus: number };
  concurrency: number;
  totals: QualityTotals;
  scenarios: ScenarioResult[];
}

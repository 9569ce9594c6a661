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
  /** Multi-cause scenarios (`expect.causes`): each expected cause found or not, and invented ones. */
  causes?: {
    passed: boolean;
    expected: { resource: string; found: boolean; score: DiagnosisScore }[];
    invented: { category: string; resource: string }[];
  };
  analyzers: AnalyzerScore | null;
  durationMs: { total: number; diagnosis: number; analyzers: number };
  /** The loader's or the run's error message, for status "error". */
  error?: string;
  /** Fix scoring (`--fix`), for scenarios that are not Healthy; absent without --fix. */
  fix?: FixResult;
}

/** `quality --fix` for one scenario (docs/quality.md#fix-scoring). */
export interface FixResult {
  /** The scenario's `fixable` (false: the agent must say it cannot be fixed from here, and why). */
  fixable: boolean;
  /** pass: resolved, judged from the cluster's state (or, unfixable, declined with a reason). */
  status: "pass" | "fail" | "error";
  /** Changes approved. */
  approvals: number;
  /** The commands approved (for an unfixable scenario: those refused). */
  commands: string[];
  /** From the question to the state judged resolved; null when it was not. */
  msToVerified: number | null;
  /** What the cluster still shows wrong after the last attempt (empty when resolved). */
  remaining: string[];
  /** The agent's answer to the last "fix it". */
  answer: string;
}

/** Fix scoring totals; present only with --fix. */
export interface FixTotals {
  /** Scenarios with `fixable` true, and how many the approved changes resolved. */
  fixable: number;
  resolved: number;
  /** Unfixable scenarios, and how many ended with "cannot be fixed from here, because…". */
  unfixable: number;
  declined: number;
  /** Median approvals over the resolved scenarios; null when none. */
  medianApprovals: number | null;
  /** Median time to verified over the resolved scenarios (ms); null when none. */
  medianMsToVerified: number | null;
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
  /** The conversation scripts' counts (all zero when none ran). */
  conversations: ConversationTotals;
  /** Fix scoring (`--fix` only). */
  fix?: FixTotals;
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
  /** Conversation scripts (`--conversations`, and the built-ins with no option); [] when none ran. */
  conversations: ConversationResult[];
}

/** One expectation of a script turn (docs/quality.md#conversation-scripts). */
export interface ConversationExpectationResult {
  /** `report`, `tool`, `noTool`, `approval`, `clarify`, `answerMentions`, `language`, `scope`; `turn` and `decide` for the turn's own checks. */
  name: string;
  expected: string;
  passed: boolean;
  /** What happened instead (empty when it passed). */
  got: string;
}

export interface ConversationTurnResult {
  user: string;
  /** The picker for this turn: `all` or a namespace. */
  namespacePicker: string;
  /** `approve`, `reject` or `reject: <reason>` when the script decides. */
  decide: string | null;
  /** completed | partial | awaiting_approval | failed (code: message) | cancelled | error: message */
  ending: string;
  /** The effective scope turn.started stated: `all`, namespaces, or null when none. */
  scope: string | null;
  toolCalls: { tool: string; command: string; status: string | null }[];
  approvals: { command: string; decision: "approve" | "reject" | null }[];
  /** The turn's reports, in short. */
  reports: { category: string; affectedResources: ObjectKey[] }[];
  clarify: { question: string; choices: string[] }[];
  /** The assistant's text of the turn (messages, report prose…), cut to 4 000 characters. */
  answer: string;
  /** The language judged from that text: en | zh | mixed | none, and the CJK share. */
  language: { judged: string; cjkShare: number };
  expectations: ConversationExpectationResult[];
  durationMs: number;
}

export interface ConversationResult {
  name: string;
  /** The script file. */
  file: string;
  /** The scenario references as written; [] when the script did not load. */
  scenario: string[];
  /** The approval policy the script ran under; null when it did not load. */
  policy: string | null;
  /** pass: every expectation of every turn held; fail: one did not; error: the script could not load or run. */
  status: "pass" | "fail" | "error";
  /** The failed expectations, one line each (`turn 2 approval: …`). */
  reasons: string[];
  turns: ConversationTurnResult[];
  durationMs: number;
  /** The loader's or the run's message, for status "error". */
  error?: string;
}

export interface ConversationTotals {
  scripts: number;
  passed: number;
  failed: number;
  errors: number;
  turns: number;
  expectations: { passed: number; of: number };
}

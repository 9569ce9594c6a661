import type { AnalysisOutput, RootCauseCandidate, ToolClassification } from "@kubemedic/protocol";

/**
 * What the agent needs from a cluster, in one narrow port. `kubeBackend()`
 * implements it over `@kubemedic/kube` (a `Cluster` + its `KubectlEngine`,
 * analyzers and correlation); the graph, the tools and the offline
 * diagnostician only see this interface.
 */
export interface ClusterBackend {
  /** The kubeconfig context name, shown in the system prompt. */
  readonly contextName: string;
  /** The context's namespace, used when neither the user nor the UI names one. */
  readonly defaultNamespace: string | undefined;
  classify(line: string): CommandClass;
  run(line: string, opts: KubectlRunOptions): Promise<KubectlRunResult>;
  preview(line: string, opts: KubectlRunOptions): Promise<MutationPreview>;
  analyze(opts: AnalyzeOptions): Promise<AnalysisOutput>;
  correlate(opts: CorrelateOptions): Promise<RootCauseCandidate[]>;
  /** Namespace names; throws when the cluster cannot be reached. */
  listNamespaces(signal?: AbortSignal): Promise<string[]>;
  /** e.g. `v1.31.2`; throws when the cluster cannot be reached. */
  serverVersion(signal?: AbortSignal): Promise<string>;
}

export interface CommandClass {
  classification: ToolClassification;
  /** Why a command is refused (or what makes it mutating). */
  reason?: string;
  verb: string;
}

export interface KubectlRunOptions {
  namespace?: string;
  /** The manifest for `apply -f -` / `create -f -`. */
  manifest?: string;
  signal?: AbortSignal;
  /** Must be true for a mutating command to run; set only after approval. */
  allowMutations?: boolean;
}

export interface KubectlRunResult {
  command: string;
  classification: ToolClassification;
  ok: boolean;
  /** Bounded and redacted. */
  output: string;
  truncated: boolean;
  structured?: unknown;
  error?: { code: string; message: string; retryable: boolean };
  durationMs: number;
}

export interface MutationPreview {
  /** The (first) object the command touches. */
  target: { kind: string; namespace?: string; name: string };
  /** Every object it touches, `target` first (drain and delete -l touch many). */
  targets?: { kind: string; namespace?: string; name: string }[];
  summary: string;
  before?: string;
  after?: string;
  diff?: string;
  risk: "low" | "medium" | "high";
  /** Remarks on the preview itself ("the server's dry run failed, so the result is not shown"). */
  notes?: string[];
}

export interface AnalyzeOptions {
  namespace?: string;
  filters?: string[];
  /** `Kind/name` (namespaced by `namespace`). */
  resource?: string;
  signal?: AbortSignal;
}

export interface CorrelateOptions {
  namespace?: string;
  resource?: string;
  signal?: AbortSignal;
}

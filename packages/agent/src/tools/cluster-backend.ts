import type { KubectlResult, MutationPreview, ParsedCommand, RunOptions } from "@kubemedic/kube";
import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";

/**
 * What the agent needs from a cluster, in one narrow port. `kubeBackend()`
 * implements it over `@kubemedic/kube` (a `Cluster` + its `KubectlEngine`,
 * analyzers and correlation); the graph, the tools and the offline
 * diagnostician only see this interface. kubectl commands come in parsed
 * (`planKubectl` parsed them once, when the model's call was planned): the
 * engine rechecks them but never reads a line again.
 */
export interface ClusterBackend {
  /** The kubeconfig context name, shown in the system prompt. */
  readonly contextName: string;
  /** The context's namespace, used when neither the user nor the UI names one. */
  readonly defaultNamespace: string | undefined;
  /** Never throws for bad commands or cluster failures (see `KubectlEngine.run`). */
  run(command: ParsedCommand, opts: KubectlRunOptions): Promise<KubectlResult>;
  /** Reads only; throws a KubeError when the command cannot be previewed. */
  preview(command: ParsedCommand, opts: KubectlPreviewOptions): Promise<MutationPreview>;
  analyze(opts: AnalyzeOptions): Promise<AnalysisOutput>;
  correlate(opts: CorrelateOptions): Promise<RootCauseCandidate[]>;
  /** Namespace names; throws when the cluster cannot be reached. */
  listNamespaces(signal?: AbortSignal): Promise<string[]>;
  /** e.g. `v1.31.2`; throws when the cluster cannot be reached. */
  serverVersion(signal?: AbortSignal): Promise<string>;
}

/** The engine's run options: namespace, manifest, signal, `allowMutations` (set only after approval), `maxBytes`. */
export type KubectlRunOptions = RunOptions;
export type KubectlPreviewOptions = Omit<RunOptions, "allowMutations" | "maxBytes">;

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

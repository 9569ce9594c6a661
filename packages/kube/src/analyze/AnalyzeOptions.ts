import type { ObjectRef } from "@kubemedic/protocol";

export interface AnalyzeOptions {
  /** Analyze one namespace; undefined = all. Cluster-scoped analyzers (Node, webhooks) ignore it, as in k8sgpt. */
  namespace?: string | undefined;
  /**
   * Analyzer (filter) names, case-sensitive as in k8sgpt; an entry may hold
   * several names separated by commas. Empty = the core analyzers, or, with
   * `resource`, the analyzers that concern its kind. Unknown names become
   * `errors` entries.
   */
  filters?: readonly string[] | undefined;
  /** Kubernetes label-selector syntax, applied to the objects each analyzer lists. */
  labelSelector?: string | undefined;
  /**
   * An object to focus on: its own findings and those of what it owns
   * (Deployment → ReplicaSets → Pods). Its kind may be an alias: `deploy`, `pods`…
   */
  resource?: ObjectRef | undefined;
  /** Mask object names in the output (see `anonymizeAnalysis`). @default false */
  anonymize?: boolean | undefined;
  /** k8sgpt's AI explanation is not offered: `details` is always "". */
  explain?: false | undefined;
  signal?: AbortSignal | undefined;
}

import type { ClusterBackend } from "./cluster-backend";

/** How one turn runs its tools: the cluster, the defaults and the limits from the graph config. */
export interface ToolSettings {
  backend: ClusterBackend;
  /** Used when a command names no namespace. */
  namespace: string | undefined;
  /** One call, retries included. */
  timeoutMs: number;
  retry: { maxAttempts: number; initialDelayMs: number; maxDelayMs: number };
  /**
   * Longest output the model reads. kubectl hands it to the engine as the call's byte budget
   * (the engine cuts once, with its hints); k8sgpt cuts its rendered text to it.
   */
  maxOutputChars: number;
  /** The run's signal (cancellation, turn timeout). */
  signal?: AbortSignal;
}

/** The run's signal plus this call's own deadline. */
export function callSignal(settings: ToolSettings): {
  signal: AbortSignal;
  timedOut: () => boolean;
} {
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  const signal =
    settings.signal === undefined ? deadline : AbortSignal.any([settings.signal, deadline]);
  return { signal, timedOut: () => deadline.aborted };
}

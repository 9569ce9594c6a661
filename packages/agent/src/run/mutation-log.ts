import type { ToolStatus } from "@kubemedic/protocol";

/** An approved change about to run: what is written before it runs. */
export interface MutationStart {
  toolCallId: string;
  tool: "kubectl";
  /** Redacted, as the tool log shows it. */
  command: string;
  startedAt: string;
}

/** Its result, written right after it ran. */
export interface MutationResult {
  toolCallId: string;
  status: ToolStatus;
  durationMs: number;
  /** The bounded, redacted output the model reads. */
  outputPreview: string;
  truncated: boolean;
}

/**
 * A write-ahead record of approved changes (docs/agent.md#mutation-records): the gateway
 * stores `started` in its own transaction before the change runs (a failure there means
 * it does not run) and `finished` right after, so a crash before the turn's commit still
 * leaves the change on record ("ran, result unknown" when only the start was written).
 */
export interface MutationLog {
  started(m: MutationStart): Promise<void>;
  finished(m: MutationResult): Promise<void>;
}

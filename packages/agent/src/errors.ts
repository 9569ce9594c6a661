import type { ErrorCode } from "@kubemedic/protocol";

/**
 * The closed set of failure codes of `@kubemedic/agent`, each with the wire
 * code a gateway sends for it. Every message is written for the user.
 */
export const AGENT_ERROR_CODES = {
  /** The graph config file is missing, unreadable or invalid. */
  config_invalid: { wire: "bad_request" },
  /** The model environment (OPENAI_* / KUBEMEDIC_MODEL) cannot be used. */
  model_config: { wire: "bad_request" },
  /** `runTurn` was called with malformed input. */
  invalid_input: { wire: "bad_request" },
  /** Decisions were sent, but the conversation has no turn waiting for approval. */
  no_pending_approval: { wire: "no_pending_approval" },
  /** Decisions name a tool call that is not pending, or the turn id does not match. */
  invalid_decision: { wire: "bad_request" },
  /** A turn of this conversation is already running in this agent. */
  turn_in_progress: { wire: "turn_in_progress" },
  /** The model endpoint answered 429 after every retry. */
  llm_rate_limited: { wire: "llm_rate_limited" },
  /** The model endpoint failed (5xx, network, a malformed answer) after every retry. */
  llm_error: { wire: "llm_error" },
  /** The turn or a model call ran out of time. */
  timeout: { wire: "timeout" },
  /** The cluster could not be reached to prepare the turn. */
  cluster_unreachable: { wire: "cluster_unreachable" },
  /** Anything else: a bug. */
  internal: { wire: "internal" },
} as const satisfies Record<string, { wire: ErrorCode }>;

export type AgentErrorCode = keyof typeof AGENT_ERROR_CODES;

/** The one error class of @kubemedic/agent. */
export class AgentError extends Error {
  override name = "AgentError";
  readonly code: AgentErrorCode;

  constructor(code: AgentErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }

  /** The protocol error code for a `turn.failed` event or an error frame. */
  get wireCode(): ErrorCode {
    return AGENT_ERROR_CODES[this.code].wire;
  }
}

export function isAgentError(error: unknown, code?: AgentErrorCode): error is AgentError {
  return error instanceof AgentError && (code === undefined || error.code === code);
}

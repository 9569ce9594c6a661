import { GraphRecursionError } from "@langchain/langgraph";
import type { ErrorCode } from "@kubemedic/protocol";
import { isAgentError } from "../errors";
import { isAbortError, llmFailureOf, toolsUnsupported } from "../llm-errors";

/** Why `runTurn` aborted its own run. */
export type AbortCause = "cancelled" | "timeout" | "consumer_gone";

export class TurnAbort extends Error {
  override name = "AbortError";
  readonly why: AbortCause;
  constructor(why: AbortCause) {
    super(`Aborted: ${why}`);
    this.why = why;
  }
}

export type TurnEnding =
  | { kind: "cancelled"; reason: string }
  | { kind: "failed"; code: ErrorCode; message: string }
  | { kind: "recursion" };

/** Maps whatever ended a run early to the turn's terminal event. */
export function turnEnding(
  error: unknown,
  signal: AbortSignal,
  turnTimeoutMs: number,
  /** The model's label, to name it when it cannot do what the agent needs. */
  model?: string,
): TurnEnding {
  if (signal.aborted) {
    const cause = signal.reason instanceof TurnAbort ? signal.reason.why : "cancelled";
    if (cause === "timeout") {
      return {
        kind: "failed",
        code: "timeout",
        message: `The turn took longer than ${Math.round(turnTimeoutMs / 1000)} s and was stopped.`,
      };
    }
    return {
      kind: "cancelled",
      reason: cause === "consumer_gone" ? "the event consumer went away" : "cancelled by the user",
    };
  }
  if (error instanceof GraphRecursionError) return { kind: "recursion" };
  if (isAgentError(error)) return { kind: "failed", code: error.wireCode, message: error.message };
  if (isAbortError(error)) return { kind: "cancelled", reason: "cancelled" };
  const e = error as { status?: unknown; message?: unknown };
  if (toolsUnsupported(error)) {
    return {
      kind: "failed",
      code: "llm_error",
      message: `The model${model === undefined ? "" : ` "${model}"`} cannot call tools, and kubemedic investigates through tool calls (kubectl, the analyzers, the report). Choose a model with tool calling (KUBEMEDIC_MODEL; docs/agent.md lists the endpoints), or KUBEMEDIC_MODEL=offline for the offline diagnostician. The endpoint said: ${messageOf(error)}`,
    };
  }
  const failure = llmFailureOf(error);
  const looksLikeLlm =
    typeof e.status === "number" || failure.transient || failure.code !== "llm_error";
  if (looksLikeLlm) {
    const what =
      failure.code === "llm_rate_limited"
        ? "The model endpoint kept answering 429 (rate limited)"
        : failure.code === "timeout"
          ? "The model endpoint did not answer in time"
          : `The model endpoint failed${typeof e.status === "number" ? ` with HTTP ${e.status}` : ""}`;
    return {
      kind: "failed",
      code: failure.code,
      message: `${what}, after retries: ${messageOf(error)}`,
    };
  }
  return { kind: "failed", code: "internal", message: messageOf(error) };
}

function messageOf(error: unknown): string {
  const m = (error as { message?: unknown } | null)?.message;
  return (typeof m === "string" ? m : String(error)).slice(0, 500);
}

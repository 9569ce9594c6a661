/**
 * How a model call failed, from the error ChatOpenAI (openai v6) throws:
 * APIError subclasses carry `status`; timeouts come as `TimeoutError`;
 * connection failures as `APIConnectionError` / fetch's `TypeError`.
 */
export type LlmFailure = "llm_rate_limited" | "llm_error" | "timeout";

export function llmFailureOf(error: unknown): { code: LlmFailure; transient: boolean } {
  const e = (error ?? {}) as {
    status?: unknown;
    name?: unknown;
    code?: unknown;
    message?: unknown;
    lc_error_code?: unknown;
  };
  const status = typeof e.status === "number" ? e.status : undefined;
  const name = typeof e.name === "string" ? e.name : "";
  if (status === 429 || e.lc_error_code === "MODEL_RATE_LIMIT")
    return { code: "llm_rate_limited", transient: true };
  if (
    name === "TimeoutError" ||
    /timed? ?out/i.test(typeof e.message === "string" ? e.message : "") ||
    status === 408 ||
    status === 504
  ) {
    return { code: "timeout", transient: true };
  }
  if (status !== undefined)
    return { code: "llm_error", transient: status >= 500 || status === 409 };
  const connection =
    name === "APIConnectionError" ||
    (name === "TypeError" &&
      /fetch failed/i.test(typeof e.message === "string" ? e.message : "")) ||
    (typeof e.code === "string" &&
      /^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|EAI_AGAIN|UND_ERR_)/.test(e.code));
  return { code: "llm_error", transient: connection };
}

export function isAbortError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "AbortError" || (error instanceof Error && /^(Abort|Cancel)/.test(error.message));
}

/**
 * The endpoint refused the request because the model cannot call tools, in the words the
 * servers use: Ollama ("… does not support tools"), vLLM started without a tool parser
 * (`"auto" tool choice requires --enable-auto-tool-choice …`), OpenRouter ("No endpoints found
 * that support tool use"), LiteLLM (`does not support parameters: ['tools'…]`), DeepSeek's
 * reasoner ("does not support Function Calling"). The agent investigates through tool calls,
 * so this is a configuration error to name, never something to retry.
 */
export function toolsUnsupported(error: unknown): boolean {
  const e = (error ?? {}) as { status?: unknown; message?: unknown };
  if (typeof e.status !== "number" || e.status < 400 || e.status >= 500) return false;
  return typeof e.message === "string" && NO_TOOLS.test(e.message);
}

const NO_TOOLS =
  /does not support (?:tools|tool use|tool calling|function calling)|tool choice requires|support tool use|tools? (?:is|are) not supported|function calling is not (?:enabled|supported)|does not support parameters: \[?'?tools/i;

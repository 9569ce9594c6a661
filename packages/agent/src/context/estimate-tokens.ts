import type { BaseMessage } from "@langchain/core/messages";

/**
 * A cheap token estimate: 4 characters per token plus a few per message.
 * Exact counts need the model's tokenizer (js-tiktoken downloads its tables,
 * which fails offline); budgets only need to be roughly right.
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(message: BaseMessage): number {
  let chars =
    typeof message.content === "string"
      ? message.content.length
      : JSON.stringify(message.content).length;
  const calls = (message as { tool_calls?: unknown[] }).tool_calls;
  if (Array.isArray(calls) && calls.length > 0) chars += JSON.stringify(calls).length;
  return Math.ceil(chars / CHARS_PER_TOKEN) + 4;
}

export function estimateTokens(messages: readonly BaseMessage[]): number {
  let total = 0;
  for (const m of messages) total += estimateMessageTokens(m);
  return total;
}

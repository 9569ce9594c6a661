import type { BaseMessage } from "@langchain/core/messages";

/**
 * A cheap token estimate: 3 characters per token plus a few per message.
 * Budgets are ceilings, so the estimate errs on the large side: prose runs
 * about 4 characters per o200k token, but kubectl tables, YAML and k8sgpt JSON
 * run 2.5–3.5 (bench/token-economy measures it). An exact tokenizer on every
 * request would cost more CPU than the budgets are worth.
 */
export const CHARS_PER_TOKEN = 3;

export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/**
 * Estimates already made, by message. Budgeting runs over the whole history
 * several times per model call (trim, fit, drop oldest until it fits), and a
 * message is never changed once made (a shrunk output is a new message), so
 * each is measured once.
 */
const known = new WeakMap<BaseMessage, number>();

function estimateMessageTokens(message: BaseMessage): number {
  const cached = known.get(message);
  if (cached !== undefined) return cached;
  const tokens = measure(message);
  known.set(message, tokens);
  return tokens;
}

function measure(message: BaseMessage): number {
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

import { estimateTextTokens } from "./estimate-tokens";

/** The least a history may have, however long the fixed parts of a request are. */
const MIN_HISTORY_TOKENS = 500;

/**
 * What the history may take of one model request: the request budget minus the
 * parts sent with every request (system prompt, instructions), so the budget
 * bounds what the model receives, not only the conversation.
 */
export function requestBudget(requestTokens: number, ...fixedParts: string[]): number {
  const fixed = fixedParts.reduce((sum, text) => sum + estimateTextTokens(text), 0);
  return Math.max(MIN_HISTORY_TOKENS, requestTokens - fixed);
}

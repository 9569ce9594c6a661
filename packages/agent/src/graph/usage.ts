/** Tokens the model calls of a turn spent, as their servers reported them. */
export interface TurnUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * A node's write to the `usage` channel: the tokens its own model calls spent. The channel
 * adds the writes up, so nodes that run in the same superstep (a plan's parallel steps) each
 * add theirs; `reset` starts the count of a new turn (prepare).
 */
export interface UsageUpdate extends TurnUsage {
  reset?: boolean;
}

export const NO_USAGE: TurnUsage = { inputTokens: 0, outputTokens: 0 };

/** The `usage` channel's reducer. */
export function addUsage(total: TurnUsage, update: UsageUpdate): TurnUsage {
  const base = update.reset === true ? NO_USAGE : total;
  return {
    inputTokens: base.inputTokens + update.inputTokens,
    outputTokens: base.outputTokens + update.outputTokens,
  };
}

/** What one model answer spent, as its server reported it (nothing when it reported none). */
export function usageOf(message: unknown): TurnUsage {
  const u = (message as { usage_metadata?: { input_tokens?: number; output_tokens?: number } })
    ?.usage_metadata;
  return { inputTokens: u?.input_tokens ?? 0, outputTokens: u?.output_tokens ?? 0 };
}

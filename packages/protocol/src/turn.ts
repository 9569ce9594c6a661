import { z } from "zod";

export const TURN_STATUSES = [
  "running",
  "awaiting_approval",
  "completed",
  "failed",
  "cancelled",
  "interrupted",
] as const;
export const TurnStatus = z.enum(TURN_STATUSES);
export type TurnStatus = z.infer<typeof TurnStatus>;

/** True for the statuses a turn never leaves. `awaiting_approval` resumes on a decision. */
export function isFinalTurnStatus(status: TurnStatus): boolean {
  return status !== "running" && status !== "awaiting_approval";
}

export const TokenUsage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

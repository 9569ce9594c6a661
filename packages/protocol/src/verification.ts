import { z } from "zod";

/**
 * What a `verify` step concluded after an approved change ran (docs/agent.md#verification):
 * - `resolved`: the problems the change was aimed at are gone and nothing new appeared;
 * - `improved`: some of them are gone, some remain;
 * - `unchanged`: the same problems remain;
 * - `worse`: a problem appeared that was not there before;
 * - `timed_out`: what it waited for did not settle before the deadline.
 */
export const VERIFICATION_OUTCOMES = [
  "resolved",
  "improved",
  "unchanged",
  "worse",
  "timed_out",
] as const;
export const VerificationOutcome = z.enum(VERIFICATION_OUTCOMES);
export type VerificationOutcome = z.infer<typeof VerificationOutcome>;

/** One thing the watch waits for, e.g. `Deployment shop/checkout: rollout complete`. */
export const VerificationCheck = z.object({
  /** `Kind/namespace/name` (or `Kind/name` when cluster-scoped). */
  object: z.string().max(400),
  /** What it waits for, in words: "rollout complete", "pods ready", "Bound", "complete". */
  waitingFor: z.string().max(200),
  /** `pending` while it waits; `ok` when it happened; `failing` when it cannot happen (pods crash). */
  state: z.enum(["pending", "ok", "failing"]),
  /** The last observation, e.g. "1/3 replicas available" or "CrashLoopBackOff". */
  detail: z.string().max(400).optional(),
});
export type VerificationCheck = z.infer<typeof VerificationCheck>;

const objects = z.array(z.string().max(400)).max(100);

/** The verdict, as stored with the turn and shown on the verification card. */
export const VerificationResult = z.object({
  verificationId: z.string().min(1).max(200),
  /** The approved calls whose effect was checked. */
  toolCallIds: z.array(z.string().max(200)).max(50),
  outcome: VerificationOutcome,
  /** One or two sentences: what changed. */
  summary: z.string().max(2_000),
  checks: z.array(VerificationCheck).max(50),
  /** Objects whose problem is gone (`Kind/namespace/name`). */
  resolved: objects,
  /** Objects whose problem is still there. */
  remaining: objects,
  /** Objects with a problem that was not there before. */
  appeared: objects,
  elapsedMs: z.number().nonnegative(),
  deadlineMs: z.number().nonnegative(),
  finishedAt: z.string(),
});
export type VerificationResult = z.infer<typeof VerificationResult>;

/** The report's optional `verification` section: the last verification of the turn. */
export const ReportVerification = VerificationResult.pick({
  outcome: true,
  summary: true,
  resolved: true,
  remaining: true,
  appeared: true,
});
export type ReportVerification = z.infer<typeof ReportVerification>;

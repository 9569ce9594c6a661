import { z } from "zod";

/** One mutating call waiting for the user, with everything needed to decide. */
export const ApprovalRequest = z.object({
  toolCallId: z.string().min(1).max(200),
  tool: z.string().min(1).max(64),
  /** The exact command line that will run on approve (without the leading `kubectl`). */
  command: z.string().min(1).max(8_000),
  /** A manifest passed beside `apply -f -` / `create -f -`, shown as is. */
  manifest: z.string().max(64_000).optional(),
  /** Why the agent wants to run it, in its words. */
  reason: z.string().max(4_000),
  risk: z.enum(["low", "medium", "high"]),
  /** The object the command touches. */
  target: z.object({
    kind: z.string().max(63),
    namespace: z.string().max(253).optional(),
    name: z.string().max(253),
  }),
  /** What would change: a one-line summary and, where the engine could compute it, before/after and a unified diff. */
  preview: z.object({
    summary: z.string().max(2_000),
    before: z.string().max(32_000).optional(),
    after: z.string().max(32_000).optional(),
    diff: z.string().max(64_000).optional(),
  }),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

export const ApprovalDecisionKind = z.enum(["approve", "reject"]);
export type ApprovalDecisionKind = z.infer<typeof ApprovalDecisionKind>;

/** A user's decision on one pending call; a rejection should say why. */
export const ApprovalDecision = z.object({
  toolCallId: z.string().min(1).max(200),
  decision: ApprovalDecisionKind,
  reason: z.string().max(2_000).optional(),
});
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

/** A decision as recorded: who made it and when. */
export const ResolvedApproval = ApprovalDecision.extend({
  by: z.string().max(200),
  at: z.string(),
});
export type ResolvedApproval = z.infer<typeof ResolvedApproval>;

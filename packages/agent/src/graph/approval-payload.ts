import { ApprovalDecision, ApprovalRequest } from "@kubemedic/protocol";
import { z } from "zod";

/** What the `approve` node's `interrupt()` carries (checkpointed, read back by `pendingApproval`). */
export const ApprovalInterrupt = z.object({
  kind: z.literal("kubemedic.approval"),
  turnId: z.string(),
  requests: z.array(ApprovalRequest).min(1),
});
export type ApprovalInterrupt = z.infer<typeof ApprovalInterrupt>;

/** What `runTurn` resumes the graph with. */
export const ApprovalResume = z.object({
  decisions: z.array(ApprovalDecision),
  by: z.string(),
  at: z.string(),
});
export type ApprovalResume = z.infer<typeof ApprovalResume>;

import { z } from "zod";
import { ObjectRef } from "./object-ref";

/**
 * The bounds of an approval card, in characters (or items). The agent cuts a
 * request to them before sending it, so they live here once, beside the schema.
 */
export const APPROVAL_LIMITS = {
  kind: 63,
  name: 253,
  command: 8_000,
  manifest: 64_000,
  reason: 4_000,
  targets: 500,
  summary: 2_000,
  before: 32_000,
  after: 32_000,
  diff: 64_000,
  notes: 20,
  note: 2_000,
} as const;
const L = APPROVAL_LIMITS;

/** How much a mutating command could break (read-only calls need no approval). */
export const MUTATION_RISKS = ["low", "medium", "high"] as const;
export const MutationRisk = z.enum(MUTATION_RISKS);
export type MutationRisk = z.infer<typeof MutationRisk>;

/** One mutating call waiting for the user, with everything needed to decide. */
export const ApprovalRequest = z.object({
  toolCallId: z.string().min(1).max(200),
  tool: z.string().min(1).max(64),
  /** The exact command line that will run on approve (without the leading `kubectl`). */
  command: z.string().min(1).max(L.command),
  /** A manifest passed beside `apply -f -` / `create -f -`, shown as is. */
  manifest: z.string().max(L.manifest).optional(),
  /** Why the agent wants to run it, in its words. */
  reason: z.string().max(L.reason),
  risk: MutationRisk,
  /** The object the command touches (the first one, when it touches several). */
  target: ObjectRef,
  /**
   * Every object the command touches, `target` first, when there is more than
   * one (`drain` evicts pods, `delete -l` deletes many): at most 500 (APPROVAL_LIMITS), and
   * `targetsOmitted` says how many more there are. Absent: only `target`.
   */
  targets: z.array(ObjectRef).max(L.targets).optional(),
  targetsOmitted: z.number().int().min(0).optional(),
  /**
   * What would change: a one-line summary and, where the engine could compute it, before/after and a unified diff.
   * `notes` are the engine's remarks on the preview itself, e.g. "the server's dry run failed, so
   * the result is not shown: …": a reviewer must see them before trusting an empty diff.
   */
  preview: z.object({
    summary: z.string().max(L.summary),
    before: z.string().max(L.before).optional(),
    after: z.string().max(L.after).optional(),
    diff: z.string().max(L.diff).optional(),
    notes: z.array(z.string().max(L.note)).max(L.notes).optional(),
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

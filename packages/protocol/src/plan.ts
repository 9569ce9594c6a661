import { z } from "zod";

/**
 * Plans for complex questions (issue #14): the route a turn takes after
 * `prepare`, and the plan of steps a complex question is broken into, each
 * handed to a specialist. Streamed as `route.decided`, `plan.created`,
 * `plan.step.started|finished` and `plan.revised` events.
 */

/** simple: a command or a plain question; single: one diagnosis; complex: a plan of several. */
export const ROUTE_BRANCHES = ["simple", "single", "complex"] as const;
export const RouteBranch = z.enum(ROUTE_BRANCHES);
export type RouteBranch = z.infer<typeof RouteBranch>;

export const SPECIALISTS = ["workload", "networking", "storage", "scheduling", "config"] as const;
export const Specialist = z
  .enum(SPECIALISTS)
  .describe(
    "workload: crashes, images, probes, rollouts, jobs; networking: Services, endpoints, Ingress, DNS, NetworkPolicies; " +
      "storage: PVC/PV/StorageClass; scheduling: pending pods, taints, affinity, node pressure, quotas; " +
      "config: ConfigMaps, Secrets, RBAC, PodSecurity.",
  );
export type Specialist = z.infer<typeof Specialist>;

export const PLAN_STEP_STATUSES = ["pending", "running", "done", "failed", "skipped"] as const;
export const PlanStepStatus = z.enum(PLAN_STEP_STATUSES);
export type PlanStepStatus = z.infer<typeof PlanStepStatus>;

export const PlanScope = z.object({
  namespace: z
    .string()
    .max(253)
    .optional()
    .describe("The namespace to investigate; omit for cluster-scoped objects."),
  kind: z
    .string()
    .max(63)
    .optional()
    .describe("The kind of the object to start from, e.g. Deployment."),
  name: z.string().max(253).optional().describe("The object's name."),
});
export type PlanScope = z.infer<typeof PlanScope>;

export const PlanStep = z.object({
  id: z.string().min(1).max(64),
  goal: z.string().min(1).max(500).describe("What this step must find out, as a question."),
  specialist: Specialist,
  scope: PlanScope,
  dependsOn: z.array(z.string().max(64)).max(20).describe("Ids of steps that must finish first."),
  status: PlanStepStatus,
  /** One line: what the step found (its cause), or why it failed. */
  result: z.string().max(1_000).optional(),
  /** The tool calls the step's specialist made (their tool.* events carry the same ids). */
  toolCallIds: z.array(z.string()).max(200).optional(),
});
export type PlanStep = z.infer<typeof PlanStep>;

export const Plan = z.object({
  /** 1 for the first plan of a turn, +1 for each revision. */
  version: z.number().int().min(1),
  /** Why the plan has these steps (or why it was revised). */
  reason: z.string().max(1_000),
  steps: z.array(PlanStep).max(32),
});
export type Plan = z.infer<typeof Plan>;

/** A turn's route and plan as stored with it (`TurnDetail.plan`): what the live plan card showed. */
export const TurnPlan = z.object({
  branch: RouteBranch,
  reason: z.string().max(1_000),
  /** The last plan version, with each step's final status; null when the turn was not planned. */
  plan: Plan.nullable(),
});
export type TurnPlan = z.infer<typeof TurnPlan>;

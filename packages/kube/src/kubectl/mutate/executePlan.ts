import { isKubeError } from "../../errors";
import type { VerbContext, VerbOutput } from "../verbContext";
import type { MutationPlan } from "./plan";
import { dryRunRequest } from "./plan";

const API_KINDS = new Set(["CustomResourceDefinition", "APIService"]);

/**
 * Runs a plan's writes in order and prints kubectl's one-line confirmations.
 * With --dry-run every write carries `dryRun=All` and the lines end in
 * `(server dry run)` / `(dry run)` like kubectl's. Stops at the first failure
 * (after reporting what already ran).
 */
export async function executePlan(ctx: VerbContext, plan: MutationPlan): Promise<VerbOutput> {
  const dry = ctx.command.dryRun;
  const suffix = dry === "server" ? " (server dry run)" : dry === "client" ? " (dry run)" : "";
  const lines: string[] = [];
  const errors: string[] = [];
  for (const step of plan.steps) {
    if (step.request === undefined) {
      lines.push(step.message);
      continue;
    }
    try {
      const request = dry === "none" ? step.request : dryRunRequest(step.request);
      await ctx.cluster.transport.request({
        ...request,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
      lines.push(`${step.message}${suffix}`);
    } catch (error) {
      if (step.tolerateNotFound && isKubeError(error, "not_found")) continue;
      if (lines.length === 0) throw error;
      errors.push(`error: ${error instanceof Error ? error.message : String(error)}`);
      return {
        text: lines.join("\n"),
        errors,
        errorCode: isKubeError(error) ? error.code : "internal",
        notes: plan.notes ?? [],
      };
    }
  }
  if (plan.finalMessage) lines.push(`${plan.finalMessage}${suffix}`);
  // A new or removed CRD (or aggregated API) changes what the cluster serves.
  if (dry === "none" && plan.steps.some((s) => API_KINDS.has(s.target.kind))) {
    ctx.cluster.discovery.invalidate();
  }
  return {
    text: lines.join("\n"),
    notes: plan.notes ?? [],
    structured: { kind: "mutation", summary: plan.summary, dryRun: dry },
  };
}

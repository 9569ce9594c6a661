import { applyMergePatch } from "../mutate/localPatch";
import type { MutationPlan } from "../mutate/plan";
import { label, patchRequest, stepTarget, writeTargets } from "../mutate/writeTargets";
import type { WriteTarget } from "../mutate/writeTargets";
import type { MutationStep } from "../mutate/plan";
import type { Obj } from "../fetch";
import type { VerbContext } from "../verbContext";

const NODES = new Set(["Node"]);

/** The step that sets (or clears) `spec.unschedulable` on one node. */
export function cordonStep(ctx: VerbContext, t: WriteTarget, cordon: boolean): MutationStep {
  const already = ((t.object.spec ?? {}) as Obj).unschedulable === true;
  if (already === cordon) {
    return {
      target: stepTarget(t),
      before: t.object,
      message: `${label(t)} already ${cordon ? "cordoned" : "uncordoned"}`,
    };
  }
  const patch = { spec: { unschedulable: cordon ? true : null } };
  return {
    target: stepTarget(t),
    before: t.object,
    after: applyMergePatch(t.object, patch) as Obj,
    request: patchRequest(ctx, t, "merge", patch),
    message: `${label(t)} ${cordon ? "cordoned" : "uncordoned"}`,
  };
}

/** `kubectl cordon|uncordon NODE… (or -l)`. */
export async function planCordon(ctx: VerbContext): Promise<MutationPlan> {
  const cordon = ctx.command.verb === "cordon";
  const args =
    ctx.command.args.length > 0 && !ctx.command.args[0]!.includes("/")
      ? ["nodes", ...ctx.command.args]
      : ctx.command.args.length > 0
        ? ctx.command.args
        : ["nodes"];
  const targets = await writeTargets(ctx, args, { selectable: true, kinds: NODES });
  return {
    steps: targets.map((t) => cordonStep(ctx, t, cordon)),
    summary: `${cordon ? "mark" : "unmark"} ${targets.map(label).join(", ")} ${cordon ? "unschedulable (running pods stay)" : "as schedulable again"}`,
    risk: cordon ? "medium" : "low",
  };
}

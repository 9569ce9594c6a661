import { KubeError } from "../../errors";
import type { MutationPlan, MutationStep } from "../mutate/plan";
import { applyMergePatch } from "../mutate/localPatch";
import type { WriteTarget } from "../mutate/writeTargets";
import { label, patchRequest, stepTarget, writeTargets } from "../mutate/writeTargets";
import type { Obj } from "../fetch";
import type { VerbContext } from "../verbContext";

const SCALABLE = new Set(["Deployment", "StatefulSet", "ReplicaSet", "ReplicationController"]);

/** `kubectl scale TYPE NAME --replicas=N` (`--current-replicas` as a precondition). */
export async function planScale(ctx: VerbContext): Promise<MutationPlan> {
  const replicas = ctx.command.flags.int("replicas");
  if (replicas === undefined || replicas < 0) {
    throw new KubeError("usage", "scale needs --replicas=N (N >= 0)");
  }
  const targets = await writeTargets(ctx, ctx.command.args, { selectable: true, kinds: SCALABLE });
  const current = ctx.command.flags.int("current-replicas");
  const steps: MutationStep[] = targets.map((t) => {
    const now = currentReplicas(t);
    if (current !== undefined && current !== now) {
      throw new KubeError(
        "conflict",
        `expected replicas to be ${current}, was ${now} (${label(t)})`,
      );
    }
    const patch = { spec: { replicas } };
    return {
      target: stepTarget(t),
      before: t.object,
      after: applyMergePatch(t.object, patch) as Obj,
      request: patchRequest(ctx, t, "merge", patch),
      message: `${label(t)} scaled`,
    };
  });
  const first = targets[0];
  const from = first ? currentReplicas(first) : 0;
  return {
    steps,
    summary:
      targets.length === 1 && first
        ? `scale ${label(first)} from ${from} to ${replicas} replicas`
        : `scale ${targets.length} objects to ${replicas} replicas`,
    risk:
      replicas === 0
        ? "high"
        : targets.some((t) => currentReplicas(t) > replicas)
          ? "medium"
          : "low",
  };
}

function currentReplicas(t: WriteTarget): number {
  const spec = (t.object.spec ?? {}) as Obj;
  return typeof spec.replicas === "number" ? spec.replicas : 1;
}

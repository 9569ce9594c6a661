import { KubeError } from "../../errors";
import type { MutationPlan } from "../mutate/plan";
import { applyJsonPatch, applyMergePatch, applyStrategicPatch } from "../mutate/localPatch";
import { label, patchRequest, stepTarget, writeTargets } from "../mutate/writeTargets";
import type { Obj } from "../fetch";
import type { VerbContext } from "../verbContext";
import { revisionsOf } from "./rolloutHistory";
import { clone } from "./workload";

const RESTARTABLE = new Set(["Deployment", "DaemonSet", "StatefulSet"]);
const DEPLOYMENTS = new Set(["Deployment"]);

/** `kubectl rollout restart`: stamps `kubectl.kubernetes.io/restartedAt` on the pod template, which rolls every pod. */
export async function planRolloutRestart(ctx: VerbContext): Promise<MutationPlan> {
  const targets = await writeTargets(ctx, ctx.command.args, {
    selectable: true,
    kinds: RESTARTABLE,
  });
  const at = new Date(ctx.now).toISOString().replace(/\.\d{3}Z$/, "Z");
  const patch = {
    spec: { template: { metadata: { annotations: { "kubectl.kubernetes.io/restartedAt": at } } } },
  };
  return {
    steps: targets.map((t) => ({
      target: stepTarget(t),
      before: t.object,
      after: applyStrategicPatch(t.object, patch) as Obj,
      request: patchRequest(ctx, t, "strategic", patch),
      message: `${label(t)} restarted`,
    })),
    summary: `restart every pod of ${targets.map(label).join(", ")} (a rolling replacement)`,
    risk: "medium",
  };
}

/** `kubectl rollout pause|resume` (deployments): sets `spec.paused`. */
export async function planRolloutPause(ctx: VerbContext): Promise<MutationPlan> {
  const pause = ctx.command.verb === "rollout pause";
  const targets = await writeTargets(ctx, ctx.command.args, {
    selectable: true,
    kinds: DEPLOYMENTS,
  });
  return {
    steps: targets.map((t) => {
      const already = ((t.object.spec ?? {}) as Obj).paused === true;
      const patch = { spec: { paused: pause } };
      return already === pause
        ? {
            target: stepTarget(t),
            before: t.object,
            message: `${label(t)} already ${pause ? "paused" : "resumed"}`,
          }
        : {
            target: stepTarget(t),
            before: t.object,
            after: applyMergePatch(t.object, patch) as Obj,
            request: patchRequest(ctx, t, "merge", patch),
            message: `${label(t)} ${pause ? "paused" : "resumed"}`,
          };
    }),
    summary: `${pause ? "pause" : "resume"} the rollout of ${targets.map(label).join(", ")}`,
    risk: pause ? "medium" : "low",
  };
}

/** `kubectl rollout undo deployment/x [--to-revision=N]`: puts an earlier revision's pod template back. */
export async function planRolloutUndo(ctx: VerbContext): Promise<MutationPlan> {
  const targets = await writeTargets(ctx, ctx.command.args, { kinds: DEPLOYMENTS });
  const target = targets[0];
  if (!target || targets.length > 1)
    throw new KubeError("usage", "rollout undo needs exactly one deployment");
  const revisions = await revisionsOf(ctx, target.object);
  const annotations = (((target.object.metadata ?? {}) as Obj).annotations ?? {}) as Record<
    string,
    string
  >;
  const current = Number(
    annotations["deployment.kubernetes.io/revision"] ?? revisions.at(-1)?.revision ?? 0,
  );
  const wanted = ctx.command.flags.int("to-revision") ?? 0;
  const chosen =
    wanted === 0
      ? [...revisions].reverse().find((r) => r.revision < current)
      : revisions.find((r) => r.revision === wanted);
  if (!chosen) {
    throw new KubeError(
      "not_found",
      wanted === 0
        ? "no rollout history found: there is no previous revision"
        : `unable to find specified revision ${wanted} in history`,
    );
  }
  if (chosen.revision === current) {
    return {
      steps: [
        {
          target: stepTarget(target),
          before: target.object,
          message: `${label(target)} skipped rollback (current template already matches revision ${current})`,
        },
      ],
      summary: "nothing to roll back",
      risk: "low",
    };
  }
  const template = clone(chosen.template);
  const labels = (((template.metadata ?? {}) as Obj).labels ?? {}) as Record<string, string>;
  delete labels["pod-template-hash"];
  const ops = [{ op: "replace", path: "/spec/template", value: template }];
  return {
    steps: [
      {
        target: stepTarget(target),
        before: target.object,
        after: applyJsonPatch(target.object, ops) as Obj,
        request: patchRequest(ctx, target, "json", ops),
        message: `${label(target)} rolled back`,
      },
    ],
    summary: `roll ${label(target)} back from revision ${current} to revision ${chosen.revision}`,
    risk: "medium",
  };
}

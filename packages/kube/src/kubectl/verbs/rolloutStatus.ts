import { KubeError } from "../../errors";
import { readRaw } from "../fetch";
import type { Obj } from "../fetch";
import type { VerbContext, VerbOutput } from "../verbContext";
import { rolloutTarget } from "./rolloutTarget";

const num = (v: unknown): number => (typeof v === "number" ? v : 0);

/**
 * `kubectl rollout status`: the same sentences kubectl prints, for the state
 * right now. kubectl then waits; the engine never blocks a conversation, so an
 * unfinished rollout returns its progress line (run it again to follow).
 * A deployment past its progress deadline is an error, as in kubectl.
 */
export async function runRolloutStatus(ctx: VerbContext): Promise<VerbOutput> {
  const { info, name } = await rolloutTarget(ctx);
  const object = await readRaw(ctx, info, ctx.namespace, name);
  const { line, done } = statusLine(object);
  return {
    text: line,
    structured: { kind: "rollout-status", done },
    notes: done
      ? []
      : ["(not waiting: the engine reports the current state; run it again to follow progress)"],
  };
}

function statusLine(o: Obj): { line: string; done: boolean } {
  const spec = (o.spec ?? {}) as Obj;
  const status = (o.status ?? {}) as Obj;
  const metadata = (o.metadata ?? {}) as Obj;
  const name = String(metadata.name);
  const generation = num(metadata.generation);
  const observed = num(status.observedGeneration);
  const waiting = (text: string): { line: string; done: boolean } => ({ line: text, done: false });
  switch (o.kind) {
    case "Deployment": {
      if (generation > observed)
        return waiting("Waiting for deployment spec update to be observed...");
      const progressing = ((status.conditions ?? []) as Obj[]).find(
        (c) => c.type === "Progressing",
      );
      if (progressing?.reason === "ProgressDeadlineExceeded") {
        throw new KubeError("timeout", `deployment "${name}" exceeded its progress deadline`);
      }
      const replicas = spec.replicas === undefined ? 1 : num(spec.replicas);
      const updated = num(status.updatedReplicas);
      if (updated < replicas) {
        return waiting(
          `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${replicas} new replicas have been updated...`,
        );
      }
      if (num(status.replicas) > updated) {
        return waiting(
          `Waiting for deployment "${name}" rollout to finish: ${num(status.replicas) - updated} old replicas are pending termination...`,
        );
      }
      if (num(status.availableReplicas) < updated) {
        return waiting(
          `Waiting for deployment "${name}" rollout to finish: ${num(status.availableReplicas)} of ${updated} updated replicas are available...`,
        );
      }
      return { line: `deployment "${name}" successfully rolled out`, done: true };
    }
    case "DaemonSet": {
      if (generation > observed)
        return waiting("Waiting for daemon set spec update to be observed...");
      const desired = num(status.desiredNumberScheduled);
      const updated = num(status.updatedNumberScheduled);
      if (updated < desired) {
        return waiting(
          `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`,
        );
      }
      const available = num(status.numberAvailable);
      if (available < desired) {
        return waiting(
          `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...`,
        );
      }
      return { line: `daemon set "${name}" successfully rolled out`, done: true };
    }
    default: {
      if (observed === 0 || generation > observed)
        return waiting("Waiting for statefulset spec update to be observed...");
      const replicas = spec.replicas === undefined ? 1 : num(spec.replicas);
      const ready = num(status.readyReplicas);
      if (ready < replicas) {
        return waiting(`Waiting for ${replicas - ready} pods to be ready...`);
      }
      if (status.updateRevision !== status.currentRevision) {
        return waiting(
          `waiting for statefulset rolling update to complete ${num(status.updatedReplicas)} pods at revision ${String(status.updateRevision)}...`,
        );
      }
      return {
        line: `statefulset rolling update complete ${replicas} pods at revision ${String(status.currentRevision)}...`,
        done: true,
      };
    }
  }
}

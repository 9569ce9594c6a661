import { KubeError } from "../../errors";
import { matchesRequirements, parseLabelSelector } from "../../model/labelSelector";
import type { MutationPlan, MutationStep } from "../mutate/plan";
import { label, writeTargets } from "../mutate/writeTargets";
import type { Obj } from "../fetch";
import { listRaw } from "../fetch";
import type { VerbContext } from "../verbContext";
import { cordonStep } from "./cordon";

/**
 * `kubectl drain NODE`: cordon, then evict (or with --disable-eviction
 * delete) every pod bound to the node, with kubectl's filters: mirror pods
 * are skipped; DaemonSet pods need --ignore-daemonsets; pods without a
 * controller need --force; pods with emptyDir data need
 * --delete-emptydir-data. Refuses before writing anything when a pod blocks.
 * Does not wait for the pods to terminate (run get pods to follow).
 */
export async function planDrain(ctx: VerbContext): Promise<MutationPlan> {
  const { flags } = ctx.command;
  // Parsed before anything is read, so a malformed selector fails as usage even on an empty node.
  const selectorText = flags.string("pod-selector");
  const podSelector = selectorText === undefined ? undefined : parseLabelSelector(selectorText);
  const args =
    ctx.command.args.length > 0 && !ctx.command.args[0]!.includes("/")
      ? ["nodes", ...ctx.command.args]
      : ctx.command.args;
  const nodes = await writeTargets(ctx, args.length > 0 ? args : ["nodes"], {
    selectable: true,
    kinds: new Set(["Node"]),
  });
  const podInfo = await ctx.cluster.discovery.resolve("pods", ctx.signal);
  const steps: MutationStep[] = [];
  const notes: string[] = [];
  const blocked: string[] = [];
  const evicted: string[] = [];
  const grace = flags.int("grace-period");
  const evict = !flags.bool("disable-eviction");
  for (const node of nodes) {
    steps.push(cordonStep(ctx, node, true));
    const pods = await listRaw(ctx, podInfo, {
      namespace: undefined,
      fieldSelector: `spec.nodeName=${node.name}`,
    });
    for (const pod of pods) {
      const meta = (pod.metadata ?? {}) as Obj;
      const ref = `${String(meta.namespace)}/${String(meta.name)}`;
      if (
        podSelector !== undefined &&
        !matchesRequirements(podSelector, meta.labels as Record<string, string> | undefined)
      )
        continue;
      const verdict = classify(pod, flags);
      if (verdict.kind === "skip") {
        if (verdict.note) notes.push(`${verdict.note}: ${ref}`);
        continue;
      }
      if (verdict.kind === "block") {
        blocked.push(`${verdict.note}: ${ref}`);
        continue;
      }
      if (verdict.note) notes.push(`${verdict.note}: ${ref}`);
      evicted.push(ref);
      const path = `/api/v1/namespaces/${encodeURIComponent(String(meta.namespace))}/pods/${encodeURIComponent(String(meta.name))}`;
      steps.push({
        target: { kind: "Pod", namespace: String(meta.namespace), name: String(meta.name) },
        before: pod,
        after: null,
        hideInPreview: true,
        tolerateNotFound: true,
        request: evict
          ? {
              method: "POST",
              path: `${path}/eviction`,
              body: {
                apiVersion: "policy/v1",
                kind: "Eviction",
                metadata: { name: meta.name, namespace: meta.namespace },
                ...(grace !== undefined && grace >= 0
                  ? { deleteOptions: { gracePeriodSeconds: grace } }
                  : {}),
              },
            }
          : {
              method: "DELETE",
              path,
              query: grace !== undefined && grace >= 0 ? { gracePeriodSeconds: grace } : {},
            },
        message: `pod/${String(meta.name)} ${evict ? "evicted" : "deleted"}`,
      });
    }
  }
  if (blocked.length > 0) {
    throw new KubeError(
      "invalid",
      `cannot drain ${nodes.map(label).join(", ")}, nothing was changed:\n${blocked.join("\n")}`,
    );
  }
  return {
    steps,
    summary: `cordon ${nodes.map(label).join(", ")} and ${evict ? "evict" : "delete"} ${evicted.length} pod${evicted.length === 1 ? "" : "s"}${evicted.length > 0 ? `: ${evicted.slice(0, 8).join(", ")}${evicted.length > 8 ? ", …" : ""}` : ""}`,
    risk: "high",
    notes: [
      ...notes,
      "the engine does not wait for evicted pods to terminate; follow with get pods",
    ],
    finalMessage: nodes.map((n) => `${label(n)} drained`).join("\n"),
  };
}

type Verdict = { kind: "evict" | "skip" | "block"; note?: string };

function classify(pod: Obj, flags: VerbContext["command"]["flags"]): Verdict {
  const meta = (pod.metadata ?? {}) as Obj;
  const annotations = (meta.annotations ?? {}) as Record<string, string>;
  if (annotations["kubernetes.io/config.mirror"] !== undefined) return { kind: "skip" };
  const phase = ((pod.status ?? {}) as Obj).phase;
  const finished = phase === "Succeeded" || phase === "Failed";
  const controller = ((meta.ownerReferences ?? []) as Obj[]).find((r) => r.controller === true);
  if (controller?.kind === "DaemonSet") {
    return flags.bool("ignore-daemonsets")
      ? { kind: "skip", note: "ignoring DaemonSet-managed Pods" }
      : {
          kind: "block",
          note: "cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore)",
        };
  }
  if (!controller && !finished) {
    if (!flags.bool("force"))
      return {
        kind: "block",
        note: "cannot delete Pods that declare no controller (use --force to override)",
      };
  }
  const volumes = (((pod.spec ?? {}) as Obj).volumes ?? []) as Obj[];
  if (!finished && volumes.some((v) => v.emptyDir !== undefined)) {
    if (!flags.bool("delete-emptydir-data")) {
      return {
        kind: "block",
        note: "cannot delete Pods with local storage (use --delete-emptydir-data to override)",
      };
    }
    return { kind: "evict", note: "deleting Pods with local storage" };
  }
  return controller
    ? { kind: "evict" }
    : { kind: "evict", note: "deleting Pods that declare no controller" };
}

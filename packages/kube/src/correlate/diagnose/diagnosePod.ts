import type { Pod } from "../../model/objects";
import { parseTime } from "../../model/parseTime";
import type { Draft } from "../Candidate";
import { parseMissingConfig } from "../configReference";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence, podEvidence } from "../evidence";
import type { PodProblem } from "../podProblem";
import type { Workload } from "../workloads";
import { describeWorkload, workloadDraft } from "./baseDraft";
import { diagnoseCrash } from "./crash";
import { diagnoseImagePull } from "./imagePull";
import { diagnoseMissingConfig } from "./missingConfig";
import { diagnoseNode, isNodeUnhealthy } from "./node";
import { diagnoseNotReady } from "./notReady";
import { diagnoseClaims } from "./storage";
import { diagnoseUnschedulable } from "./unschedulable";

const IMAGE_REASONS = new Set([
  "ErrImagePull",
  "ImagePullBackOff",
  "InvalidImageName",
  "ErrImageNeverPull",
  "ImageInspectError",
]);

/** A restart that ended within this window still counts as crashing. @default 3_600_000 */
const RECENT_CRASH_MS = 3_600_000;

/** The root cause behind one unhealthy pod, framed around its workload. */
export async function diagnosePod(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
): Promise<Draft> {
  const nodeName = pod.spec?.nodeName;
  const node = nodeName === undefined ? undefined : ctx.snapshot.get("nodes", undefined, nodeName);
  const onBadNode = node !== undefined && isNodeUnhealthy(node);
  switch (problem.type) {
    case "evicted":
    case "lost":
      if (onBadNode) return diagnoseNode(ctx, node) ?? generic(ctx, pod, problem, w);
      return generic(ctx, pod, problem, w);
    case "unschedulable":
      return diagnoseUnschedulable(ctx, pod, problem, w);
    case "waiting":
      if (IMAGE_REASONS.has(problem.reason)) return diagnoseImagePull(ctx, pod, problem, w);
      if (problem.reason === "CreateContainerConfigError")
        return (
          diagnoseMissingConfig(ctx, pod, problem, w, problem.message, problem.container) ??
          generic(ctx, pod, problem, w)
        );
      return diagnoseCrash(ctx, pod, problem, w);
    case "terminated":
      return diagnoseCrash(ctx, pod, problem, w);
    case "notReady": {
      if (onBadNode) return diagnoseNode(ctx, node) ?? generic(ctx, pod, problem, w);
      const last = problem.last;
      const recent =
        last != null && ctx.now - parseTime(last.finishedAt, ctx.now) < RECENT_CRASH_MS;
      if (problem.restarts > 0 && last != null && (last.exitCode ?? 0) !== 0 && recent)
        return diagnoseCrash(ctx, pod, problem, w);
      return diagnoseNotReady(ctx, pod, problem, w);
    }
    case "pending": {
      const events = ctx.snapshot
        .eventsFor(pod.metadata?.namespace, pod.metadata?.name ?? "")
        .filter((e) => e.type !== "Normal");
      for (const e of [...events].reverse()) {
        if (parseMissingConfig(e.message) !== undefined) {
          const d = diagnoseMissingConfig(ctx, pod, problem, w, e.message, undefined);
          if (d !== undefined) return d;
        }
      }
      return diagnoseClaims(ctx, pod, problem, w) ?? generic(ctx, pod, problem, w);
    }
  }
}

/** Nothing more specific: the pod's own words. */
function generic(ctx: CorrelationContext, pod: Pod, problem: PodProblem, w: Workload): Draft {
  const text =
    problem.type === "evicted"
      ? `Pod ${pod.metadata?.name ?? ""} was evicted: ${problem.message}`
      : problem.type === "waiting"
        ? `Container ${problem.container} waits with ${problem.reason}: ${problem.message}`
        : `Pod ${pod.metadata?.name ?? ""} is unhealthy (${problem.type}).`;
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "Other",
    0.5,
    `${describeWorkload(w)}: ${text}`,
    text,
  );
  const container = pod.spec?.containers?.[0]?.name;
  if (container !== undefined) draft.evidence.push(podEvidence(pod, container));
  const ev = eventsEvidence(ctx, pod.metadata?.namespace, pod.metadata?.name ?? "");
  if (ev !== undefined) draft.evidence.push(ev);
  return draft;
}

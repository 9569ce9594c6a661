import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import type { ContainerStatus, Pod } from "../../model/objects";
import { parentObject } from "../parentObject";
import { listTargets, objectName, result, type Analyzer, type AnalyzerContext } from "./Analyzer";

/** Waiting reasons k8sgpt reports with the kubelet's own message (POD-6). */
const ERROR_WAITING_REASONS = new Set([
  "CrashLoopBackOff",
  "ImagePullBackOff",
  "CreateContainerConfigError",
  "PreCreateHookError",
  "CreateContainerError",
  "PreStartHookError",
  "RunContainerError",
  "ImageInspectError",
  "ErrImagePull",
  "ErrImageNeverPull",
  "InvalidImageName",
]);

const CREATION_EVENT_REASONS = new Set(["FailedCreatePodSandBox", "FailedMount"]);

/** Pods that cannot be scheduled, were evicted, or whose containers wait, crash or fail probes. */
export const podAnalyzer: Analyzer = {
  name: "Pod",
  core: true,
  needs: ["pods", "events", "replicasets", "deployments", "statefulsets", "daemonsets", "jobs"],
  run(context) {
    const out: AnalysisResultItem[] = [];
    for (const pod of listTargets(context, "pods")) {
      const failures = podFailures(context, pod);
      if (failures.length > 0)
        out.push(result("Pod", objectName(pod), failures, parentObject(context.snapshot, pod)));
    }
    return out;
  },
};

/**
 * A failed attempt of a Job that has since completed is history, not a
 * problem (k8sgpt reports it; we do not — a documented deviation).
 */
function jobSucceeded(context: AnalyzerContext, pod: Pod): boolean {
  const owner = pod.metadata?.ownerReferences?.find((r) => r.kind === "Job");
  if (owner === undefined) return false;
  const job = context.snapshot.get("jobs", pod.metadata?.namespace, owner.name);
  return (job?.status?.conditions ?? []).some(
    (c) => (c.type === "Complete" || c.type === "SuccessCriteriaMet") && c.status === "True",
  );
}

function podFailures(context: AnalyzerContext, pod: Pod): AnalysisFailure[] {
  const f = context.failure;
  const out: AnalysisFailure[] = [];
  const phase = pod.status?.phase;
  const name = pod.metadata?.name ?? "";
  const ns = pod.metadata?.namespace ?? "";
  const conditions = pod.status?.conditions ?? [];
  if (phase === "Pending") {
    for (const c of conditions) {
      if (c.type !== "PodScheduled") continue;
      if (c.reason === "Unschedulable" && (c.message ?? "") !== "")
        out.push(f(c.message ?? "", []));
      if (c.reason === "SchedulingGated")
        out.push(
          f(
            (c.message ?? "") !== ""
              ? (c.message ?? "")
              : `Pod ${ns}/${name} is held back by its scheduling gates and cannot be scheduled until they are removed.`,
            [],
          ),
        );
    }
  }
  if (pod.status?.reason === "Evicted")
    out.push(
      f(
        (pod.status.message ?? "") !== "" ? (pod.status.message ?? "") : `Pod ${name} was evicted.`,
        [],
      ),
    );
  const statuses: ContainerStatus[] = [
    ...(pod.status?.initContainerStatuses ?? []),
    ...(pod.status?.containerStatuses ?? []),
  ];
  for (const status of statuses) out.push(...containerFailures(context, pod, status));
  return out;
}

function containerFailures(
  context: AnalyzerContext,
  pod: Pod,
  status: ContainerStatus,
): AnalysisFailure[] {
  const f = context.failure;
  const phase = pod.status?.phase;
  const podName = pod.metadata?.name ?? "";
  const ns = pod.metadata?.namespace;
  const waiting = status.state?.waiting;
  if (waiting != null) {
    const reason = waiting.reason ?? "";
    if (reason === "ContainerCreating" && phase === "Pending") {
      const event = context.snapshot.latestEvent(ns, podName);
      if (event !== undefined && CREATION_EVENT_REASONS.has(event.reason) && event.message !== "")
        return [f(event.message, [])];
      return [];
    }
    const last = status.lastState?.terminated;
    if (reason === "CrashLoopBackOff" && last != null) {
      const how = last.reason !== undefined && last.reason !== "" ? last.reason : "Unknown";
      const code = last.exitCode === undefined ? "" : ` (exit code ${last.exitCode})`;
      return [
        f(
          `Container ${status.name} of pod ${podName} is in CrashLoopBackOff: its last run ended with ${how}${code}.`,
          [],
        ),
      ];
    }
    if (ERROR_WAITING_REASONS.has(reason) && (waiting.message ?? "") !== "")
      return [f(waiting.message ?? "", [])];
    return [];
  }
  const terminated = status.state?.terminated;
  if (terminated != null) {
    if ((terminated.exitCode ?? 0) === 0 || jobSucceeded(context, pod)) return [];
    const how =
      terminated.reason !== undefined && terminated.reason !== "" ? terminated.reason : "Unknown";
    return [
      f(
        `Container ${status.name} of pod ${podName} terminated with ${how} (exit code ${terminated.exitCode ?? 0}).`,
        [],
      ),
    ];
  }
  if (status.ready === false && phase === "Running") {
    const event = context.snapshot.latestEvent(ns, podName);
    if (event !== undefined && event.reason === "Unhealthy" && event.message !== "")
      return [f(event.message, [])];
  }
  return [];
}

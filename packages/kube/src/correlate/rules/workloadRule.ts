import type { Pod } from "../../model/objects";
import { matchesEqualityMap } from "../../model/labelSelector";
import { mapLimit } from "../../model/mapLimit";
import { addRelated, ref, type Draft } from "../Candidate";
import type { CorrelationContext } from "../CorrelationContext";
import { diagnosePod } from "../diagnose/diagnosePod";
import { revision } from "../diagnose/previousImage";
import { podProblem, problemStatus, type PodProblem } from "../podProblem";
import { workloadKey, workloadOf, type Workload } from "../workloads";
import type { Rule } from "./Rule";

/** Workloads diagnosed at once. @default 8 */
const CONCURRENCY = 8;

/** Which problem best represents a workload: the most specific first. */
const PRIORITY: Record<PodProblem["type"], number> = {
  waiting: 6,
  terminated: 5,
  unschedulable: 5,
  notReady: 4,
  pending: 3,
  lost: 2,
  evicted: 1,
};

/**
 * Groups unhealthy pods by the workload that owns them, diagnoses one
 * representative pod per workload (from the newest revision when a rollout is
 * under way), and attaches every symptom: the workload, its pods, the
 * Services left without endpoints, the Ingresses in front of them.
 */
export const workloadRule: Rule = {
  name: "workload",
  async run(ctx) {
    const groups = new Map<string, { w: Workload; pods: { pod: Pod; problem: PodProblem }[] }>();
    const pods =
      ctx.namespace === undefined
        ? ctx.snapshot.list("pods")
        : ctx.snapshot.list("pods", ctx.namespace);
    for (const pod of pods) {
      const problem = podProblem(pod, ctx.now);
      if (problem === undefined) continue;
      const w = workloadOf(ctx.snapshot, pod);
      if (w.kind === "Job" || w.kind === "CronJob") {
        // The pod's own Job decides, also under a CronJob (whose runs are Jobs).
        const jobName =
          w.kind === "Job"
            ? w.name
            : pod.metadata?.ownerReferences?.find((r) => r.kind === "Job")?.name;
        const job =
          jobName === undefined ? undefined : ctx.snapshot.get("jobs", w.namespace, jobName);
        // Failed Jobs belong to the job rule; finished Job pods are history.
        if (job === undefined || isJobFailed(job) || (job.status?.active ?? 0) === 0) continue;
      }
      const key = workloadKey(w);
      const group = groups.get(key) ?? { w, pods: [] };
      group.pods.push({ pod, problem });
      groups.set(key, group);
    }
    const ordered = [...groups.values()].sort((a, b) =>
      workloadKey(a.w) < workloadKey(b.w) ? -1 : 1,
    );
    // Diagnoses read logs; several workloads are diagnosed at once.
    return mapLimit(ordered, CONCURRENCY, async ({ w, pods: members }) => {
      const chosen = representative(ctx, members);
      const draft = await diagnosePod(ctx, chosen.pod, chosen.problem, w);
      attachSymptoms(ctx, draft, w, members);
      return draft;
    });
  },
};

export function isJobFailed(job: {
  status?: {
    conditions?: { type: string; status: string }[] | null;
    failed?: number;
    active?: number;
    succeeded?: number;
  };
}): boolean {
  const conditions = job.status?.conditions ?? [];
  if (
    conditions.some(
      (c) => (c.type === "Complete" || c.type === "SuccessCriteriaMet") && c.status === "True",
    )
  )
    return false;
  if (
    conditions.some(
      (c) => (c.type === "Failed" || c.type === "FailureTarget") && c.status === "True",
    )
  )
    return true;
  return (
    (job.status?.failed ?? 0) > 0 &&
    (job.status?.active ?? 0) === 0 &&
    (job.status?.succeeded ?? 0) === 0
  );
}

function representative(
  ctx: CorrelationContext,
  members: { pod: Pod; problem: PodProblem }[],
): { pod: Pod; problem: PodProblem } {
  const rev = (p: Pod) => {
    const rsName = p.metadata?.ownerReferences?.find((r) => r.kind === "ReplicaSet")?.name;
    const rs =
      rsName === undefined
        ? undefined
        : ctx.snapshot.get("replicasets", p.metadata?.namespace, rsName);
    return rs === undefined ? 0 : revision(rs);
  };
  return [...members].sort(
    (a, b) =>
      rev(b.pod) - rev(a.pod) ||
      PRIORITY[b.problem.type] - PRIORITY[a.problem.type] ||
      ((a.pod.metadata?.name ?? "") < (b.pod.metadata?.name ?? "") ? -1 : 1),
  )[0] as { pod: Pod; problem: PodProblem };
}

function attachSymptoms(
  ctx: CorrelationContext,
  draft: Draft,
  w: Workload,
  members: { pod: Pod; problem: PodProblem }[],
): void {
  const ns = w.namespace;
  const ready = readyReplicas(w);
  if (w.kind !== "Pod") addRelated(draft, ref(w.kind, ns, w.name, ready));
  for (const { pod } of members) {
    const rsName = pod.metadata?.ownerReferences?.find((r) => r.kind === "ReplicaSet")?.name;
    if (rsName !== undefined) addRelated(draft, ref("ReplicaSet", ns, rsName));
  }
  for (const { pod, problem } of members.slice(0, 20))
    addRelated(draft, ref("Pod", ns, pod.metadata?.name ?? "", problemStatus(problem)));
  const services = ctx.snapshot
    .list("services", ns)
    .filter((s) =>
      members.some(({ pod }) => matchesEqualityMap(s.spec?.selector, pod.metadata?.labels)),
    );
  for (const svc of services) {
    const svcName = svc.metadata?.name ?? "";
    addRelated(draft, ref("Service", ns, svcName));
    for (const ing of ctx.snapshot.list("ingresses", ns))
      if (
        (ing.spec?.rules ?? []).some((r) =>
          (r.http?.paths ?? []).some((p) => p.backend?.service?.name === svcName),
        )
      )
        addRelated(draft, ref("Ingress", ns, ing.metadata?.name ?? ""));
  }
  const total = members.length;
  const none = ready.startsWith("0/");
  if (draft.severity !== "critical")
    draft.severity = none || (w.kind === "Pod" && total > 0) ? "critical" : "high";
}

function readyReplicas(w: Workload): string {
  const o = w.object as
    | {
        spec?: { replicas?: number };
        status?: { readyReplicas?: number; numberReady?: number; desiredNumberScheduled?: number };
      }
    | undefined;
  if (o === undefined) return "";
  if (w.kind === "DaemonSet")
    return `${o.status?.numberReady ?? 0}/${o.status?.desiredNumberScheduled ?? 0} ready`;
  if (o.spec?.replicas === undefined) return "";
  return `${o.status?.readyReplicas ?? 0}/${o.spec.replicas} ready`;
}

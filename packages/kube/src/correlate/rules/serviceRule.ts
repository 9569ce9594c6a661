import { formatEqualityMap, matchesEqualityMap } from "../../model/labelSelector";
import type { Pod, Service } from "../../model/objects";
import { selectedPods, serviceEndpoints } from "../../model/serviceEndpoints";
import { addRelated, ref, refKey, type Draft } from "../Candidate";
import { humanDuration } from "../../model/humanDuration";
import { cmd } from "../commands";
import { eventLines } from "../evidence";
import type { CorrelationContext } from "../CorrelationContext";
import { podProblem, problemStatus } from "../podProblem";
import { workloadOf } from "../workloads";
import { inScope, type Rule } from "./Rule";

/**
 * Services with no ready endpoint. Three answers: the selector matches no
 * pod but some pods nearly match (ServiceSelectorMismatch, with the labels
 * that differ); it matches no pod and nothing resembles it (NoEndpoints: the
 * workload is missing or scaled to zero); it matches pods that are not ready
 * — then the pods' own problem is the cause and this candidate, a symptom,
 * ranks below it.
 */
export const serviceRule: Rule = {
  name: "service",
  run(ctx) {
    const drafts: Draft[] = [];
    for (const svc of inScope(ctx, ctx.snapshot.list("services"))) {
      const selector = svc.spec?.selector ?? {};
      if (Object.keys(selector).length === 0 || svc.spec?.type === "ExternalName") continue;
      const ep = serviceEndpoints(ctx.snapshot, svc);
      if (ep.ready.length > 0) continue;
      const pods = selectedPods(ctx.snapshot, svc).filter(
        (p) => p.status?.phase !== "Succeeded" && p.status?.phase !== "Failed",
      );
      drafts.push(pods.length === 0 ? unmatched(ctx, svc) : notReady(ctx, svc, pods));
    }
    return drafts;
  },
};

function base(
  svc: Service,
  category: Draft["category"],
  score: number,
  summary: string,
  rootCause: string,
): Draft {
  return {
    category,
    severity: "critical",
    score,
    primary: {
      kind: "Service",
      namespace: svc.metadata?.namespace ?? "",
      name: svc.metadata?.name ?? "",
    },
    related: [],
    summary,
    rootCause,
    evidence: [],
    fixes: [],
  };
}

function unmatched(ctx: CorrelationContext, svc: Service): Draft {
  const ns = svc.metadata?.namespace ?? "";
  const name = svc.metadata?.name ?? "";
  const selector = svc.spec?.selector ?? {};
  const sel = formatEqualityMap(selector);
  const near = nearestPods(ctx, svc);
  const endpointsEvidence = {
    source: "kubectl" as const,
    command: cmd.get("endpoints", name, ns),
    excerpt: `NAME${" ".repeat(Math.max(1, name.length - 1))}ENDPOINTS   AGE\n${name}   <none>`,
  };
  if (near !== undefined) {
    const diff = Object.entries(selector)
      .filter(([k, v]) => near.labels[k] !== v)
      .map(([k, v]) =>
        near.labels[k] === undefined
          ? `${k}=${v} (the pods have no ${k} label)`
          : `${k}=${v} (the pods have ${k}=${near.labels[k]})`,
      );
    const d = base(
      svc,
      "ServiceSelectorMismatch",
      0.93,
      `Service ${ns}/${name} selects no pod: its selector ${sel} does not match the labels of ${near.workload}.`,
      `Service ${ns}/${name} has no endpoints because its selector ${sel} matches no pod. The pods of ${near.workload} look like its intended backends but differ on ${diff.join(", ")}.`,
    );
    addRelated(
      d,
      ref(near.kind, ns, near.name),
      ...near.pods.slice(0, 10).map((p) => ref("Pod", ns, p.metadata?.name ?? "", "Running")),
    );
    d.evidence.push(endpointsEvidence);
    d.evidence.push({
      source: "kubectl",
      command: cmd.get("service", name, ns, "jsonpath={.spec.selector}"),
      excerpt: JSON.stringify(selector),
    });
    d.evidence.push({
      source: "kubectl",
      command: cmd.getList("pods", ns, "--show-labels"),
      excerpt: near.pods
        .slice(0, 5)
        .map(
          (p) =>
            `${p.metadata?.name ?? ""}   ${p.status?.phase ?? ""}   ${formatEqualityMap(p.metadata?.labels)}`,
        )
        .join("\n"),
    });
    const fixed = Object.fromEntries(Object.keys(selector).map((k) => [k, near.labels[k] ?? null]));
    d.fixes.push({
      title: `Make the selector of ${name} match the pods of ${near.workload}`,
      rationale: `With ${formatEqualityMap(Object.fromEntries(Object.entries(fixed).filter(([, v]) => v !== null) as [string, string][]))} the Service selects the running pods and gets endpoints at once.`,
      command: cmd.patch("service", name, ns, { spec: { selector: fixed } }),
      risk: "medium",
      requiresApproval: true,
    });
    return d;
  }
  // A workload meant to back the Service that has no pod at all (refused, not yet created):
  // its own candidate names why; this one is its symptom.
  const podless = [
    ...ctx.snapshot.list("deployments", ns),
    ...ctx.snapshot.list("statefulsets", ns),
  ].find(
    (wl) =>
      matchesEqualityMap(selector, wl.spec?.template?.metadata?.labels) &&
      (wl.spec?.replicas ?? 1) > 0,
  );
  if (podless !== undefined) {
    const workload = ref(podless.kind ?? "Deployment", ns, podless.metadata?.name ?? "", "0 pods");
    const d = base(
      svc,
      "NoEndpoints",
      0.45,
      `Service ${ns}/${name} has no endpoints: ${workload.kind} ${ns}/${workload.name} has no pod.`,
      `Service ${ns}/${name} has no endpoints: its backend ${workload.kind} ${ns}/${workload.name} wants ${podless.spec?.replicas ?? 1} replica(s) but has no pod at all; why its pods are not created is the cause.`,
    );
    addRelated(d, workload);
    d.dependsOn = [refKey(workload)];
    d.evidence.push(endpointsEvidence);
    return d;
  }
  const scaledToZero = ctx.snapshot
    .list("deployments", ns)
    .find(
      (dep) =>
        matchesEqualityMap(selector, dep.spec?.template?.metadata?.labels) &&
        dep.spec?.replicas === 0,
    );
  // The scale-down itself, when its event is still there: when it happened and from how many.
  const scaleDown =
    scaledToZero === undefined
      ? undefined
      : ctx.snapshot
          .eventsFor(ns, scaledToZero.metadata?.name ?? "", "Deployment")
          .filter((e) => e.reason === "ScalingReplicaSet" && /\bto 0$/.test(e.message))
          .at(-1);
  const d = base(
    svc,
    "NoEndpoints",
    scaledToZero !== undefined ? 0.85 : 0.75,
    `Service ${ns}/${name} has no endpoints: no pod carries ${sel}.`,
    scaledToZero !== undefined
      ? `Service ${ns}/${name} has no endpoints: its backend Deployment ${ns}/${scaledToZero.metadata?.name ?? ""} is scaled to 0 replicas${scaleDown === undefined ? "" : ` (${humanDuration(ctx.now - scaleDown.lastTime)} ago: "${scaleDown.message}")`}. No pod is failing: there is none to route to.`
      : `Service ${ns}/${name} has no endpoints: no pod in ${ns} carries its selector ${sel}, and no workload's pod template does either.`,
  );
  d.evidence.push(endpointsEvidence);
  if (scaleDown !== undefined)
    d.evidence.push({
      source: "events",
      command: cmd.events(ns, scaledToZero?.metadata?.name ?? ""),
      excerpt: eventLines([scaleDown], ctx.now),
    });
  d.evidence.push({
    source: "kubectl",
    command: cmd.podsBySelector(ns, sel),
    excerpt: `No resources found in ${ns} namespace.`,
  });
  if (scaledToZero !== undefined) {
    addRelated(d, ref("Deployment", ns, scaledToZero.metadata?.name ?? "", "0/0 ready"));
    d.fixes.push({
      title: `Scale ${scaledToZero.metadata?.name ?? ""} back up`,
      rationale: "The Service has no backend while its Deployment runs no pods.",
      command: cmd.scale("Deployment", scaledToZero.metadata?.name ?? "", ns, 1),
      risk: "low",
      requiresApproval: true,
    });
  }
  return d;
}

/** The workload whose pods share the most selector labels (at least one key, value or name in common). */
function nearestPods(
  ctx: CorrelationContext,
  svc: Service,
):
  | { workload: string; kind: string; name: string; labels: Record<string, string>; pods: Pod[] }
  | undefined {
  const ns = svc.metadata?.namespace ?? "";
  const selector = svc.spec?.selector ?? {};
  const svcName = svc.metadata?.name ?? "";
  let best:
    | {
        score: number;
        workload: string;
        kind: string;
        name: string;
        labels: Record<string, string>;
        pods: Pod[];
      }
    | undefined;
  const groups = new Map<string, Pod[]>();
  for (const pod of ctx.snapshot.list("pods", ns)) {
    if (pod.status?.phase === "Succeeded" || pod.status?.phase === "Failed") continue;
    const w = workloadOf(ctx.snapshot, pod);
    if (w.kind === "Job" || w.kind === "CronJob") continue;
    const key = `${w.kind}/${w.name}`;
    groups.set(key, [...(groups.get(key) ?? []), pod]);
  }
  for (const [key, pods] of groups) {
    const labels = pods[0]?.metadata?.labels ?? {};
    let score = 0;
    for (const [k, v] of Object.entries(selector)) {
      if (labels[k] === v) score += 2;
      else if (labels[k] !== undefined) score += 1;
      else if (Object.values(labels).some((lv) => lv === v || lv.includes(v) || v.includes(lv)))
        score += 1;
    }
    const [kind = "", name = ""] = key.split("/");
    if (name !== "" && (name === svcName || name.includes(svcName) || svcName.includes(name)))
      score += 1;
    if (score >= 2 && (best === undefined || score > best.score))
      best = { score, workload: `${kind} ${ns}/${name}`, kind, name, labels, pods };
  }
  return best;
}

function notReady(ctx: CorrelationContext, svc: Service, pods: Pod[]): Draft {
  const ns = svc.metadata?.namespace ?? "";
  const name = svc.metadata?.name ?? "";
  const states = pods.map((p) => ({ pod: p, problem: podProblem(p, ctx.now) }));
  const pending = states.filter((s) => s.pod.status?.phase === "Pending").length;
  const d = base(
    svc,
    "NoEndpoints",
    0.45,
    `Service ${ns}/${name} has no ready endpoint: all ${pods.length} matching pod(s) are unready${pending > 0 ? ` (${pending} Pending)` : ""}.`,
    `Service ${ns}/${name} selects ${pods.length} pod(s) but none is ready${pending > 0 ? ` (${pending} Pending)` : ""}, so it has no endpoints; the pods' own failure is the cause.`,
  );
  d.dependsOn = [];
  for (const s of states.slice(0, 10)) {
    const w = workloadOf(ctx.snapshot, s.pod);
    const workload = ref(w.kind, ns, w.name);
    const pod = ref(
      "Pod",
      ns,
      s.pod.metadata?.name ?? "",
      s.problem === undefined ? "not ready" : problemStatus(s.problem),
    );
    addRelated(d, workload, pod);
    d.dependsOn.push(refKey(workload), refKey(pod));
  }
  d.evidence.push({
    source: "kubectl",
    command: cmd.podsBySelector(ns, formatEqualityMap(svc.spec?.selector)),
    excerpt: states
      .slice(0, 5)
      .map(
        (s) =>
          `${s.pod.metadata?.name ?? ""}   ${s.problem === undefined ? (s.pod.status?.phase ?? "") : problemStatus(s.problem)}`,
      )
      .join("\n"),
  });
  return d;
}

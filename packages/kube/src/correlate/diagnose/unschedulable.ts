import type { LabelSelector, Node, Pod, Toleration } from "../../model/objects";
import { formatBytes, formatCpu, parseQuantity } from "../../model/quantity";
import { formatEqualityMap, matchesLabelSelector } from "../../model/labelSelector";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence } from "../evidence";
import type { PodProblem } from "../podProblem";
import {
  droppingHelps,
  explainNodeAffinity,
  formatRequirement,
  nodeAffinityMatches,
  requiredNodeTerms,
  type NodeAffinityVerdict,
} from "../nodeAffinity";
import {
  explainPodAffinity,
  explainPodAntiAffinity,
  type PodAffinityVerdict,
} from "../podAffinity";
import { decodeSchedulerMessage, type SchedulingReason } from "../schedulerMessage";
import { podSpecPointer, templateOf, type Workload } from "../workloads";
import { describeWorkload, workloadDraft } from "./baseDraft";
import { diagnoseNode, isNodeUnhealthy } from "./node";
import { diagnoseClaims } from "./storage";
import { addTemplateFix } from "./templateFix";

/** A pod the scheduler cannot place: the scheduler's reason, decoded against the pod and the nodes. */
export function diagnoseUnschedulable(
  ctx: CorrelationContext,
  pod: Pod,
  problem: Extract<PodProblem, { type: "unschedulable" }>,
  w: Workload,
): Draft {
  const decoded = decodeSchedulerMessage(problem.message);
  let reason = decoded.decisive;
  if (reason?.kind === "unboundPvc" || (reason === undefined && claimNames(pod).length > 0)) {
    const storage = diagnoseClaims(ctx, pod, problem, w);
    if (storage !== undefined) return storage;
  }
  const nodes = ctx.snapshot.list("nodes");
  // The nodes the pod is meant for (its nodeSelector and required node
  // affinity match them). When the scheduler says most nodes "didn't match",
  // the decisive reason is whatever rules out these few: they are down,
  // tainted or cordoned.
  const pinned =
    Object.keys(pod.spec?.nodeSelector ?? {}).length > 0 || requiredNodeTerms(pod).length > 0;
  const intended = pinned ? nodes.filter((n) => matchesSelector(pod, n)) : [];
  if (intended.length > 0 && (reason === undefined || reason.kind === "selector")) {
    const down = intended.filter(isNodeUnhealthy);
    if (down.length === intended.length) {
      const d = diagnoseNode(ctx, down[0]!);
      if (d !== undefined) {
        d.rootCause += ` Pod ${pod.metadata?.name ?? ""} of ${describeWorkload(w)} can only run on ${pinnedTo(pod)}, and ${down.map((n) => n.metadata?.name ?? "").join(", ")} ${down.length === 1 ? "is" : "are"} down, so it stays Pending.`;
        addRelated(
          d,
          ref(w.kind, w.namespace, w.name),
          ref("Pod", pod.metadata?.namespace, pod.metadata?.name ?? "", "Pending"),
        );
        return d;
      }
    }
    const blocking = intended.flatMap((n) =>
      (n.spec?.taints ?? []).filter(
        (t) => !tolerates(pod.spec?.tolerations ?? [], t) && t.effect !== "PreferNoSchedule",
      ),
    );
    const taintReason = decoded.reasons.find(
      (r) =>
        r.kind === "taint" &&
        blocking.some((t) => r.detail?.startsWith(t.key ?? "\u0000") === true),
    );
    if (taintReason !== undefined) reason = taintReason;
    else if (intended.every((n) => n.spec?.unschedulable === true))
      reason = decoded.reasons.find((r) => r.kind === "unschedulableNode") ?? reason;
  }
  const detail: Detail = {
    // Nodes the pod could use but for the affinity come first: the closest ones named are those.
    nodeAffinity:
      reason?.kind === "selector"
        ? explainNodeAffinity(pod, [
            ...nodes.filter((n) => usable(pod, n)),
            ...nodes.filter((n) => !usable(pod, n)),
          ])
        : undefined,
    podAffinity:
      reason?.kind === "antiAffinity"
        ? explainPodAntiAffinity(ctx.snapshot, pod, eligibleNodes(pod, nodes))
        : reason?.kind === "affinity"
          ? explainPodAffinity(ctx.snapshot, pod, eligibleNodes(pod, nodes))
          : undefined,
  };
  const explanation = reason === undefined ? problem.message : explain(reason, pod, nodes, detail);
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "Unschedulable",
    0.92,
    `${describeWorkload(w)} has pods stuck Pending: ${shortReason(reason)}.`,
    `The scheduler cannot place pod ${pod.metadata?.name ?? ""} of ${describeWorkload(w)}: ${explanation} Scheduler message: "${problem.message}"`,
  );
  const ns = pod.metadata?.namespace ?? "";
  draft.evidence.push({
    source: "kubectl",
    command: cmd.describe("pod", pod.metadata?.name ?? "", ns),
    excerpt: `Conditions:\n  Type           Status\n  PodScheduled   False\nEvents:\n  Warning  FailedScheduling  default-scheduler  ${problem.message}`,
  });
  const ev = eventsEvidence(
    ctx,
    ns,
    pod.metadata?.name ?? "",
    (e) => e.reason === "FailedScheduling",
  );
  if (ev !== undefined) draft.evidence.push(ev);
  addRelated(
    draft,
    ...(detail.nodeAffinity?.closest ?? [])
      .slice(0, 3)
      .flatMap((c) =>
        c.failing.length === 0
          ? []
          : [
              ref(
                "Node",
                undefined,
                c.node.metadata?.name ?? "",
                `fails ${c.failing.map((r) => formatRequirement(r.req)).join(", ")}`,
              ),
            ],
      ),
    ...(detail.podAffinity?.nodes ?? []).slice(0, 5).map((n) => ref("Node", undefined, n)),
    ...(detail.podAffinity?.pods ?? [])
      .slice(0, 5)
      .map((p) => ref("Pod", p.metadata?.namespace, p.metadata?.name ?? "", p.spec?.nodeName)),
  );
  addFixes(draft, reason, pod, nodes, w, detail);
  return draft;
}

/** What the scheduler's reason was decoded into, beyond the message. */
interface Detail {
  nodeAffinity: NodeAffinityVerdict | undefined;
  podAffinity: PodAffinityVerdict | undefined;
}

/** Whether a node carries every label of the pod's nodeSelector and matches its required node affinity. */
function matchesSelector(pod: Pod, node: Node): boolean {
  return (
    Object.entries(pod.spec?.nodeSelector ?? {}).every(
      ([k, v]) => node.metadata?.labels?.[k] === v,
    ) && nodeAffinityMatches(pod, node)
  );
}

/** `node(s) labelled k=v` and/or `node(s) matching its required node affinity`. */
function pinnedTo(pod: Pod): string {
  const parts: string[] = [];
  if (Object.keys(pod.spec?.nodeSelector ?? {}).length > 0)
    parts.push(`node(s) labelled ${formatEqualityMap(pod.spec?.nodeSelector)}`);
  if (requiredNodeTerms(pod).length > 0)
    parts.push(`${parts.length > 0 ? "" : "node(s) "}matching its required node affinity`);
  return parts.join(" and ");
}

/**
 * The nodes the pod could use apart from pod (anti-)affinity: not cordoned,
 * every NoSchedule/NoExecute taint tolerated, nodeSelector and node affinity
 * matched.
 */
function eligibleNodes(pod: Pod, nodes: readonly Node[]): Node[] {
  return nodes.filter((n) => usable(pod, n) && matchesSelector(pod, n));
}

/** Not cordoned, and every NoSchedule/NoExecute taint tolerated. */
function usable(pod: Pod, n: Node): boolean {
  const tolerations = pod.spec?.tolerations ?? [];
  return (
    n.spec?.unschedulable !== true &&
    (n.spec?.taints ?? []).every(
      (t) => t.effect === "PreferNoSchedule" || tolerates(tolerations, t),
    )
  );
}

function claimNames(pod: Pod): string[] {
  return (pod.spec?.volumes ?? []).flatMap((v) =>
    v.persistentVolumeClaim == null ? [] : [v.persistentVolumeClaim.claimName],
  );
}

function shortReason(r: SchedulingReason | undefined): string {
  switch (r?.kind) {
    case "insufficient":
      return `not enough ${r.detail ?? "resources"} on any node`;
    case "selector":
      return "no node matches its node selector/affinity";
    case "taint":
      return `nodes carry a taint it does not tolerate (${r.detail ?? ""})`;
    case "affinity":
      return "its pod affinity rules match no node";
    case "antiAffinity":
      return "its pod anti-affinity rules exclude every node";
    case "unschedulableNode":
      return "the nodes are cordoned";
    case "unboundPvc":
      return "its PersistentVolumeClaim is not bound";
    case "volumeAffinity":
      return "its volume is bound to another zone";
    case "ports":
      return "the host port it asks for is taken";
    case "tooManyPods":
      return "the nodes are full (pod limit)";
    case "other":
    case undefined:
      return "the scheduler rejects every node";
  }
}

/** Sum of container requests (the larger of that and any init container's). */
function podRequest(pod: Pod, resource: string): number {
  const main = (pod.spec?.containers ?? []).reduce(
    (n, c) => n + (parseQuantity(c.resources?.requests?.[resource]) ?? 0),
    0,
  );
  const init = Math.max(
    0,
    ...(pod.spec?.initContainers ?? []).map(
      (c) => parseQuantity(c.resources?.requests?.[resource]) ?? 0,
    ),
  );
  return Math.max(main, init);
}

/** A quantity as the node reports it, with a readable size beside odd Ki figures (16181304Ki (~15.4Gi)). */
function fmt(resource: string, n: number): string {
  if (resource === "cpu") return formatCpu(n);
  if (resource !== "memory") return String(n);
  const exact = formatBytes(n);
  return exact.endsWith("Ki") && n >= 2 ** 30
    ? `${exact} (~${Math.round((n / 2 ** 30) * 10) / 10}Gi)`
    : exact;
}

function schedulable(nodes: readonly Node[]): Node[] {
  return nodes.filter(
    (n) =>
      n.spec?.unschedulable !== true &&
      !(n.spec?.taints ?? []).some(
        (t) =>
          t.effect === "NoSchedule" &&
          /node-role\.kubernetes\.io\/(?:control-plane|master)/.test(t.key ?? ""),
      ),
  );
}

function explain(r: SchedulingReason, pod: Pod, nodes: readonly Node[], detail: Detail): string {
  switch (r.kind) {
    case "insufficient": {
      const res = r.detail ?? "cpu";
      const want = podRequest(pod, res);
      const workers = schedulable(nodes);
      const best = Math.max(
        0,
        ...workers.map((n) => parseQuantity(n.status?.allocatable?.[res]) ?? 0),
      );
      if (want > 0 && best > 0 && want > best)
        return `it requests ${fmt(res, want)} ${res}, more than any node can offer (the largest allocatable is ${fmt(res, best)}).`;
      return `it requests ${fmt(res, want)} ${res} and no node has that much ${res} left unreserved (${r.nodes} node(s) insufficient).`;
    }
    case "selector": {
      const selector = pod.spec?.nodeSelector ?? {};
      const unmatched = Object.entries(selector).filter(
        ([k, v]) => !nodes.some((n) => n.metadata?.labels?.[k] === v),
      );
      const parts: string[] = [];
      if (unmatched.length > 0)
        parts.push(
          `its nodeSelector asks for ${unmatched.map(([k, v]) => `${k}=${v}`).join(", ")}, a label no node carries.`,
        );
      if (detail.nodeAffinity !== undefined) parts.push(detail.nodeAffinity.text);
      return parts.length > 0
        ? parts.join(" ")
        : "its node affinity or nodeSelector matches no node.";
    }
    case "taint": {
      const tolerated = pod.spec?.tolerations ?? [];
      const tainted = nodes.filter((n) =>
        (n.spec?.taints ?? []).some((t) => !tolerates(tolerated, t)),
      );
      const key = /^[^:\s]+/.exec(r.detail ?? "")?.[0] ?? "";
      const carriers = tainted.filter((n) => (n.spec?.taints ?? []).some((t) => t.key === key));
      const selector = pod.spec?.nodeSelector ?? {};
      const pinned =
        Object.keys(selector).length > 0 &&
        carriers.length > 0 &&
        carriers.every((n) =>
          Object.entries(selector).every(([k, v]) => n.metadata?.labels?.[k] === v),
        );
      return `${carriers.length > 0 ? `node ${carriers.map((n) => n.metadata?.name ?? "").join(", ")} carries` : "the nodes carry"} the taint {${r.detail ?? ""}}, which the pod does not tolerate${pinned ? `, and its nodeSelector ${formatEqualityMap(selector)} allows no other node` : ""}.`;
    }
    case "unschedulableNode":
      return "the nodes it could use are cordoned (spec.unschedulable).";
    case "affinity":
    case "antiAffinity":
      return detail.podAffinity?.text ?? `${r.text}.`;
    case "unboundPvc":
    case "volumeAffinity":
    case "ports":
    case "tooManyPods":
    case "other":
      return `${r.text}.`;
  }
}

function tolerates(tolerations: readonly Toleration[], taint: Toleration): boolean {
  return tolerations.some(
    (t) =>
      (t.key === undefined || t.key === "" ? t.operator === "Exists" : t.key === taint.key) &&
      (t.operator === "Exists" || (t.value ?? "") === (taint.value ?? "")) &&
      (t.effect === undefined || t.effect === "" || t.effect === taint.effect),
  );
}

function addFixes(
  draft: Draft,
  r: SchedulingReason | undefined,
  pod: Pod,
  nodes: readonly Node[],
  w: Workload,
  detail: Detail,
): void {
  const container = pod.spec?.containers?.[0]?.name;
  draft.fixes.push({
    title: "See what the nodes have left",
    rationale: "Allocated requests per node show how much room there is.",
    command: "describe nodes",
    risk: "read-only",
    requiresApproval: false,
  });
  if (r?.kind === "insufficient" && container !== undefined) {
    const res = r.detail ?? "cpu";
    const best = Math.max(
      0,
      ...schedulable(nodes).map((n) => parseQuantity(n.status?.allocatable?.[res]) ?? 0),
    );
    const want = podRequest(pod, res);
    const target = best > 0 ? Math.min(want / 2, best / 2) : want / 2;
    const value =
      res === "cpu"
        ? formatCpu(Math.max(0.05, Math.floor(target * 20) / 20))
        : formatBytes(Math.max(2 ** 26, Math.floor(target / 2 ** 20) * 2 ** 20));
    addTemplateFix(draft, w, {
      title: `Lower the ${res} request of ${container} to fit a node`,
      rationale: `A request of ${fmt(res, want)} cannot be satisfied; a request the nodes can hold (${value}) lets the scheduler place the pods. Check the application really needs less.`,
      command: cmd.setResources(
        w.kind,
        w.name,
        w.namespace,
        container,
        `--requests=${res}=${value}`,
      ),
      risk: "medium",
      requiresApproval: true,
    });
  }
  if (r?.kind === "selector") {
    const selector = pod.spec?.nodeSelector ?? {};
    const unmatched = Object.keys(selector).filter(
      (k) => !nodes.some((n) => n.metadata?.labels?.[k] === selector[k]),
    );
    for (const key of unmatched.slice(0, 1))
      addTemplateFix(draft, w, {
        title: `Remove the nodeSelector ${key}=${selector[key] ?? ""} (no node has it)`,
        rationale:
          "Either label a node that should run these pods, or drop the selector that matches nothing.",
        command: cmd.patch(
          w.kind,
          w.name,
          w.namespace,
          [
            {
              op: "remove",
              path: `${podSpecPointer(w.kind)}/nodeSelector/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`,
            },
          ],
          "json",
        ),
        risk: "medium",
        requiresApproval: true,
      });
  }
  if (r?.kind === "selector" && detail.nodeAffinity !== undefined)
    addNodeAffinityFixes(draft, detail.nodeAffinity, pod, w, nodes);
  if (r?.kind === "antiAffinity" && detail.podAffinity?.freeDomains === 0) {
    const domains = detail.podAffinity.domains ?? 0;
    const spec = (
      w.object as { spec?: { replicas?: number; selector?: LabelSelector } } | undefined
    )?.spec;
    const replicas = spec?.replicas;
    // Scaling down frees a domain only if the pods holding them are this workload's own.
    const ownPods = detail.podAffinity.pods.every(
      (p) =>
        p.metadata?.namespace === w.namespace &&
        matchesLabelSelector(spec?.selector, p.metadata?.labels),
    );
    if (
      (w.kind === "Deployment" || w.kind === "StatefulSet") &&
      ownPods &&
      replicas !== undefined &&
      domains > 0 &&
      replicas > domains
    )
      draft.fixes.push({
        title: `Scale ${w.name} to ${domains} replica(s), one per ${domains === 1 ? "node" : "node or domain"} it may use`,
        rationale: `Its required anti-affinity allows one pod per topology domain and only ${domains} are usable; ${replicas} replicas cannot all be placed. Alternatively add nodes, or make the rule preferredDuringScheduling.`,
        command: cmd.scale(w.kind, w.name, w.namespace, domains),
        risk: "medium",
        requiresApproval: true,
      });
  }
  if (r?.kind === "taint" && r.detail !== undefined) {
    const m = /^([^:=\s]+)\s*(?:[:=]\s*([^\s}]*))?/.exec(r.detail);
    const key = m?.[1] ?? r.detail;
    const tainted = nodes.filter((n) => (n.spec?.taints ?? []).some((t) => t.key === key));
    const taint = tainted[0]?.spec?.taints?.find((t) => t.key === key);
    addRelated(
      draft,
      ...tainted.map((n) => ref("Node", undefined, n.metadata?.name ?? "", `taint ${key}`)),
    );
    const toleration = {
      key,
      operator: taint?.value ? "Equal" : "Exists",
      ...(taint?.value ? { value: taint.value } : {}),
      effect: taint?.effect ?? "NoSchedule",
    };
    const hasList = (templateOf(w.object)?.spec?.tolerations ?? []).length > 0;
    const tolerations = `${podSpecPointer(w.kind)}/tolerations`;
    addTemplateFix(draft, w, {
      title: `Let the pods tolerate the taint ${key}`,
      rationale:
        "Only if these pods are meant to run on the tainted nodes; otherwise remove the taint from a node.",
      command: cmd.patch(
        w.kind,
        w.name,
        w.namespace,
        [
          hasList
            ? { op: "add", path: `${tolerations}/-`, value: toleration }
            : { op: "add", path: tolerations, value: [toleration] },
        ],
        "json",
      ),
      risk: "medium",
      requiresApproval: true,
    });
  }
}

/**
 * For a node affinity no node matches: drop a requirement no node satisfies
 * when that lets some node match (the smallest JSON patch that does it), or
 * label the closest node when it fails a single `In` requirement.
 */
function addNodeAffinityFixes(
  draft: Draft,
  v: NodeAffinityVerdict,
  pod: Pod,
  w: Workload,
  nodes: readonly Node[],
): void {
  const required = `${podSpecPointer(w.kind)}/affinity/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution`;
  const terms = requiredNodeTerms(pod);
  // Only a requirement whose removal lets a node match: with several ORed terms, dropping
  // one impossible term leaves the others, which match no node either.
  const first = v.impossible.find((r) => droppingHelps(pod, r, nodes));
  if (first !== undefined) {
    const term = terms[first.term];
    const size = (term?.matchExpressions?.length ?? 0) + (term?.matchFields?.length ?? 0);
    const path =
      size > 1
        ? `${required}/nodeSelectorTerms/${first.term}/${first.field ? "matchFields" : "matchExpressions"}/${first.index}`
        : terms.length > 1
          ? `${required}/nodeSelectorTerms/${first.term}`
          : required;
    addTemplateFix(draft, w, {
      title: `Drop the node affinity requirement ${formatRequirement(first.req)} (no node satisfies it)`,
      rationale:
        "No node satisfies it, so the pods can never be placed. Either drop it, or label the nodes meant to run these pods.",
      command: cmd.patch(w.kind, w.name, w.namespace, [{ op: "remove", path }], "json"),
      risk: "medium",
      requiresApproval: true,
    });
  }
  const near = v.closest[0];
  const only = near?.failing.length === 1 ? near.failing[0] : undefined;
  const value = only?.req.values?.[0];
  if (
    near !== undefined &&
    only !== undefined &&
    !only.field &&
    only.req.operator === "In" &&
    value !== undefined
  ) {
    const name = near.node.metadata?.name ?? "";
    const current = near.node.metadata?.labels?.[only.req.key];
    const has = current !== undefined;
    draft.fixes.push({
      title: `Label node ${name} ${only.req.key}=${value}`,
      rationale:
        `${name} meets every other requirement of the pod's node affinity. Only if it is meant to run these pods: the label also attracts any other pod that selects it.` +
        (has
          ? ` It replaces ${only.req.key}=${current}, which pods scheduled by that value would no longer find.`
          : ""),
      command: `label node ${name} ${only.req.key}=${value}${has ? " --overwrite" : ""}`,
      risk: "medium",
      requiresApproval: true,
    });
  }
}

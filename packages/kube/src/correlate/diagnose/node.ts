import type { Node } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { conditionLine, eventsEvidence } from "../evidence";
import { podProblem, problemStatus } from "../podProblem";
import { workloadOf } from "../workloads";

const PRESSURE = new Set(["MemoryPressure", "DiskPressure", "PIDPressure"]);

/** True when a node is not Ready or reports pressure (k3s voter and custom conditions aside). */
export function isNodeUnhealthy(node: Node): boolean {
  return (node.status?.conditions ?? []).some(
    (c) =>
      (c.type === "Ready" && c.status !== "True") || (PRESSURE.has(c.type) && c.status === "True"),
  );
}

/**
 * A NotReady (or pressured) node and the pods it displaced: pods still bound
 * to it that are not healthy, and evicted pods that ran on it — in the
 * correlation's namespace when it has one.
 */
export function diagnoseNode(ctx: CorrelationContext, node: Node): Draft | undefined {
  const name = node.metadata?.name ?? "";
  const bad = (node.status?.conditions ?? []).filter((c) =>
    c.type === "Ready" ? c.status !== "True" : PRESSURE.has(c.type) && c.status === "True",
  );
  const ready = (node.status?.conditions ?? []).find((c) => c.type === "Ready");
  if (!isNodeUnhealthy(node)) return undefined;
  const displaced = ctx.snapshot
    .podsOnNode(name)
    .filter((p) => ctx.namespace === undefined || p.metadata?.namespace === ctx.namespace)
    .map((p) => ({ pod: p, problem: podProblem(p, ctx.now) }))
    .filter((x) => x.problem !== undefined || x.pod.metadata?.deletionTimestamp != null);
  const notReady = ready !== undefined && ready.status !== "True";
  const state = notReady ? "NotReady" : `under ${bad.map((c) => c.type).join(", ")}`;
  const draft: Draft = {
    category: "NodeNotReady",
    severity: displaced.length > 0 ? "critical" : "high",
    score: displaced.length > 0 ? 0.93 : 0.75,
    primary: { kind: "Node", name },
    related: [],
    summary: `Node ${name} is ${state}${displaced.length > 0 ? `; ${displaced.length} pod(s) on it are affected` : ""}.`,
    rootCause:
      `Node ${name} is ${state}: ${bad.map(conditionLine).join("; ")}.` +
      (displaced.length > 0
        ? ` Pods scheduled there are displaced: ${displaced
            .slice(0, 10)
            .map(
              (x) =>
                `${x.pod.metadata?.namespace ?? ""}/${x.pod.metadata?.name ?? ""} (${x.problem === undefined ? "Terminating" : problemStatus(x.problem)})`,
            )
            .join(", ")}${displaced.length > 10 ? ", …" : ""}.`
        : ""),
    evidence: [],
    fixes: [],
  };
  const taints = (node.spec?.taints ?? []).map(
    (t) => `${t.key ?? ""}${t.value ? `=${t.value}` : ""}:${t.effect ?? ""}`,
  );
  draft.evidence.push({
    source: "kubectl",
    command: cmd.describe("node", name),
    excerpt: `Taints:             ${taints.join(", ") || "<none>"}\nConditions:\n${(node.status?.conditions ?? []).map((c) => `  ${conditionLine(c)}`).join("\n")}`,
  });
  const ev = eventsEvidence(ctx, undefined, name) ?? eventsEvidence(ctx, "default", name);
  if (ev !== undefined) draft.evidence.push(ev);
  for (const x of displaced) {
    const w = workloadOf(ctx.snapshot, x.pod);
    addRelated(draft, ref(w.kind, w.namespace, w.name));
    addRelated(
      draft,
      ref(
        "Pod",
        x.pod.metadata?.namespace,
        x.pod.metadata?.name ?? "",
        x.problem === undefined ? "Terminating" : problemStatus(x.problem),
      ),
    );
  }
  draft.fixes.push(
    {
      title: `Check the kubelet on ${name}`,
      rationale:
        "A node stops reporting when its kubelet, container runtime or network fails; its conditions and events say which.",
      command: cmd.describe("node", name),
      risk: "read-only",
      requiresApproval: false,
    },
    {
      title: `Cordon ${name} so nothing new is scheduled there`,
      rationale: "Keeps new pods off the broken node while it is repaired.",
      command: cmd.cordon(name),
      risk: "low",
      requiresApproval: true,
      role: "mitigation",
    },
    {
      title: `Drain ${name} to move its pods elsewhere`,
      rationale: "Evicts the remaining pods so their controllers recreate them on healthy nodes.",
      command: cmd.drain(name),
      risk: "high",
      requiresApproval: true,
      role: "mitigation",
    },
  );
  return draft;
}

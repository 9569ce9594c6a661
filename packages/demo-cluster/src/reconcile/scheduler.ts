import type { ClusterState } from "../server/cluster-state";
import {
  asObject,
  asObjects,
  asString,
  stringMap,
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { parseQuantity } from "../util/quantity";
import { isTerminal, podRequests } from "./resources";

export type ScheduleResult = { node: KubeObject } | { message: string };

/**
 * The default scheduler's filters, in its order (unschedulable, taints,
 * node selector/affinity, resources), producing its FailedScheduling message
 * word for word ("0/6 nodes are available: 3 Insufficient cpu. preemption: …").
 * Among feasible nodes the least allocated one wins.
 */
export function schedule(state: ClusterState, pod: KubeObject): ScheduleResult {
  const spec = asObject(pod.spec);
  const nodes = state.store.objects("/nodes");
  const n = nodes.length;
  const pvc = volumeProblem(state, pod);
  if (pvc !== undefined)
    return {
      message: `0/${n} nodes are available: ${pvc}. preemption: 0/${n} nodes are available: ${n} Preemption is not helpful for scheduling.`,
    };
  const requests = podRequests(spec);
  const reasons = new Map<string, number>();
  let resourceFailures = 0;
  const feasible: { node: KubeObject; score: number }[] = [];
  for (const node of nodes) {
    const reason = filter(node, spec) ?? undefined;
    if (reason !== undefined) {
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      continue;
    }
    const free = freeResources(state, node, pod.metadata.namespace ?? "");
    const insufficient = [...requests.entries()].filter(
      ([name, q]) =>
        q > 0 &&
        q >
          (free.get(name) ??
            (name === "cpu" || name === "memory" || name.includes("/") ? 0 : Infinity)),
    );
    if ((free.get("pods") ?? 110) < 1) insufficient.push(["pods", 1]);
    if (insufficient.length > 0) {
      resourceFailures++;
      for (const [name] of insufficient) {
        const key = `Insufficient ${name}`;
        reasons.set(key, (reasons.get(key) ?? 0) + 1);
      }
      continue;
    }
    // LeastAllocated: the node with the largest share of CPU and memory left, as the default scoring prefers.
    const share = (r: string): number =>
      (free.get(r) ?? 0) /
      Math.max(1e-9, parseQuantity(asObject(asObject(node.status).allocatable)[r]));
    feasible.push({ node, score: share("cpu") + share("memory") });
  }
  feasible.sort(
    (a, b) => b.score - a.score || a.node.metadata.name.localeCompare(b.node.metadata.name),
  );
  const best = feasible[0];
  if (best !== undefined) return { node: best.node };
  const parts = [...reasons.entries()]
    .map(([reason, count]) =>
      reason.startsWith("Insufficient") ? `${count} ${reason}` : `${count} node(s) ${reason}`,
    )
    .sort();
  const notHelpful = n - resourceFailures;
  const preemption = [
    resourceFailures > 0 ? `${resourceFailures} No preemption victims found for incoming pod` : "",
    notHelpful > 0 ? `${notHelpful} Preemption is not helpful for scheduling` : "",
  ]
    .filter((x) => x !== "")
    .join(", ");
  return {
    message: `0/${n} nodes are available: ${parts.join(", ")}. preemption: 0/${n} nodes are available: ${preemption}.`,
  };
}

/** The first filter a node fails, as the scheduler words it; undefined when it passes. */
function filter(node: KubeObject, podSpec: JsonObject): string | undefined {
  const nodeSpec = asObject(node.spec);
  const tolerations = asObjects(podSpec.tolerations);
  if (
    nodeSpec.unschedulable === true &&
    !tolerates(tolerations, { key: "node.kubernetes.io/unschedulable", effect: "NoSchedule" })
  ) {
    return "were unschedulable";
  }
  for (const taint of asObjects(nodeSpec.taints)) {
    const effect = asString(taint.effect);
    if ((effect === "NoSchedule" || effect === "NoExecute") && !tolerates(tolerations, taint)) {
      return `had untolerated taint {${asString(taint.key)}: ${asString(taint.value)}}`;
    }
  }
  if (!matchesNodeSelector(node, podSpec)) return "didn't match Pod's node affinity/selector";
  return undefined;
}

function tolerates(tolerations: JsonObject[], taint: JsonObject): boolean {
  return tolerations.some((t) => {
    const key = asString(t.key);
    const op = asString(t.operator, "Equal");
    if (key === "" && op === "Exists")
      return asString(t.effect) === "" || t.effect === taint.effect;
    if (key !== asString(taint.key)) return false;
    if (asString(t.effect) !== "" && t.effect !== taint.effect) return false;
    return op === "Exists" || asString(t.value) === asString(taint.value);
  });
}

function matchesNodeSelector(node: KubeObject, podSpec: JsonObject): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries(stringMap(podSpec.nodeSelector)))
    if (labels[k] !== v) return false;
  const required = asObject(
    asObject(asObject(podSpec.affinity).nodeAffinity)
      .requiredDuringSchedulingIgnoredDuringExecution,
  );
  const terms = asObjects(required.nodeSelectorTerms);
  if (terms.length === 0) return true;
  return terms.some((term) =>
    asObjects(term.matchExpressions).every((e) => {
      const value = labels[asString(e.key)];
      const values = Array.isArray(e.values) ? e.values.map(String) : [];
      switch (e.operator) {
        case "In":
          return value !== undefined && values.includes(value);
        case "NotIn":
          return value === undefined || !values.includes(value);
        case "Exists":
          return value !== undefined;
        case "DoesNotExist":
          return value === undefined;
        default:
          return false;
      }
    }),
  );
}

/** Allocatable minus what the node's non-terminal pods request. */
/** What a node has left for a pod in `namespace`: see NamespaceWorlds for whose pods count. */
function freeResources(
  state: ClusterState,
  node: KubeObject,
  namespace: string,
): Map<string, number> {
  const free = new Map<string, number>();
  for (const [name, value] of Object.entries(asObject(asObject(node.status).allocatable)))
    free.set(name, parseQuantity(value));
  let pods = 0;
  for (const pod of state.store.objects("/pods")) {
    if (asString(asObject(pod.spec).nodeName) !== node.metadata.name || isTerminal(pod)) continue;
    if (!state.worlds.competes(namespace, pod.metadata.namespace ?? "")) continue;
    pods++;
    for (const [name, q] of podRequests(asObject(pod.spec)))
      free.set(name, (free.get(name) ?? 0) - q);
  }
  free.set("pods", (free.get("pods") ?? 110) - pods);
  return free;
}

/** PersistentVolumeClaims a pod mounts must exist and be bound before it can be placed. */
function volumeProblem(state: ClusterState, pod: KubeObject): string | undefined {
  for (const v of asObjects(asObject(pod.spec).volumes)) {
    const claim = asString(asObject(v.persistentVolumeClaim).claimName);
    if (claim === "") continue;
    const pvc = state.store.get("/persistentvolumeclaims", pod.metadata.namespace, claim);
    if (pvc === undefined) return `persistentvolumeclaim "${claim}" not found`;
    if (asString(asObject(pvc.status).phase) !== "Bound")
      return "pod has unbound immediate PersistentVolumeClaims";
  }
  return undefined;
}

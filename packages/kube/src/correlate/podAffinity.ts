import type { LabelSelector, Node, Pod } from "../model/objects";
import { formatLabelSelector, matchesLabelSelector } from "../model/labelSelector";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";

/** A `podAffinity` / `podAntiAffinity` required term. */
export interface PodAffinityTerm {
  labelSelector?: LabelSelector | null;
  namespaces?: string[] | null;
  namespaceSelector?: LabelSelector | null;
  topologyKey: string;
}

interface AffinityShape {
  podAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[] };
  podAntiAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[] };
}

function requiredPodTerms(pod: Pod, which: "podAffinity" | "podAntiAffinity"): PodAffinityTerm[] {
  const affinity = pod.spec?.affinity as AffinityShape | null | undefined;
  return affinity?.[which]?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
}

/** `app=web,tier in (a,b)`: what a term's pods are labelled, as kubectl prints a selector. */
function selectorWords(s: LabelSelector | null | undefined): string {
  return formatLabelSelector(s) || "<everything>";
}

/**
 * The namespaces a term looks in: its list and its namespaceSelector (an empty
 * selector means all), else the pod's own; `undefined` = every namespace.
 */
function termNamespaces(
  snapshot: ClusterSnapshot,
  pod: Pod,
  term: PodAffinityTerm,
): Set<string> | undefined {
  const selector = term.namespaceSelector;
  const listed = term.namespaces ?? [];
  if (selector != null) {
    const emptySelector =
      Object.keys(selector.matchLabels ?? {}).length === 0 &&
      (selector.matchExpressions ?? []).length === 0;
    if (emptySelector) return undefined;
    const picked = snapshot
      .list("namespaces")
      .filter((n) => matchesLabelSelector(selector, n.metadata?.labels))
      .map((n) => n.metadata?.name ?? "");
    return new Set([...listed, ...picked]);
  }
  return new Set(listed.length > 0 ? listed : [pod.metadata?.namespace ?? ""]);
}

/** Pods on a node (bound, not finished), other than `self`, that `self`'s term selects. */
function selectedPods(snapshot: ClusterSnapshot, self: Pod, term: PodAffinityTerm): Pod[] {
  const namespaces = termNamespaces(snapshot, self, term);
  return snapshot
    .list("pods")
    .filter(
      (p) =>
        p !== self &&
        (p.spec?.nodeName ?? "") !== "" &&
        p.status?.phase !== "Succeeded" &&
        p.status?.phase !== "Failed" &&
        (namespaces === undefined || namespaces.has(p.metadata?.namespace ?? "")) &&
        matchesLabelSelector(term.labelSelector, p.metadata?.labels),
    );
}

export interface PodAffinityVerdict {
  text: string;
  /** Nodes named in the text (occupied or hosting the wanted pods). */
  nodes: string[];
  /** The pods that keep it away (anti-affinity) or that it wants to join (affinity). */
  pods: Pod[];
  /** Anti-affinity: topology domains among `nodes` still free of matching pods. */
  freeDomains?: number;
  /** Anti-affinity: all topology domains among `nodes`. */
  domains?: number;
}

const domainOf = (node: Node | undefined, key: string) => node?.metadata?.labels?.[key];
const podList = (pods: readonly Pod[]) =>
  pods
    .slice(0, 2)
    .map((p) => p.metadata?.name ?? "")
    .join(", ") + (pods.length > 2 ? ` and ${pods.length - 2} more` : "");

/**
 * Why required pod anti-affinity keeps a pod off `nodes` (the nodes it could
 * otherwise use): its own terms (every topology domain already runs a pod it
 * must avoid), else running pods whose anti-affinity rejects it.
 */
export function explainPodAntiAffinity(
  snapshot: ClusterSnapshot,
  pod: Pod,
  nodes: readonly Node[],
): PodAffinityVerdict | undefined {
  const byName = new Map(snapshot.list("nodes").map((n) => [n.metadata?.name ?? "", n]));
  for (const term of requiredPodTerms(pod, "podAntiAffinity")) {
    const others = selectedPods(snapshot, pod, term);
    const key = term.topologyKey;
    const domains = new Map<string, { nodes: Node[]; pods: Pod[] }>();
    for (const n of nodes) {
      const d = domainOf(n, key);
      if (d === undefined) continue;
      const entry = domains.get(d) ?? { nodes: [], pods: [] };
      entry.nodes.push(n);
      domains.set(d, entry);
    }
    for (const p of others) {
      const d = domainOf(byName.get(p.spec?.nodeName ?? ""), key);
      if (d !== undefined) domains.get(d)?.pods.push(p);
    }
    if (domains.size === 0) continue;
    const occupied = [...domains.entries()].filter(([, e]) => e.pods.length > 0);
    if (occupied.length === 0) continue;
    const free = domains.size - occupied.length;
    const perNode = key === "kubernetes.io/hostname";
    const where = occupied
      .slice(0, 4)
      .map(([d, e]) => `${perNode ? d : `${key}=${d}`} runs ${podList(e.pods)}`)
      .join("; ");
    const text =
      `its required pod anti-affinity keeps it away from pods labelled ${selectorWords(term.labelSelector)} ` +
      `within the same ${perNode ? "node" : key} (topologyKey ${key}), and ` +
      (free === 0
        ? `every ${perNode ? "node" : "domain"} it could use already runs one: ${where}${occupied.length > 4 ? ` (and ${occupied.length - 4} more)` : ""}.`
        : `${occupied.length} of the ${domains.size} ${perNode ? "nodes" : "domains"} it could use already run one (${where}).`);
    return {
      text,
      nodes: occupied.flatMap(([, e]) => e.nodes.map((n) => n.metadata?.name ?? "")),
      pods: occupied.flatMap(([, e]) => e.pods),
      freeDomains: free,
      domains: domains.size,
    };
  }
  // The other direction: pods already running whose own anti-affinity rejects this pod.
  const nodeNames = new Set(nodes.map((n) => n.metadata?.name ?? ""));
  const rejecting = snapshot.list("pods").filter(
    (p) =>
      p !== pod &&
      (p.spec?.nodeName ?? "") !== "" &&
      nodeNames.has(p.spec?.nodeName ?? "") &&
      requiredPodTerms(p, "podAntiAffinity").some((t) => {
        const ns = termNamespaces(snapshot, p, t);
        return (
          (ns === undefined || ns.has(pod.metadata?.namespace ?? "")) &&
          matchesLabelSelector(t.labelSelector, pod.metadata?.labels)
        );
      }),
  );
  if (rejecting.length === 0) return undefined;
  const hosts = [...new Set(rejecting.map((p) => p.spec?.nodeName ?? ""))];
  return {
    text: `pods already running declare a required anti-affinity against its labels: ${podList(rejecting)} on ${hosts.join(", ")}.`,
    nodes: hosts,
    pods: rejecting,
  };
}

/** Why required pod affinity finds no node: no pod it must join runs, or they run only where it cannot go. */
export function explainPodAffinity(
  snapshot: ClusterSnapshot,
  pod: Pod,
  nodes: readonly Node[],
): PodAffinityVerdict | undefined {
  const byName = new Map(snapshot.list("nodes").map((n) => [n.metadata?.name ?? "", n]));
  for (const term of requiredPodTerms(pod, "podAffinity")) {
    const wanted = selectedPods(snapshot, pod, term);
    const selector = selectorWords(term.labelSelector);
    if (wanted.length === 0)
      return {
        text: `its required pod affinity wants to run in the same ${term.topologyKey} as a pod labelled ${selector}, and no such pod runs.`,
        nodes: [],
        pods: [],
      };
    const domains = new Set(
      wanted
        .map((p) => domainOf(byName.get(p.spec?.nodeName ?? ""), term.topologyKey))
        .filter((d): d is string => d !== undefined),
    );
    const usable = nodes.filter((n) => {
      const d = domainOf(n, term.topologyKey);
      return d !== undefined && domains.has(d);
    });
    if (usable.length === 0) {
      const hosts = [...new Set(wanted.map((p) => p.spec?.nodeName ?? ""))];
      return {
        text: `its required pod affinity wants the same ${term.topologyKey} as pods labelled ${selector} (${podList(wanted)}), which run only on ${hosts.join(", ")}, where it cannot go.`,
        nodes: hosts,
        pods: wanted,
      };
    }
  }
  return undefined;
}

import type { Node, Pod } from "../model/objects";

/** A `nodeSelectorTerms[].matchExpressions[]` / `matchFields[]` entry. */
export interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[] | null;
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[] | null;
  matchFields?: NodeSelectorRequirement[] | null;
}

/** One requirement of one term, located for messages and patches. */
export interface LocatedRequirement {
  term: number;
  index: number;
  field: boolean;
  req: NodeSelectorRequirement;
}

interface AffinityShape {
  nodeAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms?: NodeSelectorTerm[] };
  };
}

/** The pod's required node affinity terms (ORed), or [] when it has none. */
export function requiredNodeTerms(pod: Pod): NodeSelectorTerm[] {
  const affinity = pod.spec?.affinity as AffinityShape | null | undefined;
  return (
    affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []
  );
}

function requirementsOf(term: NodeSelectorTerm, t: number): LocatedRequirement[] {
  return [
    ...(term.matchExpressions ?? []).map((req, index) => ({ term: t, index, field: false, req })),
    ...(term.matchFields ?? []).map((req, index) => ({ term: t, index, field: true, req })),
  ];
}

/**
 * Whether dropping `r` lets some node match the pod's required node affinity.
 * Terms are ORed, so removing a whole term (its only requirement) helps only
 * when it was the only term: the others already match no node.
 */
export function droppingHelps(pod: Pod, r: LocatedRequirement, nodes: readonly Node[]): boolean {
  const terms = requiredNodeTerms(pod);
  const term = terms[r.term];
  if (term === undefined) return false;
  const rest = requirementsOf(term, r.term).filter(
    (x) => x.field !== r.field || x.index !== r.index,
  );
  if (rest.length === 0) return terms.length === 1;
  return nodes.some((n) => rest.every((x) => satisfies(x, n)));
}

/** Whether a node satisfies one requirement, as the scheduler evaluates it. */
function satisfies(r: LocatedRequirement, node: Node): boolean {
  // matchFields supports only metadata.name.
  const value = r.field
    ? r.req.key === "metadata.name"
      ? node.metadata?.name
      : undefined
    : node.metadata?.labels?.[r.req.key];
  const values = r.req.values ?? [];
  switch (r.req.operator) {
    case "In":
      return value !== undefined && values.includes(value);
    case "NotIn":
      return value === undefined || !values.includes(value);
    case "Exists":
      return value !== undefined;
    case "DoesNotExist":
      return value === undefined;
    case "Gt":
    case "Lt": {
      const have = Number.parseInt(value ?? "", 10);
      const want = Number.parseInt(values[0] ?? "", 10);
      if (Number.isNaN(have) || Number.isNaN(want)) return false;
      return r.req.operator === "Gt" ? have > want : have < want;
    }
    default:
      return false;
  }
}

/** A term matches a node when all its requirements do; an empty term matches no node. */
function termMatches(term: NodeSelectorTerm, t: number, node: Node): boolean {
  const reqs = requirementsOf(term, t);
  return reqs.length > 0 && reqs.every((r) => satisfies(r, node));
}

/** True when the pod has no required node affinity or one of its terms matches the node. */
export function nodeAffinityMatches(pod: Pod, node: Node): boolean {
  const terms = requiredNodeTerms(pod);
  return terms.length === 0 || terms.some((term, t) => termMatches(term, t, node));
}

/** `key In [a, b]`, `key Exists`, `metadata.name NotIn [n]`. */
export function formatRequirement(req: NodeSelectorRequirement): string {
  const values = req.values ?? [];
  return values.length === 0 || req.operator === "Exists" || req.operator === "DoesNotExist"
    ? `${req.key} ${req.operator}`
    : `${req.key} ${req.operator} [${values.join(", ")}]`;
}

/** What a node has for a requirement's key: `key=value`, or `no key label`. */
function nodeHas(r: LocatedRequirement, node: Node): string {
  if (r.field) return `${r.req.key}=${node.metadata?.name ?? ""}`;
  const v = node.metadata?.labels?.[r.req.key];
  return v === undefined ? `no ${r.req.key} label` : `${r.req.key}=${v}`;
}

export interface NodeAffinityVerdict {
  /** Why no node matches, in words. */
  text: string;
  /** Requirements no node satisfies (each, alone, rules out every node). */
  impossible: LocatedRequirement[];
  /** The nodes that fail the fewest requirements of some term, with what they fail. */
  closest: { node: Node; failing: LocatedRequirement[] }[];
}

/**
 * Decodes a required node affinity that matches no node (among `nodes`):
 * which requirements no node satisfies, and the nodes that come closest (fail
 * the fewest requirements of a term) with what they have instead. Undefined
 * when the pod has no required node affinity or some node matches it.
 */
export function explainNodeAffinity(
  pod: Pod,
  nodes: readonly Node[],
): NodeAffinityVerdict | undefined {
  const terms = requiredNodeTerms(pod);
  if (terms.length === 0 || nodes.length === 0) return undefined;
  if (nodes.some((n) => terms.some((term, t) => termMatches(term, t, n)))) return undefined;
  const impossible: LocatedRequirement[] = [];
  let closest: { node: Node; failing: LocatedRequirement[] }[] = [];
  let fewest = Number.POSITIVE_INFINITY;
  for (const [t, term] of terms.entries()) {
    const reqs = requirementsOf(term, t);
    for (const r of reqs) if (!nodes.some((n) => satisfies(r, n))) impossible.push(r);
    for (const node of nodes) {
      const failing = reqs.filter((r) => !satisfies(r, node));
      if (reqs.length === 0 || failing.length > fewest) continue;
      if (failing.length < fewest) {
        fewest = failing.length;
        closest = [];
      }
      if (!closest.some((c) => c.node === node)) closest.push({ node, failing });
    }
  }
  const parts: string[] = [];
  const scope =
    terms.length === 1
      ? "its required node affinity"
      : `none of its ${terms.length} required node affinity terms matches a node:`;
  if (impossible.length > 0) {
    const keys = impossible.map((r) => {
      const seen = [
        ...new Set(
          nodes
            .map((n) => (r.field ? n.metadata?.name : n.metadata?.labels?.[r.req.key]))
            .filter((v): v is string => v !== undefined),
        ),
      ].sort();
      const have =
        seen.length === 0
          ? `no node has a ${r.req.key} label`
          : `the nodes have ${r.req.key}=${seen.slice(0, 6).join(", ")}${seen.length > 6 ? ", …" : ""}`;
      return `${formatRequirement(r.req)}${terms.length > 1 ? ` (term ${r.term + 1})` : ""}, which no node satisfies (${have})`;
    });
    parts.push(`${scope} ${terms.length === 1 ? "asks for " : ""}${keys.join("; ")}.`);
  } else {
    parts.push(
      `${scope} ${terms.length === 1 ? "combines requirements that some nodes satisfy one by one, but no node satisfies together." : "each term's requirements hold on some node, never all on one."}`,
    );
  }
  const shown = closest.filter((c) => c.failing.length > 0).slice(0, 3);
  if (shown.length > 0)
    parts.push(
      `Closest: ${shown
        .map(
          (c) =>
            `${c.node.metadata?.name ?? ""} fails only ${c.failing
              .map((r) => `${formatRequirement(r.req)} (has ${nodeHas(r, c.node)})`)
              .join(" and ")}`,
        )
        .join(
          "; ",
        )}${closest.length > shown.length ? ` (and ${closest.length - shown.length} more)` : ""}.`,
    );
  return { text: parts.join(" "), impossible, closest };
}

import type { RootCauseCandidate, RouteBranch } from "@kubemedic/protocol";
import type { PlanConfig } from "../../config/plan-config";
import { objectNamesIn, type Intent } from "../../intent";
import { findObject } from "../../conversation/find-object";
import type { ClusterBackend } from "../../tools/cluster-backend";
import {
  inNamespaceNamed,
  namesObjectOf,
  questionWords,
  rootCauseGroups,
} from "./root-cause-groups";

/** Where a turn goes after `prepare`, why, and (for a plan) the root causes found. */
export interface RouteDecision {
  branch: RouteBranch;
  reason: string;
  /** The independent root causes the plan starts from (complex only), ranked. */
  groups: RootCauseCandidate[];
  /** The scope that was correlated: a namespace, or undefined for the whole cluster. */
  namespace?: string;
}

/** "what's wrong with my cluster?", "检查整个集群": the question is about the whole cluster. */
export const CLUSTER_WIDE =
  /\b(?:my|the|this|our|whole|entire|full)\s+(?:k8s\s+|kubernetes\s+)?cluster\b|集群/i;

/**
 * The offline route, by rules on the intent and correlation's summary:
 * commands, plain questions and fixes are `simple`; a cluster-wide question,
 * one naming several namespaces, or one about a scope with at least
 * `minRootCauses` independent root causes (naming several of them, or none
 * in particular) is `complex`; any other diagnosis is `single`.
 */
export async function decideRoute(
  question: string,
  intent: Intent,
  backend: ClusterBackend,
  config: PlanConfig,
  signal?: AbortSignal,
): Promise<RouteDecision> {
  if (intent.kind === "command" || intent.kind === "question")
    return {
      branch: "simple",
      reason: `a ${intent.kind === "command" ? "command" : "plain question"}: no investigation to plan`,
      groups: [],
    };
  if (intent.kind === "fix")
    return { branch: "simple", reason: "a fix: it goes through the approval loop", groups: [] };
  // "scan the cluster" asks for the analyzers' list, which the single loop gives.
  if (intent.kind === "scan")
    return { branch: "single", reason: "a scan: the analyzers' findings, ranked", groups: [] };
  const words = questionWords(question);
  const namespaces = await namedNamespaces(intent, backend, signal);
  const clusterWide =
    intent.allNamespaces ||
    (!intent.namespaceExplicit &&
      intent.namespaceCandidates.length === 0 &&
      CLUSTER_WIDE.test(question));
  if (clusterWide || namespaces.length >= 2) {
    const all = rootCauseGroups(await backend.correlate({ ...(signal ? { signal } : {}) }));
    // Named namespaces scope the question: an object of the same name elsewhere is not asked about.
    const groups = clusterWide ? all : all.filter((g) => inNamespaceNamed(words, g));
    if (groups.length === 0)
      return {
        branch: "single",
        reason: clusterWide
          ? "cluster-wide, and correlation finds no root cause"
          : "no root cause in the namespaces named",
        groups,
      };
    // One cause is one investigation: a plan of one step only adds a hop.
    if (groups.length < Math.max(2, config.minRootCauses))
      return {
        branch: "single",
        reason: `${clusterWide ? "cluster-wide" : "the namespaces named"}: ${count(groups.length)}, one investigation`,
        groups: [],
      };
    return {
      branch: "complex",
      reason: clusterWide
        ? `a cluster-wide question: ${count(groups.length)} across ${new Set(groups.map((g) => g.primary.namespace ?? "(cluster)")).size} namespace(s)`
        : `the question names ${namespaces.length} namespaces (${namespaces.join(", ")}): ${count(groups.length)}`,
      groups,
    };
  }
  const namespace = intent.namespace;
  const scope = namespace === undefined ? "the cluster" : `namespace ${namespace}`;
  // Only a question naming two failing objects plans when it names one (below), and one name
  // cannot name two: a question about one object (named, selected, or a single word that is an
  // object's name in the scope) is one investigation whatever correlation would find. Deciding
  // that from the words and one list of the scope's workloads spares the turn a correlation of
  // the whole scope before its first step. A word that names nothing ("slow") still correlates.
  const names = namesBesides(question, intent);
  if (
    names.length <= 1 &&
    (intent.resource !== undefined ||
      (names[0] !== undefined &&
        namespace !== undefined &&
        (await namesObjectIn(backend, names[0], namespace, signal))))
  )
    return {
      branch: "single",
      reason: `one object asked about in ${scope}`,
      groups: [],
      ...(namespace === undefined ? {} : { namespace }),
    };
  const groups = rootCauseGroups(
    await backend.correlate({ ...(namespace ? { namespace } : {}), ...(signal ? { signal } : {}) }),
  );
  const named = groups.filter((g) => namesObjectOf(words, g));
  if (
    groups.length >= config.minRootCauses &&
    (named.length >= 2 || (named.length === 0 && intent.resource === undefined))
  ) {
    const ranked = [...named, ...groups.filter((g) => !named.includes(g))];
    return {
      branch: "complex",
      reason:
        named.length >= 2
          ? `the question names ${named.length} failing objects with independent root causes in ${scope}`
          : `${count(groups.length)} in ${scope}, and the question names none in particular`,
      groups: ranked,
      ...(namespace === undefined ? {} : { namespace }),
    };
  }
  return {
    branch: "single",
    reason:
      groups.length <= 1
        ? `one scope (${scope}) with ${groups.length === 0 ? "no correlated root cause" : "one root cause"}`
        : `one object asked about in ${scope}`,
    groups: [],
    ...(namespace === undefined ? {} : { namespace }),
  };
}

/** Whether `name` is a workload or Service in `namespace` (false when unreadable: correlate then). */
async function namesObjectIn(
  backend: ClusterBackend,
  name: string,
  namespace: string,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const hit = await findObject(backend, [name], signal, namespace).catch(() => undefined);
  return (hit?.matches.length ?? 0) > 0;
}

/**
 * The words of the question that could name an object, its namespace left out. Only the
 * namespace prepare settled on is: the other candidates it checked are not namespaces, and
 * may be the object ("checkout keeps crashing in shop" offers both words as candidates).
 */
function namesBesides(question: string, intent: Intent): string[] {
  return objectNamesIn(question).filter((n) => n !== intent.namespace);
}

function count(n: number): string {
  return `${n} independent root cause${n === 1 ? "" : "s"}`;
}

/** Namespaces the question names (explicitly, or "in X" where X exists). */
async function namedNamespaces(
  intent: Intent,
  backend: ClusterBackend,
  signal?: AbortSignal,
): Promise<string[]> {
  const named = new Set<string>();
  if (intent.namespaceExplicit && intent.namespace !== undefined) named.add(intent.namespace);
  if (intent.namespaceCandidates.length > 0) {
    try {
      const existing = new Set(await backend.listNamespaces(signal));
      for (const c of intent.namespaceCandidates) if (existing.has(c)) named.add(c);
    } catch {
      // Unreachable: the single loop's tools will say so.
    }
  }
  return [...named];
}

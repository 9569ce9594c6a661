import type { ClusterBackend } from "../tools/cluster-backend";

/** A compact picture of the cluster for the system prompt. */
export interface ClusterSummary {
  context: string;
  serverVersion: string | undefined;
  namespace: string | undefined;
  /** One line, e.g. "2 problems: Pod shop/checkout-7d9, Service shop/cart". */
  health: string;
}

const CACHE_MS = 15_000;
const TIMEOUT_MS = 5_000;
const cache = new WeakMap<
  ClusterBackend,
  Map<string, { at: number; value: Promise<ClusterSummary> }>
>();

/**
 * Server version + a one-line health summary from the analyzers, cached per
 * cluster and namespace for 15 s so a quick follow-up does not pay twice.
 * Never throws: an unreachable cluster is itself the summary.
 */
export function clusterSummary(
  backend: ClusterBackend,
  namespace: string | undefined,
  signal?: AbortSignal,
): Promise<ClusterSummary> {
  let perBackend = cache.get(backend);
  if (perBackend === undefined) {
    perBackend = new Map();
    cache.set(backend, perBackend);
  }
  const key = namespace ?? "*";
  const hit = perBackend.get(key);
  if (hit !== undefined && Date.now() - hit.at < CACHE_MS) return hit.value;
  const value = compute(backend, namespace, signal);
  perBackend.set(key, { at: Date.now(), value });
  return value;
}

async function compute(
  backend: ClusterBackend,
  namespace: string | undefined,
  parent?: AbortSignal,
): Promise<ClusterSummary> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const signal = parent === undefined ? timeout : AbortSignal.any([parent, timeout]);
  const [version, analysis] = await Promise.allSettled([
    backend.serverVersion(signal),
    backend.analyze({ ...(namespace === undefined ? {} : { namespace }), signal }),
  ]);
  let health: string;
  if (analysis.status === "rejected") {
    const e = analysis.reason as { message?: unknown };
    health = `unknown (the analyzers failed: ${typeof e.message === "string" ? e.message : String(analysis.reason)})`;
  } else {
    const results = analysis.value.results ?? [];
    const names = results.slice(0, 4).map((r) => `${r.kind} ${r.name}`);
    health =
      results.length === 0
        ? "the analyzers found no problems"
        : `${analysis.value.problems} problem${analysis.value.problems === 1 ? "" : "s"}: ${names.join(", ")}${results.length > names.length ? ", …" : ""}`;
  }
  return {
    context: backend.contextName,
    serverVersion: version.status === "fulfilled" ? version.value : undefined,
    namespace,
    health,
  };
}

import type { ClusterBackend } from "../tools/cluster-backend";
import { problemSnapshot, type ProblemSnapshot } from "./problem-map";

/**
 * The analyzers and the correlation over the namespaces a change touched (all namespaces
 * when it touched a cluster-scoped object), merged into one snapshot.
 */
export async function takeSnapshot(
  backend: ClusterBackend,
  namespaces: readonly (string | null)[],
  signal: AbortSignal | undefined,
): Promise<ProblemSnapshot> {
  const scopes = namespaces.includes(null) ? [undefined] : [...new Set(namespaces)];
  const parts = await Promise.all(
    scopes.map(async (ns) => {
      const opts = {
        ...(ns === undefined || ns === null ? {} : { namespace: ns }),
        ...(signal === undefined ? {} : { signal }),
      };
      const [analysis, candidates] = await Promise.all([
        backend.analyze(opts),
        backend.correlate(opts),
      ]);
      return problemSnapshot(analysis, candidates);
    }),
  );
  return {
    problems: parts.flatMap((p) => p.problems),
    candidates: parts.flatMap((p) => p.candidates).sort((a, b) => b.score - a.score),
  };
}

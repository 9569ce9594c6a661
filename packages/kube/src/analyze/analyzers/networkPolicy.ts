import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/**
 * Policies that select every pod (no matchLabels) or no pod at all. Unlike
 * k8sgpt, which counts pods in the analyzer's namespace, pods are counted in
 * the policy's own namespace, the only place a policy applies.
 */
export const networkPolicyAnalyzer: Analyzer = {
  name: "NetworkPolicy",
  core: false,
  needs: ["networkpolicies", "pods"],
  run(context) {
    const f = context.failure;
    const out: AnalysisResultItem[] = [];
    for (const np of listTargets(context, "networkpolicies")) {
      const name = np.metadata?.name ?? "";
      const labels = np.spec?.podSelector?.matchLabels ?? {};
      const entries = Object.entries(labels);
      const failures: AnalysisFailure[] = [];
      if (entries.length === 0)
        failures.push(f(`NetworkPolicy ${name} applies to every pod in its namespace.`, [name]));
      else {
        const selected = context.snapshot
          .list("pods", np.metadata?.namespace)
          .some((p) => entries.every(([k, v]) => p.metadata?.labels?.[k] === v));
        if (!selected) failures.push(f(`NetworkPolicy ${name} selects no pod.`, [name]));
      }
      if (failures.length > 0) out.push(result("NetworkPolicy", objectName(np), failures));
    }
    return out;
  },
};

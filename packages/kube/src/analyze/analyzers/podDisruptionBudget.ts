import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { parentObject } from "../parentObject";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/** Budgets that allow no disruption (k8sgpt looks at the first condition only, and so do we). */
export const podDisruptionBudgetAnalyzer: Analyzer = {
  name: "PodDisruptionBudget",
  core: false,
  needs: ["poddisruptionbudgets", "deployments", "replicasets", "statefulsets"],
  run(context) {
    const out: AnalysisResultItem[] = [];
    for (const pdb of listTargets(context, "poddisruptionbudgets")) {
      const first = pdb.status?.conditions?.[0];
      const labels = pdb.spec?.selector?.matchLabels;
      if (
        first === undefined ||
        first.type !== "DisruptionAllowed" ||
        first.status !== "False" ||
        labels == null
      )
        continue;
      const failures: AnalysisFailure[] = Object.entries(labels).map(([k, v]) =>
        context.failure(
          `PodDisruptionBudget allows no disruption (${first.reason ?? "no reason given"}); it expects pods labelled ${k}=${v}.`,
          [k, v],
        ),
      );
      if (failures.length > 0)
        out.push(
          result(
            "PodDisruptionBudget",
            objectName(pdb),
            failures,
            parentObject(context.snapshot, pdb),
          ),
        );
    }
    return out;
  },
};

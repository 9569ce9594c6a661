import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { parentObject } from "../parentObject";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/** ReplicaSets that cannot create any pod (quota, admission webhooks, limit ranges). */
export const replicaSetAnalyzer: Analyzer = {
  name: "ReplicaSet",
  core: true,
  needs: ["replicasets", "deployments"],
  run(context) {
    const out: AnalysisResultItem[] = [];
    for (const rs of listTargets(context, "replicasets")) {
      if ((rs.status?.replicas ?? 0) !== 0) continue;
      const failures: AnalysisFailure[] = [];
      for (const c of rs.status?.conditions ?? [])
        if (c.type === "ReplicaFailure" && c.reason === "FailedCreate")
          failures.push(context.failure(c.message ?? "", []));
      if (failures.length > 0)
        out.push(
          result("ReplicaSet", objectName(rs), failures, parentObject(context.snapshot, rs)),
        );
    }
    return out;
  },
};

import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/** Deployments whose ready replicas differ from the desired count, or whose rollout stalled. */
export const deploymentAnalyzer: Analyzer = {
  name: "Deployment",
  core: true,
  needs: ["deployments"],
  run(context) {
    const f = context.failure;
    const out: AnalysisResultItem[] = [];
    for (const d of listTargets(context, "deployments")) {
      const ns = d.metadata?.namespace ?? "";
      const name = d.metadata?.name ?? "";
      const id = objectName(d);
      const failures: AnalysisFailure[] = [];
      const desired = d.spec?.replicas;
      const ready = d.status?.readyReplicas ?? 0;
      if (desired !== undefined && desired !== ready) {
        const current = d.status?.replicas ?? 0;
        failures.push(
          current > desired
            ? f(
                `Deployment ${id} wants ${desired} replicas and has ${current} (${ready} ready): the status has not caught up with a recent scale-down or rollout surge yet.`,
                [ns, name],
              )
            : f(`Deployment ${id} wants ${desired} replicas but only ${ready} are ready.`, [
                ns,
                name,
              ]),
        );
      }
      for (const c of d.status?.conditions ?? [])
        if (c.type === "Progressing" && c.status === "False")
          failures.push(
            f(
              `Deployment ${id} has condition ${c.type}=${c.status} (reason ${c.reason ?? ""}): ${c.message ?? ""}`,
              [ns, name],
            ),
          );
      if (failures.length > 0) out.push(result("Deployment", id, failures));
    }
    return out;
  },
};

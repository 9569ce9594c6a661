import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { parentObject } from "../parentObject";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/** DaemonSets with pods not ready on every node, or image-pull Secrets that do not exist. */
export const daemonSetAnalyzer: Analyzer = {
  name: "DaemonSet",
  core: true,
  needs: ["daemonsets", "secrets"],
  run(context) {
    const f = context.failure;
    const snapshot = context.snapshot;
    const out: AnalysisResultItem[] = [];
    for (const ds of listTargets(context, "daemonsets")) {
      const ns = ds.metadata?.namespace ?? "";
      const name = ds.metadata?.name ?? "";
      const id = objectName(ds);
      const failures: AnalysisFailure[] = [];
      const ready = ds.status?.numberReady ?? 0;
      const desired = ds.status?.desiredNumberScheduled ?? 0;
      if (ready < desired)
        failures.push(
          f(`DaemonSet ${id} has ${ready} of ${desired} scheduled pods ready.`, [ns, name]),
        );
      for (const ref of ds.spec?.template?.spec?.imagePullSecrets ?? []) {
        const secret = ref.name ?? "";
        if (snapshot.get("secrets", ns, secret) === undefined)
          failures.push(
            f(`DaemonSet ${id} pulls images with Secret ${secret}, which does not exist.`, [
              ns,
              name,
              secret,
            ]),
          );
      }
      if (failures.length > 0)
        out.push(result("DaemonSet", id, failures, parentObject(snapshot, ds)));
    }
    return out;
  },
};

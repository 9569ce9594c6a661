import type { AnalysisResultItem } from "@kubemedic/protocol";
import { parentObject } from "../parentObject";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/** Pending claims whose latest event says provisioning failed. */
export const persistentVolumeClaimAnalyzer: Analyzer = {
  name: "PersistentVolumeClaim",
  core: true,
  needs: ["persistentvolumeclaims", "events", "statefulsets"],
  run(context) {
    const out: AnalysisResultItem[] = [];
    for (const pvc of listTargets(context, "persistentvolumeclaims")) {
      if (pvc.status?.phase !== "Pending") continue;
      const event = context.snapshot.latestEvent(pvc.metadata?.namespace, pvc.metadata?.name ?? "");
      if (event === undefined || event.reason !== "ProvisioningFailed" || event.message === "")
        continue;
      out.push(
        result(
          "PersistentVolumeClaim",
          objectName(pvc),
          [context.failure(event.message, [])],
          parentObject(context.snapshot, pvc),
        ),
      );
    }
    return out;
  },
};

import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import { parentObject } from "../parentObject";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

/**
 * StatefulSets whose governing Service or claim StorageClass is missing, or
 * whose ordinal pods are absent or not running. The pod walk (from ordinal 0,
 * `spec.ordinals.start` ignored as k8sgpt does) stops at the first problem.
 */
export const statefulSetAnalyzer: Analyzer = {
  name: "StatefulSet",
  core: true,
  needs: ["statefulsets", "services", "storageclasses", "pods", "events"],
  run(context) {
    const f = context.failure;
    const snapshot = context.snapshot;
    const out: AnalysisResultItem[] = [];
    for (const sts of listTargets(context, "statefulsets")) {
      const ns = sts.metadata?.namespace ?? "";
      const name = sts.metadata?.name ?? "";
      const failures: AnalysisFailure[] = [];
      const serviceName = sts.spec?.serviceName ?? "";
      if (serviceName === "" || snapshot.get("services", ns, serviceName) === undefined)
        failures.push(
          f(
            serviceName === ""
              ? `StatefulSet ${ns}/${name} names no governing Service (spec.serviceName is empty).`
              : `StatefulSet ${ns}/${name} uses governing Service ${ns}/${serviceName}, which does not exist.`,
            [ns, serviceName],
          ),
        );
      for (const template of sts.spec?.volumeClaimTemplates ?? []) {
        const sc = template.spec?.storageClassName;
        if (sc == null) continue;
        if (sc === "" || snapshot.get("storageclasses", undefined, sc) === undefined)
          failures.push(
            f(
              `StatefulSet ${ns}/${name} claims volumes from StorageClass "${sc}", which does not exist.`,
              [sc],
            ),
          );
      }
      const replicas = sts.spec?.replicas;
      if (replicas !== undefined && replicas !== (sts.status?.availableReplicas ?? 0)) {
        for (let i = 0; i < replicas; i++) {
          const podName = `${name}-${i}`;
          const pod = snapshot.get("pods", ns, podName);
          if (pod === undefined) {
            if (i === 0) {
              const event = snapshot.latestEvent(ns, name);
              if (event !== undefined && event.type !== "Normal")
                failures.push(f(event.message, []));
            }
            break;
          }
          if (pod.status?.phase !== "Running") {
            failures.push(
              f(
                `Pod ${podName} of StatefulSet ${ns}/${name} is not running (phase ${pod.status?.phase ?? "unknown"}).`,
                [podName, ns],
              ),
            );
            break;
          }
        }
      }
      if (failures.length > 0)
        out.push(result("StatefulSet", objectName(sts), failures, parentObject(snapshot, sts)));
    }
    return out;
  },
};

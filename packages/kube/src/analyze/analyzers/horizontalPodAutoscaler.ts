import type { AnalysisFailure, AnalysisResultItem } from "@kubemedic/protocol";
import type { HorizontalPodAutoscaler, PodTemplate } from "../../model/objects";
import { parentObject } from "../parentObject";
import type { ClusterSnapshot } from "../../model/snapshot/ClusterSnapshot";
import { listTargets, objectName, result, type Analyzer } from "./Analyzer";

const TARGET_KEYS = {
  Deployment: "deployments",
  ReplicaSet: "replicasets",
  StatefulSet: "statefulsets",
} as const;

/**
 * HPAs that are limited or unable to scale, target something missing or
 * unsupported, or target pods without both requests and limits. Unlike
 * k8sgpt (which prints the `-n` value), the namespace shown is the HPA's own.
 */
export const horizontalPodAutoscalerAnalyzer: Analyzer = {
  name: "HorizontalPodAutoscaler",
  core: false,
  needs: ["horizontalpodautoscalers", "deployments", "replicasets", "statefulsets"],
  run(context) {
    const f = context.failure;
    const out: AnalysisResultItem[] = [];
    for (const hpa of listTargets(context, "horizontalpodautoscalers")) {
      const ns = hpa.metadata?.namespace ?? "";
      const failures: AnalysisFailure[] = [];
      for (const c of hpa.status?.conditions ?? []) {
        if (c.type === "ScalingLimited") {
          if (c.status !== "True") continue;
          const atFloor =
            c.reason === "TooFewReplicas" &&
            hpa.spec?.minReplicas !== undefined &&
            hpa.status?.desiredReplicas === hpa.spec.minReplicas;
          if (!atFloor) failures.push(f(c.message ?? "", []));
        } else if (c.status === "False") failures.push(f(c.message ?? "", []));
      }
      const kind = hpa.spec?.scaleTargetRef?.kind ?? "";
      const target = hpa.spec?.scaleTargetRef?.name ?? "";
      const supported = kind in TARGET_KEYS || kind === "ReplicationController";
      if (!supported)
        failures.push(
          f(
            `HorizontalPodAutoscaler targets kind ${kind}, which is not a supported scale target.`,
            [],
          ),
        );
      const template = supported ? targetTemplate(context.snapshot, hpa) : undefined;
      if (template === undefined)
        failures.push(
          f(`HorizontalPodAutoscaler targets ${kind} ${target}, which does not exist.`, [target]),
        );
      else if (!hasRequestsAndLimits(template))
        failures.push(
          f(
            `${kind} ${ns}/${target}, scaled by this HorizontalPodAutoscaler, has no container with both resource requests and limits, so utilization cannot be computed.`,
            [target],
          ),
        );
      if (failures.length > 0)
        out.push(
          result(
            "HorizontalPodAutoscaler",
            objectName(hpa),
            failures,
            parentObject(context.snapshot, hpa),
          ),
        );
    }
    return out;
  },
};

/** The target's pod template; ReplicationControllers are not in the snapshot and count as found without one. */
function targetTemplate(
  snapshot: ClusterSnapshot,
  hpa: HorizontalPodAutoscaler,
): PodTemplate | undefined {
  const kind = hpa.spec?.scaleTargetRef?.kind ?? "";
  const name = hpa.spec?.scaleTargetRef?.name ?? "";
  const ns = hpa.metadata?.namespace;
  if (kind === "ReplicationController") return {};
  const key = TARGET_KEYS[kind as keyof typeof TARGET_KEYS];
  const target = snapshot.get(key, ns, name);
  return target === undefined ? undefined : (target.spec?.template ?? {});
}

function hasRequestsAndLimits(template: PodTemplate): boolean {
  return (template.spec?.containers ?? []).some(
    (c) =>
      Object.keys(c.resources?.requests ?? {}).length > 0 &&
      Object.keys(c.resources?.limits ?? {}).length > 0,
  );
}

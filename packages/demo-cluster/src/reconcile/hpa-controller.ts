import type { ClusterState } from "../server/cluster-state";
import { formatTime } from "../scenario/relative-time";
import { requirementsFromLabelSelector } from "../store/label-selector";
import {
  asNumber,
  asObject,
  asObjects,
  asString,
  jsonEqual,
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { parseQuantity } from "../util/quantity";
import { recordEvent } from "./record-event";
import { isActive } from "./resources";

/**
 * A HorizontalPodAutoscaler on CPU utilisation of a Deployment: without CPU
 * requests on every container it cannot compute utilisation
 * (FailedGetResourceMetric "missing request for cpu …", as in the real
 * controller); with them, utilisation is the PodMetrics usage over the
 * request, and the Deployment is scaled to ceil(replicas × usage / target),
 * within min/max.
 */
export function reconcileHpa(state: ClusterState, hpa: KubeObject): void {
  const ns = hpa.metadata.namespace ?? "default";
  const spec = asObject(hpa.spec);
  const ref = asObject(spec.scaleTargetRef);
  const target =
    ref.kind === "Deployment"
      ? state.store.get("apps/deployments", ns, asString(ref.name))
      : undefined;
  const metric = asObjects(spec.metrics).find(
    (m) => m.type === "Resource" && asObject(m.resource).name === "cpu",
  );
  const targetUtil = asNumber(asObject(asObject(metric?.resource).target).averageUtilization, 80);
  if (target === undefined || metric === undefined) return;
  const current = asNumber(asObject(target.spec).replicas, 1);
  const selector = { ...asObject(asObject(asObject(target.spec).selector).matchLabels) };
  const pods = state.store
    .objects("/pods", ns, requirementsFromLabelSelector({ matchLabels: selector }))
    .filter(isActive);
  const containers = asObjects(asObject(asObject(asObject(target.spec).template).spec).containers);
  const missing = containers.find(
    (c) => asObject(asObject(c.resources).requests).cpu === undefined,
  );
  const conditions: JsonObject[] = [
    {
      type: "AbleToScale",
      status: "True",
      reason: "SucceededGetScale",
      message: "the HPA controller was able to get the target's current scale",
    },
  ];
  const status: JsonObject = { currentReplicas: current, desiredReplicas: current };
  if (missing !== undefined) {
    const why = `failed to get cpu utilization: missing request for cpu in container ${asString(missing.name)} of Pod ${pods[0]?.metadata.name ?? "<none>"}`;
    conditions.push({
      type: "ScalingActive",
      status: "False",
      reason: "FailedGetResourceMetric",
      message: `the HPA was unable to compute the replica count: ${why}`,
    });
    status.currentMetrics = null;
    recordEvent(state, {
      involved: hpa,
      reason: "FailedGetResourceMetric",
      message: why,
      type: "Warning",
      component: "horizontal-pod-autoscaler",
    });
  } else {
    const request = containers.reduce(
      (n, c) => n + parseQuantity(asObject(asObject(c.resources).requests).cpu),
      0,
    );
    const usages = state.store
      .objects("metrics.k8s.io/pods", ns)
      .filter((m) => Object.entries(selector).every(([k, v]) => m.metadata.labels?.[k] === v));
    if (usages.length === 0 || request <= 0) {
      conditions.push({
        type: "ScalingActive",
        status: "False",
        reason: "FailedGetResourceMetric",
        message:
          "the HPA was unable to compute the replica count: failed to get cpu utilization: unable to get metrics for resource cpu: no metrics returned from resource metrics API",
      });
    } else {
      const usage =
        usages.reduce(
          (n, m) =>
            n +
            asObjects(m.containers).reduce((k, c) => k + parseQuantity(asObject(c.usage).cpu), 0),
          0,
        ) / usages.length;
      const utilization = Math.round((usage / request) * 100);
      const min = asNumber(spec.minReplicas, 1);
      const max = asNumber(spec.maxReplicas, current);
      const wanted = Math.ceil((current * utilization) / targetUtil);
      const desired = Math.min(max, Math.max(min, wanted));
      status.desiredReplicas = desired;
      status.currentMetrics = [
        {
          type: "Resource",
          resource: {
            name: "cpu",
            current: {
              averageUtilization: utilization,
              averageValue: `${Math.round(usage * 1000)}m`,
            },
          },
        },
      ];
      conditions.push({
        type: "ScalingActive",
        status: "True",
        reason: "ValidMetricFound",
        message:
          "the HPA was able to successfully calculate a replica count from cpu resource utilization (percentage of request)",
      });
      conditions.push(
        wanted > max
          ? {
              type: "ScalingLimited",
              status: "True",
              reason: "TooManyReplicas",
              message: "the desired replica count is more than the maximum replica count",
            }
          : {
              type: "ScalingLimited",
              status: "False",
              reason: "DesiredWithinRange",
              message: "the desired count is within the acceptable range",
            },
      );
      if (desired !== current) {
        state.store.put("apps/deployments", {
          ...target,
          metadata: { ...target.metadata, generation: (target.metadata.generation ?? 1) + 1 },
          spec: { ...asObject(target.spec), replicas: desired },
        });
        status.lastScaleTime = formatTime(Date.now());
        recordEvent(state, {
          involved: hpa,
          reason: "SuccessfulRescale",
          message: `New size: ${desired}; reason: cpu resource utilization (percentage of request) ${desired > current ? "above" : "below"} target`,
          component: "horizontal-pod-autoscaler",
        });
      }
    }
  }
  const latest =
    state.store.get("autoscaling/horizontalpodautoscalers", ns, hpa.metadata.name) ?? hpa;
  const old = asObject(latest.status);
  const now = formatTime(Date.now());
  status.conditions = conditions.map((c) => {
    const prev = asObjects(old.conditions).find((p) => p.type === c.type);
    return {
      ...c,
      lastTransitionTime:
        prev !== undefined && prev.status === c.status
          ? asString(prev.lastTransitionTime, now)
          : now,
    };
  });
  if (old.lastScaleTime !== undefined && status.lastScaleTime === undefined)
    status.lastScaleTime = old.lastScaleTime;
  if (!jsonEqual(status, old))
    state.store.put("autoscaling/horizontalpodautoscalers", { ...latest, status });
}

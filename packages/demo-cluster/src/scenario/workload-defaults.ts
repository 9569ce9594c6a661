import { asObject, asObjects, isObject, type KubeObject } from "../util/json";
import { defaultPod, defaultPodSpec } from "./pod-defaults";

/**
 * API-server defaulting for the kinds whose defaults show up in
 * `kubectl get -o yaml` and `describe` (strategy, service type, ports'
 * protocol…). Fields the scenario wrote are kept.
 */
export function applyDefaults(o: KubeObject): void {
  switch (o.kind) {
    case "Pod":
      defaultPod(o);
      return;
    case "Deployment":
      defaultTemplate(o);
      defaultDeployment(asObject(o.spec));
      return;
    case "ReplicaSet":
    case "StatefulSet":
    case "DaemonSet":
      defaultTemplate(o);
      return;
    case "Job":
      defaultTemplate(o);
      defaultJob(o);
      return;
    case "CronJob": {
      const jobSpec = asObject(asObject(asObject(o.spec).jobTemplate).spec);
      const spec = asObject(asObject(jobSpec.template).spec);
      defaultPodSpec(spec);
      return;
    }
    case "Service":
      defaultService(o);
      return;
    case "Namespace":
      o.spec ??= { finalizers: ["kubernetes"] };
      o.status ??= { phase: "Active" };
      return;
    default:
      return;
  }
}

function defaultTemplate(o: KubeObject): void {
  const template = asObject(asObject(o.spec).template);
  if (isObject(template.spec)) defaultPodSpec(template.spec);
}

/** The API server gives a Job without selector one on its own uid, and labels its pod template to match. */
function defaultJob(o: KubeObject): void {
  const spec = asObject(o.spec);
  const uid = o.metadata.uid;
  if (spec.selector !== undefined || uid === undefined) return;
  const name = o.metadata.name;
  spec.selector = { matchLabels: { "batch.kubernetes.io/controller-uid": uid } };
  const template = asObject(spec.template);
  const meta = asObject(template.metadata);
  meta.labels = {
    ...asObject(meta.labels),
    "batch.kubernetes.io/controller-uid": uid,
    "batch.kubernetes.io/job-name": name,
    "controller-uid": uid,
    "job-name": name,
  };
  template.metadata = meta;
  spec.template = template;
  spec.backoffLimit ??= 6;
  spec.completions ??= 1;
  spec.parallelism ??= 1;
  spec.completionMode ??= "NonIndexed";
  spec.suspend ??= false;
}

function defaultDeployment(spec: Record<string, unknown>): void {
  spec.replicas ??= 1;
  spec.revisionHistoryLimit ??= 10;
  spec.progressDeadlineSeconds ??= 600;
  spec.strategy ??= {
    type: "RollingUpdate",
    rollingUpdate: { maxSurge: "25%", maxUnavailable: "25%" },
  };
}

function defaultService(o: KubeObject): void {
  const spec = asObject(o.spec);
  o.spec = spec;
  spec.type ??= "ClusterIP";
  spec.sessionAffinity ??= "None";
  spec.internalTrafficPolicy ??= "Cluster";
  spec.ipFamilies ??= ["IPv4"];
  spec.ipFamilyPolicy ??= "SingleStack";
  if (typeof spec.clusterIP === "string" && !Array.isArray(spec.clusterIPs))
    spec.clusterIPs = [spec.clusterIP];
  for (const port of asObjects(spec.ports)) {
    port.protocol ??= "TCP";
    port.targetPort ??= port.port;
  }
  o.status ??= { loadBalancer: {} };
}

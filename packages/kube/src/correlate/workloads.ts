import type { KubeObject, Pod, PodTemplate } from "../analyze/objects";
import type { ClusterSnapshot } from "../analyze/snapshot/ClusterSnapshot";
import { resourceKeyOfKind } from "../analyze/snapshot/resources";
import type { ObjectKey } from "../analyze/snapshot/SnapshotData";

/** The controller a human acts on for a pod: its Deployment, StatefulSet, DaemonSet, CronJob or Job — or the pod itself. */
export interface Workload {
  kind: string;
  namespace: string;
  name: string;
  object: KubeObject | undefined;
}

/** Owner kinds followed upward (a ReplicaSet is followed to its Deployment, a Job to its CronJob). */
const FOLLOWED = new Set([
  "ReplicaSet",
  "Deployment",
  "StatefulSet",
  "DaemonSet",
  "Job",
  "CronJob",
]);

/**
 * The top-most controller of an object, following controller references
 * through the snapshot. Unlike k8sgpt's parent resolution this follows Jobs
 * and CronJobs, and an owner missing from the snapshot still counts by name.
 */
export function workloadOf(snapshot: ClusterSnapshot, object: KubeObject): Workload {
  let current: KubeObject = object;
  let kind = object.kind ?? "Pod";
  const namespace = object.metadata?.namespace ?? "";
  for (let depth = 0; depth < 6; depth++) {
    const refs = current.metadata?.ownerReferences ?? [];
    const owner =
      refs.find((r) => r.controller === true && FOLLOWED.has(r.kind)) ??
      refs.find((r) => FOLLOWED.has(r.kind));
    if (owner === undefined) break;
    const key = resourceKeyOfKind(owner.kind) as ObjectKey | undefined;
    const next = key === undefined ? undefined : snapshot.get(key, namespace, owner.name);
    if (next === undefined)
      return { kind: owner.kind, namespace, name: owner.name, object: undefined };
    current = next;
    kind = owner.kind;
  }
  return { kind, namespace, name: current.metadata?.name ?? "", object: current };
}

/** The pod template of a workload object (Deployment, StatefulSet, DaemonSet, Job, ReplicaSet, CronJob). */
export function templateOf(object: KubeObject | undefined): PodTemplate | undefined {
  if (object === undefined) return undefined;
  const spec = (
    object as {
      spec?: { template?: PodTemplate; jobTemplate?: { spec?: { template?: PodTemplate } } };
    }
  ).spec;
  if (object.kind === "Pod")
    return { metadata: object.metadata ?? {}, spec: (object as Pod).spec ?? {} };
  return spec?.template ?? spec?.jobTemplate?.spec?.template;
}

/** `deployment/x`-style key for grouping. */
export function workloadKey(w: Workload): string {
  return `${w.kind}/${w.namespace}/${w.name}`;
}

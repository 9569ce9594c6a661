import type { KubeObject, Pod, PodTemplate } from "../model/objects";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";
import { resourceKeyOfKind } from "../model/snapshot/resources";
import type { ObjectKey } from "../model/snapshot/SnapshotData";

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

/**
 * Where a kind keeps the pod spec its pods are made from, as the keys from
 * the object's root: a CronJob nests it in its job template, a Pod is its own
 * template, every other workload has it at spec.template.spec. Fix and
 * evidence commands are built from this, so a CronJob is patched where the
 * API reads its pods (a `/spec/template` patch would be refused, and a
 * `{.spec.template}` JSONPath prints nothing).
 */
function podSpecKeys(kind: string): readonly string[] {
  switch (kind) {
    case "Pod":
      return ["spec"];
    case "CronJob":
      return ["spec", "jobTemplate", "spec", "template", "spec"];
    default:
      return ["spec", "template", "spec"];
  }
}

/** JSON pointer of the pod spec, for `patch --type=json`: `/spec/template/spec`, `/spec/jobTemplate/spec/template/spec`. */
export function podSpecPointer(kind: string): string {
  return podSpecKeys(kind)
    .map((k) => `/${k}`)
    .join("");
}

/** kubectl JSONPath of the pod spec, for `get -o jsonpath=`: `.spec.template.spec`, `.spec.jobTemplate.spec.template.spec`. */
export function podSpecJsonPath(kind: string): string {
  return podSpecKeys(kind)
    .map((k) => `.${k}`)
    .join("");
}

/** A merge patch that merges `podSpec` into the pod spec: `{ spec: { template: { spec } } }` and the like. */
export function podSpecMergePatch(
  kind: string,
  podSpec: Record<string, unknown>,
): Record<string, unknown> {
  return podSpecKeys(kind).reduceRight<Record<string, unknown>>(
    (inner, key) => ({ [key]: inner }),
    podSpec,
  );
}

/** Kinds whose pod template the API lets one change (what `set image/env/resources` and template patches do). */
const EDITABLE_TEMPLATE = new Set([
  "Deployment",
  "StatefulSet",
  "DaemonSet",
  "ReplicaSet",
  "CronJob",
]);

/**
 * Whether a fix may change the workload's pod template. A Job's template is
 * immutable (the API refuses the update), and so is most of a bare pod's spec.
 */
export function templateEditable(kind: string): boolean {
  return EDITABLE_TEMPLATE.has(kind);
}

const RESTARTABLE = new Set(["Deployment", "DaemonSet", "StatefulSet"]);

/** Whether `kubectl rollout restart` accepts the kind (not a Job, CronJob, ReplicaSet or Pod). */
export function supportsRolloutRestart(kind: string): boolean {
  return RESTARTABLE.has(kind);
}

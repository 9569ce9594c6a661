import type { PersistentVolumeClaim, Pod } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence } from "../evidence";
import { problemStatus, type PodProblem } from "../podProblem";
import type { Workload } from "../workloads";
import { describeWorkload } from "./baseDraft";

/** The StorageClass a claim gets: its own, or the cluster default when it names none. */
function claimStorageClass(
  ctx: CorrelationContext,
  pvc: PersistentVolumeClaim,
): string | undefined {
  const own = pvc.spec?.storageClassName;
  if (own != null) return own;
  const def = ctx.snapshot
    .list("storageclasses")
    .find(
      (sc) =>
        sc.metadata?.annotations?.["storageclass.kubernetes.io/is-default-class"] === "true" ||
        sc.metadata?.annotations?.["storageclass.beta.kubernetes.io/is-default-class"] === "true",
    );
  return def?.metadata?.name;
}

/**
 * Why a PersistentVolumeClaim is not bound: it does not exist, its
 * StorageClass does not exist (or none is named and there is no default), or
 * provisioning failed with the provisioner's message. Undefined when the
 * claim looks fine (bound, or waiting for its first consumer).
 */
export function diagnoseClaim(
  ctx: CorrelationContext,
  namespace: string,
  claimName: string,
): Draft | undefined {
  const pvc = ctx.snapshot.get("persistentvolumeclaims", namespace, claimName);
  const primary = { kind: "PersistentVolumeClaim", namespace, name: claimName };
  const base = (score: number, summary: string, rootCause: string): Draft => ({
    category: "StorageProvisioning",
    severity: "high",
    score,
    primary,
    related: [],
    summary,
    rootCause,
    evidence: [],
    fixes: [],
  });
  if (pvc === undefined) {
    const d = base(
      0.9,
      `PersistentVolumeClaim ${namespace}/${claimName} does not exist.`,
      `PersistentVolumeClaim ${namespace}/${claimName} is used by pods but does not exist.`,
    );
    d.evidence.push({
      source: "kubectl",
      command: cmd.get("pvc", claimName, namespace),
      excerpt: `Error from server (NotFound): persistentvolumeclaims "${claimName}" not found`,
    });
    return d;
  }
  if (pvc.status?.phase !== "Pending") return undefined;
  const sc = claimStorageClass(ctx, pvc);
  const events = ctx.snapshot
    .eventsFor(namespace, claimName)
    .filter((e) => e.involved.kind === "PersistentVolumeClaim" || e.involved.kind === "");
  const failed = events.filter((e) => e.reason === "ProvisioningFailed" || e.type === "Warning");
  const ev = eventsEvidence(ctx, namespace, claimName);
  const describe = {
    source: "kubectl" as const,
    command: cmd.describe("pvc", claimName, namespace),
    excerpt: `Name:          ${claimName}\nNamespace:     ${namespace}\nStorageClass:  ${pvc.spec?.storageClassName ?? ""}\nStatus:        Pending\nVolume:        ${pvc.spec?.volumeName ?? ""}`,
  };
  if (
    sc === undefined ||
    sc === "" ||
    ctx.snapshot.get("storageclasses", undefined, sc) === undefined
  ) {
    const existing = ctx.snapshot.list("storageclasses").map((s) => s.metadata?.name ?? "");
    const what =
      sc === undefined || sc === ""
        ? "it names no StorageClass and the cluster has no default StorageClass"
        : `StorageClass "${sc}" does not exist`;
    const d = base(
      0.95,
      `PersistentVolumeClaim ${namespace}/${claimName} stays Pending: ${what}.`,
      `PersistentVolumeClaim ${namespace}/${claimName} cannot be provisioned because ${what}${existing.length > 0 ? ` (existing StorageClasses: ${existing.join(", ")})` : ""}, so no volume is created and pods using it cannot be scheduled.`,
    );
    if (sc !== undefined && sc !== "")
      addRelated(d, ref("StorageClass", undefined, sc, "not found"));
    d.evidence.push(describe);
    if (ev !== undefined) d.evidence.push(ev);
    d.evidence.push({
      source: "kubectl",
      command: "get storageclass",
      excerpt:
        existing.length === 0 ? "No resources found" : existing.map((n) => `${n}`).join("\n"),
    });
    const fallback = existing.find((n) => n !== sc);
    const model = modelClass(ctx);
    if (sc !== undefined && sc !== "" && model !== undefined)
      d.fixes.push({
        title: `Create StorageClass ${sc} with the provisioner of ${model.metadata?.name ?? ""}`,
        rationale: `A claim's storageClassName cannot be changed, nor a StatefulSet's volumeClaimTemplates, so the class the claim names has to exist: this one copies ${model.metadata?.name ?? ""} (provisioner ${model.provisioner ?? ""}, its parameters and binding mode), and the Pending claim is then provisioned. Adjust its parameters if ${sc} was meant to be a different disk type.`,
        command: "apply -f -",
        manifest: classManifest(sc, model),
        risk: "medium",
        requiresApproval: true,
      });
    if (fallback !== undefined)
      d.fixes.push({
        title: `Recreate the claim with an existing StorageClass (${fallback})`,
        rationale: `storageClassName cannot be changed on an existing claim: delete the Pending claim (it holds no data yet) and create it again with storageClassName: ${fallback}.`,
        command: cmd.delete("pvc", claimName, namespace),
        risk: "high",
        requiresApproval: true,
      });
    if (sc !== undefined && sc !== "")
      d.fixes.push({
        title: `Or create StorageClass ${sc}`,
        rationale:
          "If the class name is right, the cluster administrator must install it (with its provisioner).",
        command: "get storageclass",
        risk: "read-only",
        requiresApproval: false,
      });
    return d;
  }
  const last = failed[failed.length - 1];
  if (last === undefined) return undefined;
  const modes = pvc.spec?.accessModes ?? [];
  const size = pvc.spec?.resources?.requests?.storage;
  const provisioner = ctx.snapshot.get("storageclasses", undefined, sc)?.provisioner;
  const asks = `The claim asks for ${modes.join(", ") || "no access mode"}${size === undefined ? "" : ` (${String(size)})`} from StorageClass ${sc}${provisioner === undefined ? "" : ` (provisioner ${provisioner})`}.`;
  const shared = modes.filter((m) => m !== "ReadWriteOnce" && m !== "ReadWriteOncePod");
  const modeRefused = shared.length > 0 && ACCESS_MODE_REFUSED.test(last.message);
  const d = base(
    modeRefused ? 0.92 : 0.85,
    modeRefused
      ? `PersistentVolumeClaim ${namespace}/${claimName} asks for ${shared.join(", ")}, which StorageClass ${sc} cannot provision.`
      : `PersistentVolumeClaim ${namespace}/${claimName} cannot be provisioned.`,
    `Provisioning PersistentVolumeClaim ${namespace}/${claimName} from StorageClass "${sc}" fails: ${last.message} ${asks}` +
      (modeRefused
        ? ` The provisioner does not support ${shared.join(", ")}: such a volume can be attached to one node at a time, so the claim stays Pending.`
        : ""),
  );
  addRelated(d, ref("StorageClass", undefined, sc));
  d.evidence.push({
    ...describe,
    excerpt: `${describe.excerpt}\nAccess Modes:  ${modes.join(",")}${size === undefined ? "" : `\nRequested:     ${String(size)}`}`,
  });
  if (ev !== undefined) d.evidence.push(ev);
  if (modeRefused)
    d.fixes.push(
      {
        title: `Recreate ${claimName} with ReadWriteOnce`,
        rationale: `accessModes cannot be changed on an existing claim: delete the Pending claim (it holds no data yet) and create it again with accessModes [ReadWriteOnce] — enough for a single replica — or use a StorageClass whose provisioner supports ${shared.join(", ")} (a shared file system such as NFS or EFS).`,
        command: cmd.delete("pvc", claimName, namespace),
        risk: "high",
        requiresApproval: true,
      },
      ...(standalone(ctx, pvc)
        ? [
            {
              title: `Create ${claimName} again with ReadWriteOnce`,
              rationale: `The same claim (name, labels, StorageClass ${sc}, size) with accessModes [ReadWriteOnce], which ${provisioner ?? "the provisioner"} supports; the pods waiting for it are scheduled once it is bound.`,
              command: "create -f -",
              manifest: claimManifest(pvc, ["ReadWriteOnce"]),
              risk: "medium" as const,
              requiresApproval: true,
              role: "follow-up" as const,
            },
          ]
        : []),
      {
        title: "List the StorageClasses and their provisioners",
        rationale: `Find a class that supports ${shared.join(", ")}, if the workload needs a shared volume.`,
        command: "get storageclass",
        risk: "read-only",
        requiresApproval: false,
      },
    );
  return d;
}

type StorageClassObject = NonNullable<ReturnType<CorrelationContext["snapshot"]["get"]>> & {
  provisioner?: string;
  parameters?: Record<string, string>;
  reclaimPolicy?: string;
  volumeBindingMode?: string;
  allowVolumeExpansion?: boolean;
};

/**
 * A claim the user made, which nothing recreates when it is deleted: not one
 * of a StatefulSet's volumeClaimTemplates (`<template>-<set>-<ordinal>`, the
 * controller recreates those from the template, unchanged) and not owned by
 * another object.
 */
function standalone(ctx: CorrelationContext, pvc: PersistentVolumeClaim): boolean {
  if ((pvc.metadata?.ownerReferences ?? []).length > 0) return false;
  const name = pvc.metadata?.name ?? "";
  return !ctx.snapshot
    .list("statefulsets", pvc.metadata?.namespace)
    .some((set) =>
      (set.spec?.volumeClaimTemplates ?? []).some((t) =>
        name.startsWith(`${t.metadata?.name ?? ""}-${set.metadata?.name ?? ""}-`),
      ),
    );
}

/** The claim as the user wrote it (server fields left out), with other access modes (JSON: kubectl reads it as YAML). */
function claimManifest(pvc: PersistentVolumeClaim, accessModes: string[]): string {
  const m = pvc.metadata;
  const manifest = {
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: {
      name: m?.name,
      namespace: m?.namespace,
      ...(m?.labels === undefined ? {} : { labels: m.labels }),
    },
    spec: {
      accessModes,
      ...(pvc.spec?.storageClassName == null
        ? {}
        : { storageClassName: pvc.spec.storageClassName }),
      resources: pvc.spec?.resources,
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The class a missing one is modelled on: the cluster default, else the only class there is. */
function modelClass(ctx: CorrelationContext): StorageClassObject | undefined {
  const all = ctx.snapshot.list("storageclasses") as StorageClassObject[];
  const def = all.find(
    (c) =>
      c.metadata?.annotations?.["storageclass.kubernetes.io/is-default-class"] === "true" ||
      c.metadata?.annotations?.["storageclass.beta.kubernetes.io/is-default-class"] === "true",
  );
  const model = def ?? (all.length === 1 ? all[0] : undefined);
  return model?.provisioner === undefined ? undefined : model;
}

/** A StorageClass named `name` with the model's provisioner and settings, not marked default (JSON: kubectl reads it as YAML). */
function classManifest(name: string, model: StorageClassObject): string {
  const manifest = {
    apiVersion: "storage.k8s.io/v1",
    kind: "StorageClass",
    metadata: { name },
    provisioner: model.provisioner,
    ...(model.parameters === undefined ? {} : { parameters: model.parameters }),
    ...(model.reclaimPolicy === undefined ? {} : { reclaimPolicy: model.reclaimPolicy }),
    ...(model.volumeBindingMode === undefined
      ? {}
      : { volumeBindingMode: model.volumeBindingMode }),
    ...(model.allowVolumeExpansion === undefined
      ? {}
      : { allowVolumeExpansion: model.allowVolumeExpansion }),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** A provisioner refusing the claim's access mode (CSI "volume capabilities … not supported", in-tree "access mode … not supported"). */
const ACCESS_MODE_REFUSED =
  /(?:volume capabilit(?:y|ies)|access ?modes?|MULTI_NODE_\w+)[^\n]*not supported|not support(?:ed)?[^\n]*access ?modes?/i;

/** A pod held back by its claims: the first claim with a problem, with the pod and workload as symptoms. */
export function diagnoseClaims(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
): Draft | undefined {
  const ns = pod.metadata?.namespace ?? "";
  for (const v of pod.spec?.volumes ?? []) {
    const claim = v.persistentVolumeClaim?.claimName;
    if (claim === undefined) continue;
    const d = diagnoseClaim(ctx, ns, claim);
    if (d === undefined) continue;
    d.rootCause += ` Pod ${pod.metadata?.name ?? ""} of ${describeWorkload(w)} waits for it (${problemStatus(problem)}).`;
    addRelated(
      d,
      ref(w.kind, w.namespace, w.name),
      ref("Pod", ns, pod.metadata?.name ?? "", problemStatus(problem)),
    );
    return d;
  }
  return undefined;
}

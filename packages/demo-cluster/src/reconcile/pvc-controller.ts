import type { ClusterState } from "../server/cluster-state";
import { formatTime } from "../scenario/relative-time";
import { asObject, asString, type KubeObject } from "../util/json";
import { deterministicUid } from "../util/uid";
import { recordEvent } from "./record-event";

/**
 * Dynamic provisioning: a Pending claim whose StorageClass exists (or, with no
 * class named, the default one) gets a new PersistentVolume and is Bound; a
 * missing class is a ProvisioningFailed warning, worded as the real
 * persistentvolume-controller words it.
 */
export function reconcilePvc(state: ClusterState, pvc: KubeObject): void {
  if (asString(asObject(pvc.status).phase) === "Bound") return;
  const spec = asObject(pvc.spec);
  let className = asString(spec.storageClassName);
  if (className === "") {
    const def = state.store
      .objects("storage.k8s.io/storageclasses")
      .find(
        (sc) => sc.metadata.annotations?.["storageclass.kubernetes.io/is-default-class"] === "true",
      );
    if (def === undefined) return;
    className = def.metadata.name;
  }
  const sc = state.store.get("storage.k8s.io/storageclasses", undefined, className);
  if (sc === undefined) {
    recordEvent(state, {
      involved: pvc,
      reason: "ProvisioningFailed",
      message: `storageclass.storage.k8s.io "${className}" not found`,
      type: "Warning",
      component: "persistentvolume-controller",
    });
    return;
  }
  const ns = pvc.metadata.namespace ?? "default";
  const pvName = `pvc-${pvc.metadata.uid ?? deterministicUid(pvc.metadata.name)}`;
  const storage = asString(asObject(asObject(spec.resources).requests).storage, "1Gi");
  const now = formatTime(Date.now());
  state.store.put("/persistentvolumes", {
    apiVersion: "v1",
    kind: "PersistentVolume",
    metadata: {
      name: pvName,
      uid: deterministicUid(`PersistentVolume//${pvName}`),
      creationTimestamp: now,
      annotations: { "pv.kubernetes.io/provisioned-by": asString(sc.provisioner) },
      finalizers: ["kubernetes.io/pv-protection"],
    },
    spec: {
      accessModes: spec.accessModes ?? ["ReadWriteOnce"],
      capacity: { storage },
      claimRef: {
        apiVersion: "v1",
        kind: "PersistentVolumeClaim",
        name: pvc.metadata.name,
        namespace: ns,
        uid: pvc.metadata.uid,
      },
      persistentVolumeReclaimPolicy: asString(sc.reclaimPolicy, "Delete"),
      storageClassName: className,
      volumeMode: asString(spec.volumeMode, "Filesystem"),
    },
    status: { phase: "Bound", lastPhaseTransitionTime: now },
  });
  const latest = state.store.get("/persistentvolumeclaims", ns, pvc.metadata.name) ?? pvc;
  state.store.put("/persistentvolumeclaims", {
    ...latest,
    metadata: {
      ...latest.metadata,
      annotations: {
        ...latest.metadata.annotations,
        "pv.kubernetes.io/bind-completed": "yes",
        "pv.kubernetes.io/bound-by-controller": "yes",
        "volume.kubernetes.io/storage-provisioner": asString(sc.provisioner),
      },
    },
    spec: { ...spec, storageClassName: className, volumeName: pvName },
    status: {
      phase: "Bound",
      accessModes: spec.accessModes ?? ["ReadWriteOnce"],
      capacity: { storage },
    },
  });
  recordEvent(state, {
    involved: latest,
    reason: "ProvisioningSucceeded",
    message: `Successfully provisioned volume ${pvName}`,
    component: asString(sc.provisioner),
  });
}

import { asObject, asString } from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, NAME, type TableSpec } from "../table-spec";

const MODES: [string, string][] = [
  ["ReadWriteOnce", "RWO"],
  ["ReadOnlyMany", "ROX"],
  ["ReadWriteMany", "RWX"],
  ["ReadWriteOncePod", "RWOP"],
];

function accessModes(value: unknown): string {
  const list = Array.isArray(value) ? value.map(String) : [];
  return MODES.filter(([m]) => list.includes(m))
    .map(([, short]) => short)
    .join(",");
}

function storageClassOf(
  spec: Record<string, unknown>,
  annotations: Record<string, string> | undefined,
): string {
  return (
    asString(spec.storageClassName) ||
    (annotations?.["volume.beta.kubernetes.io/storage-class"] ?? "")
  );
}

export const pvcTable: TableSpec = {
  columns: [
    NAME,
    col("Status", "Phase represents the current phase of PersistentVolumeClaim."),
    col(
      "Volume",
      "VolumeName is the binding reference to the PersistentVolume backing this claim.",
    ),
    col("Capacity", "Capacity represents the actual resources of the underlying volume."),
    col("Access Modes", "AccessModes contains the desired access modes the volume should have."),
    col("StorageClass", "StorageClassName is the name of the StorageClass required by the claim."),
    col(
      "VolumeAttributesClass",
      "VolumeAttributesClassName may be used to set the VolumeAttributesClass used by this claim.",
    ),
    AGE,
    col("VolumeMode", "VolumeMode defines what type of volume is required by the claim.", {
      priority: 1,
    }),
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const status = asObject(o.status);
    const phase =
      typeof o.metadata.deletionTimestamp === "string" ? "Terminating" : asString(status.phase);
    const bound = asString(spec.volumeName) !== "";
    return [
      o.metadata.name,
      phase,
      asString(spec.volumeName),
      bound ? asString(asObject(status.capacity).storage) : "",
      bound ? accessModes(status.accessModes) : "",
      storageClassOf(spec, o.metadata.annotations),
      asString(spec.volumeAttributesClassName) || "<unset>",
      age(o.metadata.creationTimestamp, now),
      asString(spec.volumeMode) || "<unset>",
    ];
  },
};

export const pvTable: TableSpec = {
  columns: [
    NAME,
    col(
      "Capacity",
      "capacity is the description of the persistent volume's resources and capacity.",
    ),
    col("Access Modes", "accessModes contains all ways the volume can be mounted."),
    col(
      "Reclaim Policy",
      "persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.",
    ),
    col(
      "Status",
      "phase indicates if a volume is available, bound to a claim, or released by a claim.",
    ),
    col(
      "Claim",
      "claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.",
    ),
    col(
      "StorageClass",
      "storageClassName is the name of StorageClass to which this persistent volume belongs.",
    ),
    col(
      "VolumeAttributesClass",
      "Name of VolumeAttributesClass to which this persistent volume belongs.",
    ),
    col("Reason", "reason is a brief CamelCase string that describes any failure."),
    AGE,
    col(
      "VolumeMode",
      "volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.",
      { priority: 1 },
    ),
  ],
  cells: (o, now) => {
    const spec = asObject(o.spec);
    const status = asObject(o.status);
    const claim = asObject(spec.claimRef);
    const claimText =
      asString(claim.name) === "" ? "" : `${asString(claim.namespace)}/${asString(claim.name)}`;
    const phase =
      typeof o.metadata.deletionTimestamp === "string" ? "Terminating" : asString(status.phase);
    return [
      o.metadata.name,
      asString(asObject(spec.capacity).storage),
      accessModes(spec.accessModes),
      asString(spec.persistentVolumeReclaimPolicy),
      phase,
      claimText,
      storageClassOf(spec, o.metadata.annotations),
      asString(spec.volumeAttributesClassName) || "<unset>",
      asString(status.reason),
      age(o.metadata.creationTimestamp, now),
      asString(spec.volumeMode) || "<unset>",
    ];
  },
};

export const storageClassTable: TableSpec = {
  columns: [
    NAME,
    col("Provisioner", "Indicates the type of the provisioner."),
    col("ReclaimPolicy", "Indicates the type of the reclaim policy."),
    col(
      "VolumeBindingMode",
      "Indicates how PersistentVolumeClaims should be provisioned and bound.",
    ),
    col("AllowVolumeExpansion", "Indicates whether the storage class allow volume expand."),
    AGE,
  ],
  cells: (o, now) => {
    const annotations = o.metadata.annotations ?? {};
    const isDefault =
      annotations["storageclass.kubernetes.io/is-default-class"] === "true" ||
      annotations["storageclass.beta.kubernetes.io/is-default-class"] === "true";
    return [
      isDefault ? `${o.metadata.name} (default)` : o.metadata.name,
      asString(o.provisioner),
      asString(o.reclaimPolicy, "Delete"),
      asString(o.volumeBindingMode, "Immediate"),
      o.allowVolumeExpansion === true ? "true" : "false",
      age(o.metadata.creationTimestamp, now),
    ];
  },
};

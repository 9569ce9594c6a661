import type { ResourceType } from "../../api/resource-type";
import { asObject, asObjects, asString, type KubeObject } from "../../util/json";
import { age } from "../human-duration";
import { AGE, col, NAME, type TableSpec } from "../table-spec";
import { daemonSetTable, deploymentTable, replicaSetTable, statefulSetTable } from "./apps";
import { cronJobTable, jobTable } from "./batch";
import {
  configMapTable,
  leaseTable,
  namespaceTable,
  resourceQuotaTable,
  secretTable,
  serviceAccountTable,
} from "./core";
import { eventTable } from "./events";
import {
  endpointSliceTable,
  endpointsTable,
  ingressClassTable,
  ingressTable,
  networkPolicyTable,
} from "./networking";
import { nodeTable } from "./nodes";
import { podTable } from "./pods";
import { hpaTable, pdbTable, roleBindingTable, roleTable } from "./policy";
import { serviceTable } from "./services";
import { pvcTable, pvTable, storageClassTable } from "./storage";

/** Printers by "group/Kind"; kinds without one print NAME and AGE (or a CRD's printer columns). */
const PRINTERS: Record<string, TableSpec> = {
  "/Pod": podTable,
  "/Service": serviceTable,
  "/Node": nodeTable,
  "/Event": eventTable,
  "events.k8s.io/Event": eventTable,
  "/Namespace": namespaceTable,
  "/ConfigMap": configMapTable,
  "/Secret": secretTable,
  "/ServiceAccount": serviceAccountTable,
  "/Endpoints": endpointsTable,
  "/PersistentVolumeClaim": pvcTable,
  "/PersistentVolume": pvTable,
  "/ResourceQuota": resourceQuotaTable,
  "apps/Deployment": deploymentTable,
  "apps/ReplicaSet": replicaSetTable,
  "apps/StatefulSet": statefulSetTable,
  "apps/DaemonSet": daemonSetTable,
  "batch/Job": jobTable,
  "batch/CronJob": cronJobTable,
  "networking.k8s.io/Ingress": ingressTable,
  "networking.k8s.io/IngressClass": ingressClassTable,
  "networking.k8s.io/NetworkPolicy": networkPolicyTable,
  "discovery.k8s.io/EndpointSlice": endpointSliceTable,
  "storage.k8s.io/StorageClass": storageClassTable,
  "autoscaling/HorizontalPodAutoscaler": hpaTable,
  "policy/PodDisruptionBudget": pdbTable,
  "rbac.authorization.k8s.io/Role": roleTable,
  "rbac.authorization.k8s.io/ClusterRole": roleTable,
  "rbac.authorization.k8s.io/RoleBinding": roleBindingTable,
  "rbac.authorization.k8s.io/ClusterRoleBinding": roleBindingTable,
  "coordination.k8s.io/Lease": leaseTable,
};

const DEFAULT_TABLE: TableSpec = {
  columns: [NAME, AGE],
  cells: (o, now) => [o.metadata.name, age(o.metadata.creationTimestamp, now)],
};

/** The printer of a type; `crd` is its CustomResourceDefinition when it has one (additionalPrinterColumns). */
export function tableSpecFor(t: ResourceType, crd: KubeObject | undefined): TableSpec {
  const builtin = PRINTERS[`${t.group}/${t.kind}`];
  if (builtin !== undefined) return builtin;
  if (crd !== undefined) return crdTable(crd, t.version) ?? DEFAULT_TABLE;
  return DEFAULT_TABLE;
}

/** additionalPrinterColumns of a CRD version, reading simple `.a.b` JSON paths. */
function crdTable(crd: KubeObject, version: string): TableSpec | undefined {
  const v = asObjects(asObject(crd.spec).versions).find((x) => x.name === version);
  const extra = asObjects(v?.additionalPrinterColumns);
  if (extra.length === 0) return undefined;
  const columns = [
    NAME,
    ...extra.map((c) =>
      col(asString(c.name), asString(c.description), {
        priority: typeof c.priority === "number" ? c.priority : 0,
      }),
    ),
  ];
  return {
    columns,
    cells: (o, now) => [
      o.metadata.name,
      ...extra.map((c) => {
        const p = asString(c.jsonPath);
        let value: unknown = o;
        for (const key of p.split(".").filter((k) => k !== "")) value = asObject(value)[key];
        if (c.type === "date" && typeof value === "string") return age(value, now);
        return value === undefined || value === null
          ? ""
          : typeof value === "object"
            ? JSON.stringify(value)
            : (value as string | number | boolean);
      }),
    ],
  };
}

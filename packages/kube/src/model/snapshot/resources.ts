/**
 * Every list the snapshot can hold: where the API serves it and whether it is
 * namespaced. The key is the plural resource name, which is also the field of
 * `SnapshotData` that holds the items.
 */
export interface ResourceInfo {
  kind: string;
  /** `v1` for the core group, `group/version` otherwise. */
  apiVersion: string;
  plural: string;
  namespaced: boolean;
}

export const RESOURCES = {
  pods: { kind: "Pod", apiVersion: "v1", plural: "pods", namespaced: true },
  services: { kind: "Service", apiVersion: "v1", plural: "services", namespaced: true },
  endpoints: { kind: "Endpoints", apiVersion: "v1", plural: "endpoints", namespaced: true },
  endpointslices: {
    kind: "EndpointSlice",
    apiVersion: "discovery.k8s.io/v1",
    plural: "endpointslices",
    namespaced: true,
  },
  events: { kind: "Event", apiVersion: "v1", plural: "events", namespaced: true },
  configmaps: { kind: "ConfigMap", apiVersion: "v1", plural: "configmaps", namespaced: true },
  secrets: { kind: "Secret", apiVersion: "v1", plural: "secrets", namespaced: true },
  serviceaccounts: {
    kind: "ServiceAccount",
    apiVersion: "v1",
    plural: "serviceaccounts",
    namespaced: true,
  },
  persistentvolumeclaims: {
    kind: "PersistentVolumeClaim",
    apiVersion: "v1",
    plural: "persistentvolumeclaims",
    namespaced: true,
  },
  persistentvolumes: {
    kind: "PersistentVolume",
    apiVersion: "v1",
    plural: "persistentvolumes",
    namespaced: false,
  },
  resourcequotas: {
    kind: "ResourceQuota",
    apiVersion: "v1",
    plural: "resourcequotas",
    namespaced: true,
  },
  nodes: { kind: "Node", apiVersion: "v1", plural: "nodes", namespaced: false },
  namespaces: { kind: "Namespace", apiVersion: "v1", plural: "namespaces", namespaced: false },
  deployments: {
    kind: "Deployment",
    apiVersion: "apps/v1",
    plural: "deployments",
    namespaced: true,
  },
  replicasets: {
    kind: "ReplicaSet",
    apiVersion: "apps/v1",
    plural: "replicasets",
    namespaced: true,
  },
  statefulsets: {
    kind: "StatefulSet",
    apiVersion: "apps/v1",
    plural: "statefulsets",
    namespaced: true,
  },
  daemonsets: { kind: "DaemonSet", apiVersion: "apps/v1", plural: "daemonsets", namespaced: true },
  jobs: { kind: "Job", apiVersion: "batch/v1", plural: "jobs", namespaced: true },
  cronjobs: { kind: "CronJob", apiVersion: "batch/v1", plural: "cronjobs", namespaced: true },
  ingresses: {
    kind: "Ingress",
    apiVersion: "networking.k8s.io/v1",
    plural: "ingresses",
    namespaced: true,
  },
  ingressclasses: {
    kind: "IngressClass",
    apiVersion: "networking.k8s.io/v1",
    plural: "ingressclasses",
    namespaced: false,
  },
  networkpolicies: {
    kind: "NetworkPolicy",
    apiVersion: "networking.k8s.io/v1",
    plural: "networkpolicies",
    namespaced: true,
  },
  horizontalpodautoscalers: {
    kind: "HorizontalPodAutoscaler",
    apiVersion: "autoscaling/v2",
    plural: "horizontalpodautoscalers",
    namespaced: true,
  },
  poddisruptionbudgets: {
    kind: "PodDisruptionBudget",
    apiVersion: "policy/v1",
    plural: "poddisruptionbudgets",
    namespaced: true,
  },
  storageclasses: {
    kind: "StorageClass",
    apiVersion: "storage.k8s.io/v1",
    plural: "storageclasses",
    namespaced: false,
  },
  mutatingwebhookconfigurations: {
    kind: "MutatingWebhookConfiguration",
    apiVersion: "admissionregistration.k8s.io/v1",
    plural: "mutatingwebhookconfigurations",
    namespaced: false,
  },
  validatingwebhookconfigurations: {
    kind: "ValidatingWebhookConfiguration",
    apiVersion: "admissionregistration.k8s.io/v1",
    plural: "validatingwebhookconfigurations",
    namespaced: false,
  },
  roles: {
    kind: "Role",
    apiVersion: "rbac.authorization.k8s.io/v1",
    plural: "roles",
    namespaced: true,
  },
  rolebindings: {
    kind: "RoleBinding",
    apiVersion: "rbac.authorization.k8s.io/v1",
    plural: "rolebindings",
    namespaced: true,
  },
  clusterroles: {
    kind: "ClusterRole",
    apiVersion: "rbac.authorization.k8s.io/v1",
    plural: "clusterroles",
    namespaced: false,
  },
  clusterrolebindings: {
    kind: "ClusterRoleBinding",
    apiVersion: "rbac.authorization.k8s.io/v1",
    plural: "clusterrolebindings",
    namespaced: false,
  },
  /** metrics-server's live usage; absent (404) on clusters without it. */
  podmetrics: {
    kind: "PodMetrics",
    apiVersion: "metrics.k8s.io/v1beta1",
    plural: "pods",
    namespaced: true,
  },
} as const satisfies Record<string, ResourceInfo>;

export type ResourceKey = keyof typeof RESOURCES;

export const RESOURCE_KEYS = Object.keys(RESOURCES) as ResourceKey[];

const byKind = new Map<string, ResourceKey>(
  RESOURCE_KEYS.map((key) => [RESOURCES[key].kind, key] as const),
);

/** The snapshot key holding objects of `kind`, e.g. `Deployment` → `deployments`. */
export function resourceKeyOfKind(kind: string): ResourceKey | undefined {
  return byKind.get(kind);
}

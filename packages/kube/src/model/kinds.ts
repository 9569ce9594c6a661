/**
 * Kind names as users and models write them (`po`, `deploy`, `svc`,
 * `deployments`, `Deployment`) mapped to the canonical kind. A static table:
 * analysis must work without a discovery round-trip.
 */
const ALIASES: Record<string, string[]> = {
  Pod: ["po", "pod", "pods"],
  Deployment: ["deploy", "deployment", "deployments"],
  ReplicaSet: ["rs", "replicaset", "replicasets"],
  StatefulSet: ["sts", "statefulset", "statefulsets"],
  DaemonSet: ["ds", "daemonset", "daemonsets"],
  Job: ["job", "jobs"],
  CronJob: ["cj", "cronjob", "cronjobs"],
  Service: ["svc", "service", "services"],
  Endpoints: ["ep", "endpoints"],
  PersistentVolumeClaim: ["pvc", "persistentvolumeclaim", "persistentvolumeclaims"],
  PersistentVolume: ["pv", "persistentvolume", "persistentvolumes"],
  StorageClass: ["sc", "storageclass", "storageclasses"],
  Ingress: ["ing", "ingress", "ingresses"],
  IngressClass: ["ingressclass", "ingressclasses"],
  Node: ["no", "node", "nodes"],
  Namespace: ["ns", "namespace", "namespaces"],
  ConfigMap: ["cm", "configmap", "configmaps"],
  Secret: ["secret", "secrets"],
  ServiceAccount: ["sa", "serviceaccount", "serviceaccounts"],
  HorizontalPodAutoscaler: ["hpa", "horizontalpodautoscaler", "horizontalpodautoscalers"],
  PodDisruptionBudget: ["pdb", "poddisruptionbudget", "poddisruptionbudgets"],
  NetworkPolicy: ["netpol", "networkpolicy", "networkpolicies"],
  ResourceQuota: ["quota", "resourcequota", "resourcequotas"],
  MutatingWebhookConfiguration: ["mutatingwebhookconfiguration", "mutatingwebhookconfigurations"],
  ValidatingWebhookConfiguration: [
    "validatingwebhookconfiguration",
    "validatingwebhookconfigurations",
  ],
};

const lookup = new Map<string, string>();
for (const [kind, aliases] of Object.entries(ALIASES)) {
  lookup.set(kind.toLowerCase(), kind);
  for (const a of aliases) lookup.set(a, kind);
}

/** The canonical kind for a name or alias; unknown names come back unchanged. */
export function canonicalKind(kind: string): string {
  return lookup.get(kind.toLowerCase()) ?? kind;
}

/** Kinds without a namespace. */
export const CLUSTER_SCOPED_KINDS = new Set([
  "Node",
  "Namespace",
  "PersistentVolume",
  "StorageClass",
  "IngressClass",
  "MutatingWebhookConfiguration",
  "ValidatingWebhookConfiguration",
]);

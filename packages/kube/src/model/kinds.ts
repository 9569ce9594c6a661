/**
 * Kind names as users and models write them (`po`, `deploy`, `svc`,
 * `deployments`, `Deployment`) mapped to the canonical kind: kubectl's short
 * names and resource names, plus the plurals people write for short names
 * (`deploys`, `pvcs`). A static table: analysis must work without a
 * discovery round-trip, and the agent reads questions with it.
 */
const ALIASES: Record<string, string[]> = {
  Pod: ["po", "pod", "pods"],
  Deployment: ["deploy", "deploys", "deployment", "deployments"],
  ReplicaSet: ["rs", "replicaset", "replicasets"],
  StatefulSet: ["sts", "statefulset", "statefulsets"],
  DaemonSet: ["ds", "daemonset", "daemonsets"],
  Job: ["job", "jobs"],
  CronJob: ["cj", "cronjob", "cronjobs"],
  Service: ["svc", "service", "services"],
  Endpoints: ["ep", "endpoints"],
  PersistentVolumeClaim: ["pvc", "pvcs", "persistentvolumeclaim", "persistentvolumeclaims"],
  PersistentVolume: ["pv", "persistentvolume", "persistentvolumes"],
  StorageClass: ["sc", "storageclass", "storageclasses"],
  Ingress: ["ing", "ingress", "ingresses"],
  IngressClass: ["ingressclass", "ingressclasses"],
  Node: ["no", "node", "nodes"],
  Namespace: ["ns", "namespace", "namespaces"],
  ConfigMap: ["cm", "configmap", "configmaps"],
  Secret: ["secret", "secrets"],
  ServiceAccount: ["sa", "serviceaccount", "serviceaccounts"],
  HorizontalPodAutoscaler: ["hpa", "hpas", "horizontalpodautoscaler", "horizontalpodautoscalers"],
  PodDisruptionBudget: ["pdb", "poddisruptionbudget", "poddisruptionbudgets"],
  NetworkPolicy: ["netpol", "networkpolicy", "networkpolicies"],
  ResourceQuota: ["quota", "resourcequota", "resourcequotas"],
  Event: ["ev", "event", "events"],
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

/**
 * The canonical kind for a kind name or alias, case-insensitive (`po`,
 * `Pods`, `deploy` → `Pod`, `Pod`, `Deployment`); undefined for a word that
 * names no kind we know, so a caller can tell a kind from any other word.
 */
export function canonicalKind(name: string): string | undefined {
  return lookup.get(name.toLowerCase());
}

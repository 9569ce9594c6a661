import type {
  ConfigMap,
  CronJob,
  DaemonSet,
  Deployment,
  EndpointSlice,
  Endpoints,
  HorizontalPodAutoscaler,
  Ingress,
  Job,
  KubeObject,
  Namespace,
  NetworkPolicy,
  Node,
  PersistentVolumeClaim,
  Pod,
  PodMetrics,
  PodDisruptionBudget,
  ReplicaSet,
  ResourceQuota,
  Role,
  RoleBinding,
  Secret,
  Service,
  ServiceAccount,
  StatefulSet,
  StorageClass,
  WebhookConfiguration,
} from "../objects";
import type { ClusterEvent } from "./events";
import type { ResourceKey } from "./resources";

/** The object type held under each snapshot key. Events are normalized. */
export interface SnapshotData {
  pods: Pod[];
  services: Service[];
  endpoints: Endpoints[];
  endpointslices: EndpointSlice[];
  events: ClusterEvent[];
  configmaps: ConfigMap[];
  secrets: Secret[];
  serviceaccounts: ServiceAccount[];
  persistentvolumeclaims: PersistentVolumeClaim[];
  persistentvolumes: KubeObject[];
  resourcequotas: ResourceQuota[];
  nodes: Node[];
  namespaces: Namespace[];
  deployments: Deployment[];
  replicasets: ReplicaSet[];
  statefulsets: StatefulSet[];
  daemonsets: DaemonSet[];
  jobs: Job[];
  cronjobs: CronJob[];
  ingresses: Ingress[];
  ingressclasses: KubeObject[];
  networkpolicies: NetworkPolicy[];
  horizontalpodautoscalers: HorizontalPodAutoscaler[];
  poddisruptionbudgets: PodDisruptionBudget[];
  storageclasses: StorageClass[];
  mutatingwebhookconfigurations: WebhookConfiguration[];
  validatingwebhookconfigurations: WebhookConfiguration[];
  roles: Role[];
  rolebindings: RoleBinding[];
  clusterroles: Role[];
  clusterrolebindings: RoleBinding[];
  podmetrics: PodMetrics[];
}

/** Keys whose items are Kubernetes objects (everything but the normalized events). */
export type ObjectKey = Exclude<ResourceKey, "events">;

export type ObjectOf<K extends ObjectKey> = SnapshotData[K][number];

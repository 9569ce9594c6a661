/**
 * The Kubernetes objects the analyzers read, typed as they travel on the wire
 * (plain JSON: timestamps are RFC 3339 strings, quantities are strings). Only
 * the fields we read are declared, all optional, because scenario files and
 * real clusters both omit what they please.
 */
export interface OwnerReference {
  apiVersion?: string;
  kind: string;
  name: string;
  uid?: string;
  controller?: boolean;
}

export interface ObjectMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  labels?: Record<string, string> | null;
  annotations?: Record<string, string> | null;
  ownerReferences?: OwnerReference[] | null;
  creationTimestamp?: string | null;
  deletionTimestamp?: string | null;
  generation?: number;
  managedFields?: unknown;
}

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[] | null;
}

export interface LabelSelector {
  matchLabels?: Record<string, string> | null;
  matchExpressions?: LabelSelectorRequirement[] | null;
}

export interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string | null;
  lastUpdateTime?: string | null;
}

export type ResourceList = Record<string, string | number>;

export interface ResourceRequirements {
  requests?: ResourceList | null;
  limits?: ResourceList | null;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name?: string; key?: string; optional?: boolean } | null;
    secretKeyRef?: { name?: string; key?: string; optional?: boolean } | null;
  } | null;
}

export interface EnvFromSource {
  prefix?: string;
  configMapRef?: { name?: string; optional?: boolean } | null;
  secretRef?: { name?: string; optional?: boolean } | null;
}

export interface Probe {
  httpGet?: { path?: string; port?: number | string; scheme?: string } | null;
  tcpSocket?: { port?: number | string } | null;
  grpc?: { port?: number } | null;
  exec?: { command?: string[] } | null;
  initialDelaySeconds?: number;
  periodSeconds?: number;
  failureThreshold?: number;
}

export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: string;
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[] | null;
  envFrom?: EnvFromSource[] | null;
  resources?: ResourceRequirements | null;
  ports?: ContainerPort[] | null;
  readinessProbe?: Probe | null;
  livenessProbe?: Probe | null;
  startupProbe?: Probe | null;
  volumeMounts?: { name: string; mountPath?: string }[] | null;
}

export interface Volume {
  name: string;
  configMap?: { name?: string; optional?: boolean } | null;
  secret?: { secretName?: string; optional?: boolean } | null;
  persistentVolumeClaim?: { claimName: string } | null;
  projected?: {
    sources?: {
      configMap?: { name?: string } | null;
      secret?: { name?: string } | null;
    }[];
  } | null;
}

export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
}

export interface PodSpec {
  containers?: Container[];
  initContainers?: Container[] | null;
  volumes?: Volume[] | null;
  nodeName?: string;
  nodeSelector?: Record<string, string> | null;
  tolerations?: Toleration[] | null;
  affinity?: unknown;
  serviceAccountName?: string;
  serviceAccount?: string;
  imagePullSecrets?: { name?: string }[] | null;
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string } | null;
  running?: { startedAt?: string | null } | null;
  terminated?: {
    exitCode?: number;
    reason?: string;
    message?: string;
    signal?: number;
    startedAt?: string | null;
    finishedAt?: string | null;
  } | null;
}

export interface ContainerStatus {
  name: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  image?: string;
  imageID?: string;
  state?: ContainerState | null;
  lastState?: ContainerState | null;
}

export interface Pod extends KubeObject {
  spec?: PodSpec;
  status?: {
    phase?: string;
    reason?: string;
    message?: string;
    conditions?: Condition[] | null;
    containerStatuses?: ContainerStatus[] | null;
    initContainerStatuses?: ContainerStatus[] | null;
    podIP?: string;
    hostIP?: string;
    nominatedNodeName?: string;
    startTime?: string | null;
  };
}

export interface PodTemplate {
  metadata?: ObjectMeta;
  spec?: PodSpec;
}

export interface Deployment extends KubeObject {
  spec?: {
    replicas?: number;
    selector?: LabelSelector;
    template?: PodTemplate;
    paused?: boolean;
    progressDeadlineSeconds?: number;
  };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    updatedReplicas?: number;
    unavailableReplicas?: number;
    observedGeneration?: number;
    conditions?: Condition[] | null;
  };
}

export interface ReplicaSet extends KubeObject {
  spec?: { replicas?: number; selector?: LabelSelector; template?: PodTemplate };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    conditions?: Condition[] | null;
  };
}

export interface StatefulSet extends KubeObject {
  spec?: {
    replicas?: number;
    serviceName?: string;
    selector?: LabelSelector;
    template?: PodTemplate;
    volumeClaimTemplates?: PersistentVolumeClaim[] | null;
  };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    conditions?: Condition[] | null;
  };
}

export interface DaemonSet extends KubeObject {
  spec?: { selector?: LabelSelector; template?: PodTemplate };
  status?: {
    desiredNumberScheduled?: number;
    numberReady?: number;
    numberAvailable?: number;
    numberUnavailable?: number;
  };
}

export interface Job extends KubeObject {
  spec?: {
    suspend?: boolean;
    backoffLimit?: number;
    completions?: number;
    template?: PodTemplate;
    selector?: LabelSelector;
  };
  status?: {
    active?: number;
    succeeded?: number;
    failed?: number;
    conditions?: Condition[] | null;
    startTime?: string | null;
    completionTime?: string | null;
  };
}

export interface CronJob extends KubeObject {
  spec?: {
    schedule?: string;
    suspend?: boolean;
    startingDeadlineSeconds?: number | null;
    timeZone?: string | null;
    jobTemplate?: { spec?: { template?: PodTemplate; backoffLimit?: number } } | null;
  };
  status?: { lastScheduleTime?: string | null; lastSuccessfulTime?: string | null };
}

export interface ServicePort {
  name?: string;
  port: number;
  targetPort?: number | string;
  protocol?: string;
}

export interface Service extends KubeObject {
  spec?: {
    selector?: Record<string, string> | null;
    ports?: ServicePort[] | null;
    type?: string;
    clusterIP?: string;
    externalName?: string;
  };
}

export interface EndpointAddress {
  ip?: string;
  nodeName?: string;
  targetRef?: { kind?: string; name?: string; namespace?: string } | null;
}

export interface Endpoints extends KubeObject {
  subsets?:
    | {
        addresses?: EndpointAddress[] | null;
        notReadyAddresses?: EndpointAddress[] | null;
        ports?: { name?: string; port?: number }[] | null;
      }[]
    | null;
}

export interface EndpointSlice extends KubeObject {
  addressType?: string;
  endpoints?:
    | {
        addresses?: string[];
        conditions?: { ready?: boolean | null; serving?: boolean | null } | null;
        targetRef?: { kind?: string; name?: string; namespace?: string } | null;
      }[]
    | null;
}

export interface PersistentVolumeClaim extends KubeObject {
  spec?: {
    storageClassName?: string | null;
    volumeName?: string;
    accessModes?: string[];
    resources?: { requests?: ResourceList | null } | null;
  };
  status?: { phase?: string; conditions?: Condition[] | null };
}

export interface StorageClass extends KubeObject {
  provisioner?: string;
}

export interface IngressBackend {
  service?: { name?: string; port?: { number?: number; name?: string } | null } | null;
  resource?: unknown;
}

export interface Ingress extends KubeObject {
  spec?: {
    ingressClassName?: string | null;
    defaultBackend?: IngressBackend | null;
    rules?:
      | {
          host?: string;
          http?: { paths?: { path?: string; backend?: IngressBackend | null }[] | null } | null;
        }[]
      | null;
    tls?: { hosts?: string[]; secretName?: string }[] | null;
  };
}

export interface Node extends KubeObject {
  spec?: { unschedulable?: boolean; taints?: Toleration[] | null };
  status?: {
    conditions?: Condition[] | null;
    allocatable?: ResourceList | null;
    capacity?: ResourceList | null;
  };
}

export interface WebhookClientConfig {
  service?: { namespace?: string; name?: string; port?: number } | null;
  url?: string;
}

export interface WebhookConfiguration extends KubeObject {
  webhooks?:
    { name: string; clientConfig?: WebhookClientConfig | null; failurePolicy?: string }[] | null;
}

export interface ConfigMap extends KubeObject {
  data?: Record<string, string> | null;
  binaryData?: Record<string, string> | null;
}

/** Secrets are kept without their values: only the key names survive loading. */
export interface Secret extends KubeObject {
  type?: string;
  data?: Record<string, string> | null;
}

export interface HorizontalPodAutoscaler extends KubeObject {
  spec?: {
    scaleTargetRef?: { kind?: string; name?: string; apiVersion?: string };
    minReplicas?: number;
    maxReplicas?: number;
    metrics?: { type?: string; resource?: { name?: string } | null }[] | null;
  };
  status?: {
    currentReplicas?: number;
    desiredReplicas?: number;
    conditions?: Condition[] | null;
    currentMetrics?: unknown;
  };
}

export interface PodDisruptionBudget extends KubeObject {
  spec?: {
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    selector?: LabelSelector | null;
  };
  status?: {
    conditions?: Condition[] | null;
    currentHealthy?: number;
    desiredHealthy?: number;
    disruptionsAllowed?: number;
    expectedPods?: number;
  };
}

export interface NetworkPolicyPeer {
  podSelector?: LabelSelector | null;
  namespaceSelector?: LabelSelector | null;
  ipBlock?: { cidr?: string; except?: string[] } | null;
}

export interface NetworkPolicy extends KubeObject {
  spec?: {
    podSelector?: LabelSelector | null;
    policyTypes?: string[] | null;
    ingress?: { from?: NetworkPolicyPeer[] | null; ports?: unknown[] | null }[] | null;
    egress?:
      | {
          to?: NetworkPolicyPeer[] | null;
          ports?: { port?: number | string; protocol?: string }[] | null;
        }[]
      | null;
  };
}

export interface ResourceQuota extends KubeObject {
  spec?: { hard?: ResourceList | null };
  status?: { hard?: ResourceList | null; used?: ResourceList | null };
}

export interface ServiceAccount extends KubeObject {
  secrets?: { name?: string }[] | null;
  imagePullSecrets?: { name?: string }[] | null;
}

export interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  verbs?: string[];
  resourceNames?: string[];
}

export interface Role extends KubeObject {
  rules?: PolicyRule[] | null;
}

export interface RoleBinding extends KubeObject {
  roleRef?: { kind?: string; name?: string; apiGroup?: string };
  subjects?: { kind?: string; name?: string; namespace?: string }[] | null;
}

export interface Namespace extends KubeObject {
  status?: { phase?: string };
}

/** metrics.k8s.io PodMetrics: what each container uses right now. */
export interface PodMetrics extends KubeObject {
  timestamp?: string;
  window?: string;
  containers?: { name: string; usage?: ResourceList | null }[] | null;
}

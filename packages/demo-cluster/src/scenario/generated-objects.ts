import type { KubeObject } from "../util/json";
import { deterministicUid } from "../util/uid";

/**
 * The objects generateScenario() builds: nodes, and per Deployment its
 * ReplicaSet, pods, Service, Endpoints and (for faulty ones) a BackOff event,
 * shaped and sized like a real cluster's.
 */
export function generatedNode(i: number, created: string): KubeObject {
  const name = `node-${i}`;
  const ip = `10.1.${i >> 8}.${i & 255}`;
  const cond = (type: string, status: string, reason: string): Record<string, unknown> => ({
    type,
    status,
    lastHeartbeatTime: created,
    lastTransitionTime: created,
    reason,
    message: reason,
  });
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: {
      name,
      uid: deterministicUid(`Node//${name}`),
      creationTimestamp: created,
      labels: {
        "kubernetes.io/hostname": name,
        "kubernetes.io/os": "linux",
        "node-role.kubernetes.io/worker": "",
      },
    },
    spec: { podCIDR: `10.${64 + (i >> 8)}.${i & 255}.0/24` },
    status: {
      addresses: [{ type: "InternalIP", address: ip }],
      capacity: { cpu: "64", memory: "256Gi", pods: "250" },
      allocatable: { cpu: "64", memory: "256Gi", pods: "250" },
      conditions: [
        cond("MemoryPressure", "False", "KubeletHasSufficientMemory"),
        cond("DiskPressure", "False", "KubeletHasNoDiskPressure"),
        cond("Ready", "True", "KubeletReady"),
      ],
      nodeInfo: {
        kubeletVersion: "v1.32.4",
        osImage: "Debian GNU/Linux 12 (bookworm)",
        kernelVersion: "6.1.0-26-cloud-amd64",
        containerRuntimeVersion: "containerd://1.7.22",
        architecture: "amd64",
        operatingSystem: "linux",
      },
    },
  };
}

export function generatedPod(
  ns: string,
  app: string,
  name: string,
  hash: string,
  nodeName: string,
  ip: string,
  created: string,
  faulty: boolean,
  ago: (ms: number) => string,
  random: () => number,
): KubeObject {
  const image = `registry.example.com/team/${app}:v${1 + Math.floor(random() * 9)}.${Math.floor(random() * 20)}.0`;
  const restarts = faulty ? 5 + Math.floor(random() * 50) : random() < 0.1 ? 1 : 0;
  const last =
    restarts > 0
      ? {
          terminated: {
            exitCode: faulty ? 1 : 137,
            reason: faulty ? "Error" : "OOMKilled",
            startedAt: ago(3_700_000),
            finishedAt: ago(faulty ? 120_000 : 3_600_000),
          },
        }
      : {};
  const state = faulty
    ? {
        waiting: {
          reason: "CrashLoopBackOff",
          message: `back-off 5m0s restarting failed container=app pod=${name}_${ns}`,
        },
      }
    : { running: { startedAt: created } };
  const ready = !faulty;
  const cond = (type: string, ok: boolean): Record<string, unknown> => ({
    type,
    status: ok ? "True" : "False",
    lastProbeTime: null,
    lastTransitionTime: created,
  });
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name,
      namespace: ns,
      uid: deterministicUid(`Pod/${ns}/${name}`),
      creationTimestamp: created,
      labels: {
        app,
        "pod-template-hash": hash,
        tier: faulty ? "backend" : "web",
        "app.kubernetes.io/part-of": ns,
      },
      annotations: { "prometheus.io/scrape": "true", "prometheus.io/port": "9090" },
      ownerReferences: [
        {
          apiVersion: "apps/v1",
          kind: "ReplicaSet",
          name: `${app}-${hash}`,
          uid: deterministicUid(`ReplicaSet/${ns}/${app}-${hash}`),
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      nodeName,
      restartPolicy: "Always",
      dnsPolicy: "ClusterFirst",
      schedulerName: "default-scheduler",
      serviceAccountName: "default",
      terminationGracePeriodSeconds: 30,
      containers: [
        {
          name: "app",
          image,
          ports: [{ name: "http", containerPort: 8080, protocol: "TCP" }],
          env: [
            { name: "LOG_LEVEL", value: "info" },
            { name: "DB_HOST", value: `db-${app}.${ns}.svc.cluster.local` },
          ],
          resources: { requests: { cpu: "50m", memory: "64Mi" }, limits: { memory: "256Mi" } },
          readinessProbe: {
            httpGet: { path: "/healthz", port: 8080, scheme: "HTTP" },
            periodSeconds: 10,
            timeoutSeconds: 1,
            successThreshold: 1,
            failureThreshold: 3,
          },
          terminationMessagePath: "/dev/termination-log",
          terminationMessagePolicy: "File",
          imagePullPolicy: "IfNotPresent",
        },
      ],
      tolerations: [
        {
          key: "node.kubernetes.io/not-ready",
          operator: "Exists",
          effect: "NoExecute",
          tolerationSeconds: 300,
        },
        {
          key: "node.kubernetes.io/unreachable",
          operator: "Exists",
          effect: "NoExecute",
          tolerationSeconds: 300,
        },
      ],
    },
    status: {
      phase: "Running",
      conditions: [
        cond("PodReadyToStartContainers", true),
        cond("Initialized", true),
        cond("Ready", ready),
        cond("ContainersReady", ready),
        cond("PodScheduled", true),
      ],
      hostIP: `10.1.0.1`,
      podIP: ip,
      podIPs: [{ ip }],
      startTime: created,
      qosClass: "Burstable",
      containerStatuses: [
        {
          name: "app",
          image,
          imageID: `${image}@sha256:${"ab".repeat(32)}`,
          containerID: `containerd://${"cd".repeat(32)}`,
          ready,
          started: ready,
          restartCount: restarts,
          state,
          lastState: last,
        },
      ],
    },
  };
}

export function generatedWorkload(
  ns: string,
  name: string,
  hash: string,
  count: number,
  faulty: boolean,
  created: string,
  ips: [string, string, string][],
  ago: (ms: number) => string,
): KubeObject[] {
  const labels = { app: name };
  const template = {
    metadata: { labels: { ...labels } },
    spec: { containers: [{ name: "app", image: `registry.example.com/team/${name}:v1.0.0` }] },
  };
  const ready = faulty ? 0 : count;
  const uidOf = (kind: string, n: string): string => deterministicUid(`${kind}/${ns}/${n}`);
  const objects: KubeObject[] = [
    {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: {
        name,
        namespace: ns,
        uid: uidOf("Deployment", name),
        creationTimestamp: created,
        generation: 1,
        labels,
        annotations: { "deployment.kubernetes.io/revision": "1" },
      },
      spec: {
        replicas: count,
        selector: { matchLabels: labels },
        template,
        strategy: {
          type: "RollingUpdate",
          rollingUpdate: { maxSurge: "25%", maxUnavailable: "25%" },
        },
      },
      status: {
        observedGeneration: 1,
        replicas: count,
        updatedReplicas: count,
        readyReplicas: ready,
        availableReplicas: ready,
      },
    },
    {
      apiVersion: "apps/v1",
      kind: "ReplicaSet",
      metadata: {
        name: `${name}-${hash}`,
        namespace: ns,
        uid: uidOf("ReplicaSet", `${name}-${hash}`),
        creationTimestamp: created,
        labels: { ...labels, "pod-template-hash": hash },
        ownerReferences: [
          {
            apiVersion: "apps/v1",
            kind: "Deployment",
            name,
            uid: uidOf("Deployment", name),
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: {
        replicas: count,
        selector: { matchLabels: { ...labels, "pod-template-hash": hash } },
        template: { ...template, metadata: { labels: { ...labels, "pod-template-hash": hash } } },
      },
      status: { replicas: count, readyReplicas: ready, availableReplicas: ready },
    },
    {
      apiVersion: "v1",
      kind: "Service",
      metadata: {
        name,
        namespace: ns,
        uid: uidOf("Service", name),
        creationTimestamp: created,
        labels,
      },
      spec: {
        type: "ClusterIP",
        clusterIP: `10.96.${(count * 7) % 250}.${name.length}`,
        selector: labels,
        ports: [{ name: "http", port: 80, targetPort: 8080, protocol: "TCP" }],
      },
    },
    {
      apiVersion: "v1",
      kind: "Endpoints",
      metadata: {
        name,
        namespace: ns,
        uid: uidOf("Endpoints", name),
        creationTimestamp: created,
        labels,
      },
      subsets: [
        {
          [faulty ? "notReadyAddresses" : "addresses"]: ips.map(([ip, nodeName, pod]) => ({
            ip,
            nodeName,
            targetRef: { kind: "Pod", namespace: ns, name: pod },
          })),
          ports: [{ name: "http", port: 8080, protocol: "TCP" }],
        },
      ],
    },
  ];
  if (faulty) {
    const [, , pod] = ips[0] ?? ["", "", ""];
    objects.push({
      apiVersion: "v1",
      kind: "Event",
      metadata: {
        name: `${pod}.${hash}`,
        namespace: ns,
        uid: uidOf("Event", `${pod}.${hash}`),
        creationTimestamp: ago(3_600_000),
      },
      involvedObject: {
        kind: "Pod",
        namespace: ns,
        name: pod,
        uid: uidOf("Pod", pod),
        apiVersion: "v1",
        fieldPath: "spec.containers{app}",
      },
      reason: "BackOff",
      message: "Back-off restarting failed container app",
      source: { component: "kubelet" },
      firstTimestamp: ago(3_600_000),
      lastTimestamp: ago(60_000),
      count: 120,
      type: "Warning",
    });
  }
  return objects;
}

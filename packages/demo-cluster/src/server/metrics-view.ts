import { createHash } from "node:crypto";
import { formatTime } from "../scenario/relative-time";
import type { Stored } from "../store/bucket";
import { asObject, asObjects, asString, stringMap, type KubeObject } from "../util/json";
import { parseQuantity } from "../util/quantity";
import type { ClusterState } from "./cluster-state";

const POD_METRICS = "metrics.k8s.io/pods";
const NODE_METRICS = "metrics.k8s.io/nodes";

/** The metrics view for a storage key, or undefined when the key is not a metrics resource. */
export function metricsView(
  state: ClusterState,
  key: string,
  namespace: string | undefined,
  now: number,
): Stored[] | undefined {
  if (key === POD_METRICS) return podMetricsView(state, namespace, now);
  if (key === NODE_METRICS) return nodeMetricsView(state, now);
  return undefined;
}

/**
 * What metrics-server would answer: the PodMetrics/NodeMetrics a scenario wrote, and for
 * every other running pod and Ready node a usage derived from the object itself. A scenario
 * writes metrics only where usage is the evidence (the OOM-killed container near its limit);
 * the rest of the cluster must still answer `kubectl top`, as a real cluster with
 * metrics-server does.
 *
 * Derived usage is deterministic (a hash of the pod's uid and the container's name picks 15–55%
 * of the container's request, else of its limit, else of a small default), so two reads agree
 * and conformance runs compare equal. It is computed on read and never stored: scenario objects
 * stay as written, and the HPA controller sees only what the scenario wrote (so a scenario's
 * replica counts stay what it says). Known limit: usage does not change over time.
 *
 * As metrics-server: a pod is listed when it has a running container (only those containers);
 * a node when its Ready condition is True, with its pods' usage plus the system's.
 */
function podMetricsView(state: ClusterState, namespace: string | undefined, now: number): Stored[] {
  const written = state.store.list(POD_METRICS, namespace);
  const have = new Set(written.map((s) => s.key));
  const derived: Stored[] = [];
  for (const { object: pod } of state.store.list("/pods", namespace)) {
    const key = `${pod.metadata.namespace ?? ""}/${pod.metadata.name}`;
    if (have.has(key)) continue;
    const metrics = derivedPodMetrics(pod, now);
    if (metrics !== undefined) derived.push({ object: metrics, key, json: undefined });
  }
  return sortByKey([...written, ...derived]);
}

function nodeMetricsView(state: ClusterState, now: number): Stored[] {
  const written = state.store.list(NODE_METRICS);
  const have = new Set(written.map((s) => s.key));
  const perNode = new Map<string, { cpu: number; memory: number }>();
  for (const s of podMetricsView(state, undefined, now)) {
    const pod = state.store.get("/pods", s.object.metadata.namespace, s.object.metadata.name);
    const node = asString(asObject(pod?.spec).nodeName);
    if (node === "") continue;
    const sum = perNode.get(node) ?? { cpu: 0, memory: 0 };
    for (const c of asObjects(s.object.containers)) {
      sum.cpu += parseQuantity(asObject(c.usage).cpu);
      sum.memory += parseQuantity(asObject(c.usage).memory);
    }
    perNode.set(node, sum);
  }
  const derived: Stored[] = [];
  for (const { object: node, key } of state.store.list("/nodes")) {
    if (have.has(key) || !isReady(node)) continue;
    const pods = perNode.get(node.metadata.name) ?? { cpu: 0, memory: 0 };
    // The kubelet, the container runtime and the OS: what a small node shows with no pods.
    const cpu = pods.cpu + SYSTEM_CPU + fraction(node.metadata.name, "system") * 0.1;
    const memory = pods.memory + SYSTEM_MEMORY;
    derived.push({
      key,
      json: undefined,
      object: {
        apiVersion: "metrics.k8s.io/v1beta1",
        kind: "NodeMetrics",
        metadata: {
          name: node.metadata.name,
          creationTimestamp: formatTime(now),
          labels: stringMap(node.metadata.labels),
        },
        timestamp: formatTime(now - 12_000),
        window: "20.041s",
        usage: { cpu: nanocores(cpu), memory: kibibytes(memory) },
      },
    });
  }
  return sortByKey([...written, ...derived]);
}

/** @default 0.15 cores of system usage per node */
const SYSTEM_CPU = 0.15;
/** @default 900 MiB of system usage per node */
const SYSTEM_MEMORY = 900 * 2 ** 20;

function derivedPodMetrics(pod: KubeObject, now: number): KubeObject | undefined {
  const status = asObject(pod.status);
  if (asString(status.phase) !== "Running" || pod.metadata.deletionTimestamp !== undefined)
    return undefined;
  const running = new Set(
    asObjects(status.containerStatuses)
      .filter((c) => asObject(c.state).running !== undefined)
      .map((c) => asString(c.name)),
  );
  const uid = pod.metadata.uid ?? pod.metadata.name;
  const containers = asObjects(asObject(pod.spec).containers)
    .filter((c) => running.has(asString(c.name)))
    .map((c) => {
      const name = asString(c.name);
      const resources = asObject(c.resources);
      const requests = asObject(resources.requests);
      const limits = asObject(resources.limits);
      const cpuBase = parseQuantity(requests.cpu) || parseQuantity(limits.cpu) || 0.02;
      const memBase =
        parseQuantity(requests.memory) || parseQuantity(limits.memory) || 48 * 2 ** 20;
      return {
        name,
        usage: {
          cpu: nanocores(cpuBase * (0.15 + 0.4 * fraction(uid, name, "cpu"))),
          memory: kibibytes(memBase * (0.15 + 0.4 * fraction(uid, name, "memory"))),
        },
      };
    });
  if (containers.length === 0) return undefined;
  return {
    apiVersion: "metrics.k8s.io/v1beta1",
    kind: "PodMetrics",
    metadata: {
      name: pod.metadata.name,
      namespace: pod.metadata.namespace ?? "",
      creationTimestamp: formatTime(now),
      labels: stringMap(pod.metadata.labels),
    },
    timestamp: formatTime(now - 12_000),
    window: "15.006s",
    containers,
  };
}

function isReady(node: KubeObject): boolean {
  return asObjects(asObject(node.status).conditions).some(
    (c) => c.type === "Ready" && c.status === "True",
  );
}

/** A number in [0, 1) fixed by its inputs. */
function fraction(...parts: string[]): number {
  const h = createHash("sha1").update(parts.join("\0")).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

/** metrics-server's units: nanocores and kibibytes. */
function nanocores(cores: number): string {
  return `${Math.max(0, Math.round(cores * 1e9))}n`;
}

function kibibytes(bytes: number): string {
  return `${Math.max(0, Math.round(bytes / 1024))}Ki`;
}

function sortByKey(items: Stored[]): Stored[] {
  return items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

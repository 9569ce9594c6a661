import { DemoClusterError } from "../errors";
import type { KubeObject } from "../util/json";
import { generatedNode, generatedPod, generatedWorkload } from "./generated-objects";
import { deterministicUid } from "../util/uid";
import { formatTime } from "./relative-time";
import type { Scenario, SourcedObject } from "./scenario";

export interface GenerateOptions {
  /** Total pods, e.g. 1_000, 5_000, 20_000. */
  pods: number;
  /** Namespaces the pods spread over. @default ceil(pods / 500) */
  namespaces?: number;
  /** Share of Deployments whose pods crash-loop (0..1). @default 0.05 */
  faultyShare?: number;
  /** Seed of the pseudo-random choices: same options, same cluster. @default 1 */
  seed?: number;
}

const PODS_PER_DEPLOYMENT = 10;
const PODS_PER_NODE = 100;

/**
 * A large synthetic cluster for benchmarks, in memory (pass it to
 * startDemoCluster({ scenarios: [generateScenario(…)] })). Namespaces hold
 * Deployments of 10 pods with their ReplicaSet, Service, Endpoints and
 * events; a share of the Deployments crash-loop, with logs. Pods are as large
 * as real ones (~2.5 KB of JSON), so list timings mean something.
 */
export function generateScenario(options: GenerateOptions): Scenario {
  const { pods } = options;
  if (!Number.isInteger(pods) || pods < 1 || pods > 200_000)
    throw new DemoClusterError("invalid_options", "pods must be an integer between 1 and 200000");
  const namespaceCount = options.namespaces ?? Math.ceil(pods / 500);
  if (!Number.isInteger(namespaceCount) || namespaceCount < 1)
    throw new DemoClusterError("invalid_options", "namespaces must be a positive integer");
  const faultyShare = options.faultyShare ?? 0.05;
  if (faultyShare < 0 || faultyShare > 1)
    throw new DemoClusterError("invalid_options", "faultyShare must be between 0 and 1");
  const random = mulberry32(options.seed ?? 1);
  const now = Date.now();
  const ago = (ms: number): string => formatTime(now - ms);
  const objects: KubeObject[] = [];
  const logs: Scenario["logs"] = [];
  const nodeCount = Math.max(1, Math.ceil(pods / PODS_PER_NODE));
  for (let i = 0; i < nodeCount; i++) objects.push(generatedNode(i, ago(30 * 86_400_000)));
  const deployments = Math.ceil(pods / PODS_PER_DEPLOYMENT);
  let made = 0;
  let firstFaulty: string | undefined;
  for (let d = 0; d < deployments; d++) {
    const ns = `gen-${d % namespaceCount}`;
    const name = `svc-${d}`;
    const faulty = random() < faultyShare;
    if (faulty && firstFaulty === undefined) firstFaulty = `Deployment/${ns}/${name}`;
    const count = Math.min(PODS_PER_DEPLOYMENT, pods - made);
    const created = ago((1 + Math.floor(random() * 40)) * 86_400_000);
    const ips: [string, string, string][] = [];
    const hash = hashOf(d);
    for (let p = 0; p < count; p++) {
      const index = made + p;
      const nodeIndex = index % nodeCount;
      const ip = `10.${64 + (nodeIndex >> 8)}.${nodeIndex & 255}.${2 + Math.floor(index / nodeCount)}`;
      const podName = `${name}-${hash}-${suffix(index)}`;
      objects.push(
        generatedPod(
          ns,
          name,
          podName,
          hash,
          `node-${nodeIndex}`,
          ip,
          created,
          faulty,
          ago,
          random,
        ),
      );
      ips.push([ip, `node-${nodeIndex}`, podName]);
      if (faulty)
        logs.push({
          namespace: ns,
          pod: podName,
          container: "app",
          previous: true,
          text: `starting ${name}\nfatal: connection to db-${d % 7}:5432 refused\n`,
          file: "<generated>",
        });
    }
    made += count;
    objects.push(...generatedWorkload(ns, name, hash, count, faulty, created, ips, ago));
  }
  for (let n = 0; n < namespaceCount; n++) {
    objects.push({
      apiVersion: "v1",
      kind: "Namespace",
      metadata: {
        name: `gen-${n}`,
        uid: deterministicUid(`Namespace//gen-${n}`),
        creationTimestamp: ago(40 * 86_400_000),
        labels: { "kubernetes.io/metadata.name": `gen-${n}` },
      },
      spec: { finalizers: ["kubernetes"] },
      status: { phase: "Active" },
    });
  }
  const sourced: SourcedObject[] = objects.map((object) => ({
    object,
    file: "<generated>",
    line: 0,
  }));
  return {
    name: `generated-${pods}`,
    description: `${pods} generated pods in ${namespaceCount} namespaces on ${nodeCount} nodes (${Math.round(faultyShare * 100)}% of deployments crash-looping)`,
    question:
      firstFaulty === undefined
        ? "is anything wrong in gen-0?"
        : `why is ${firstFaulty.split("/")[2] ?? ""} failing in ${firstFaulty.split("/")[1] ?? ""}?`,
    namespace: firstFaulty?.split("/")[1] ?? "gen-0",
    expect:
      firstFaulty === undefined
        ? { category: "Healthy", resource: "Namespace/gen-0", mentions: [] }
        : { category: "CrashLoop", resource: firstFaulty, mentions: ["connection"] },
    traits: [],
    fixable: false,
    dir: null,
    base: false,
    includes: [],
    objects: sourced,
    logs,
    reconcile: { images: [], rules: [] },
    loadedAt: now,
  };
}

function hashOf(n: number): string {
  return suffix(n * 7919 + 13, 9);
}

function suffix(n: number, length = 5): string {
  const alphabet = "bcdfghjklmnpqrstvwxz2456789";
  let out = "";
  let v = n + 1;
  for (let i = 0; i < length; i++) {
    out += alphabet[v % alphabet.length] ?? "b";
    v = Math.floor(v / alphabet.length) + (i + 1) * 31;
  }
  return out;
}

/** A small seeded PRNG: the same seed gives the same cluster. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

import type { KubeObject } from "../util/json";

/**
 * The root-cause categories of the brief (`RootCauseCategory` in
 * packages/protocol/src/report.ts). Copied, not imported: demo-cluster depends
 * on nothing of ours. scenario-categories.test.ts keeps the copy honest by
 * reading the protocol source file.
 */
export const SCENARIO_CATEGORIES = [
  "CrashLoop",
  "OOMKilled",
  "ImagePull",
  "MissingConfig",
  "Unschedulable",
  "ProbeFailure",
  "ServiceSelectorMismatch",
  "NoEndpoints",
  "StorageProvisioning",
  "IngressMisconfig",
  "QuotaExceeded",
  "RBACForbidden",
  "NodeNotReady",
  "JobFailed",
  "NetworkPolicyBlocked",
  "DNSFailure",
  "HPAMisconfig",
  "RolloutStuck",
  "Healthy",
  "Other",
] as const;

/**
 * What makes a scenario hard, declared in scenario.yaml's `traits:`:
 * `misleading` — the loudest symptom sits on another object than the cause;
 * `multi-cause` — two real faults at once, where `expect` names the primary one.
 */
export const SCENARIO_TRAITS = ["misleading", "multi-cause"] as const;
export type ScenarioTrait = (typeof SCENARIO_TRAITS)[number];

/** One root cause a correct diagnosis must name (the brief's pass rule, for that cause). */
export interface ExpectedCause {
  category: string;
  /** `Kind/namespace/name`, or `Kind/name` for a cluster-scoped object. */
  resource: string;
  /** Facts a correct diagnosis of this cause must state, matched case-insensitively. */
  mentions: string[];
  /**
   * `false` when no kubectl change can fix this cause (as `fixable: false` for a whole
   * scenario): fix scoring then expects the other causes fixed and this one declined.
   */
  fixable?: boolean;
}

/**
 * What a correct diagnosis of the scenario must contain (the brief's pass rule).
 * A multi-cause scenario lists every independent cause in `causes`; the
 * top-level fields then repeat the first (primary) one.
 */
export interface ScenarioExpect {
  category: string;
  /** `Kind/namespace/name`, or `Kind/name` for a cluster-scoped object. */
  resource: string;
  /** Facts a correct diagnosis must state, matched case-insensitively. */
  mentions: string[];
  /**
   * Other namespaces the scenario declares healthy (e.g. the one holding a
   * working Service the faulty app fails to reach): the quality suite counts
   * any analyzer finding there as false. Optional; a Healthy scenario's own
   * namespace and the namespaces of its shared bases are healthy anyway.
   */
  healthyNamespaces?: string[];
  /**
   * Independent root causes, primary first: the combined report must name
   * each (each passing the pass rule) and no other. Optional.
   */
  causes?: ExpectedCause[];
}

/** An object of a scenario with where it was written, for error messages. */
export interface SourcedObject {
  object: KubeObject;
  /** The file it came from, or "<generated>". */
  file: string;
  /** 1-based line of the document's first line. */
  line: number;
}

/** One log file: logs/<namespace>/<pod>/<container>[.previous].log. */
export interface ScenarioLog {
  namespace: string;
  pod: string;
  container: string;
  previous: boolean;
  text: string;
  file: string;
}

/**
 * How the simulator's reconciler decides the state of a container it creates
 * (after a scale, a rollout, a deleted pod). See docs/demo-cluster.md.
 */
export interface ReconcileRules {
  /** Images the registry knows, beyond those running when the scenario loads. */
  images: string[];
  rules: ContainerRule[];
}

export const CONTAINER_FAILURES = ["CrashLoopBackOff", "OOMKilled", "NotReady", "Error"] as const;
export type ContainerFailure = (typeof CONTAINER_FAILURES)[number];

export interface ContainerRule {
  /** Which containers the rule governs: pods owned (directly or via a ReplicaSet/Job) by this workload. */
  match: { kind: string; name: string; namespace: string; container: string };
  /** Every condition must hold for the container to run and be ready. */
  fixedWhen: FixedWhen;
  /** The state of the container while a condition fails. */
  otherwise: ContainerFailure;
  /** Log text of a failing instance (its previous log for crash loops). */
  log?: string;
}

export interface FixedWhen {
  /** These environment variables are set (value, valueFrom or envFrom). */
  env?: string[];
  /** The memory limit is at least this quantity, e.g. "512Mi". */
  memoryLimitAtLeast?: string;
  /** The CPU limit is at least this quantity (or there is none), e.g. "1". */
  cpuLimitAtLeast?: string;
  /** The readiness probe targets this port (number, or the name of a container port). */
  readinessProbePort?: number;
  /** The image is one of these. */
  imageIn?: string[];
  /** The image is none of these. */
  imageNotIn?: string[];
  /**
   * Each named variable's value, as the container gets it (a literal, a
   * ConfigMap/Secret key, envFrom), is one of these: any correct spelling
   * of a host (`redis`, `redis.shop.svc.cluster.local`), a right port.
   */
  envIn?: Record<string, string[]>;
  /**
   * The NetworkPolicies let the pod reach each of these: pods with `labels` in `namespace`
   * (default: the pod's own) on `port`/`protocol` (default TCP).
   */
  connects?: {
    namespace?: string;
    labels: Record<string, string>;
    port: number;
    protocol?: string;
  }[];
}

export interface Scenario {
  name: string;
  description: string;
  /** What a user would ask. Empty for a shared base folder. */
  question: string;
  /** The namespace the question is about. */
  namespace: string;
  expect: ScenarioExpect;
  /** What makes it hard (`traits:` in scenario.yaml); empty for most. */
  traits: ScenarioTrait[];
  /**
   * Whether a kubectl change can fix it (`fixable: false` in scenario.yaml for
   * a dead node, a registry outage…). Healthy scenarios have nothing to fix.
   * `quality --fix` approves fixes only for fixable ones and expects the others
   * to end with "cannot be fixed from here, because…".
   */
  fixable: boolean;
  /** The folder it was loaded from; null for a generated scenario. */
  dir: string | null;
  /** A shared folder (e.g. `_base`: nodes, StorageClasses, kube-system) with no question. */
  base: boolean;
  /** Scenarios this one needs loaded first (`include:` in scenario.yaml), already loaded. */
  includes: Scenario[];
  objects: SourcedObject[];
  logs: ScenarioLog[];
  reconcile: ReconcileRules;
  /** Epoch ms that relative timestamps (`-5m`) were resolved against. */
  loadedAt: number;
}

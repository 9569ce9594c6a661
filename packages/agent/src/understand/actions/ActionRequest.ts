/**
 * A plain-language action ("restart checkout", "把 cart 扩容到 3 个副本") as
 * data: what to do, to what, with which values. Parsed from the text alone
 * (parseAction.ts); the object is found in the cluster afterwards and the
 * exact kubectl command is built from both (actionCommand.ts).
 */
export type ActionVerb =
  | "restart"
  | "scale"
  | "rollback"
  | "set-image"
  | "set-env"
  | "unset-env"
  | "set-resources"
  | "delete-pod"
  | "cordon"
  | "uncordon"
  | "drain"
  /** A CronJob's `suspend`, or a Deployment's `rollout pause`: the object found decides. */
  | "suspend"
  /** The reverse of `suspend`. */
  | "resume";

export interface ActionTarget {
  /** The object's name as written; absent for "it", "the rollout", "继续发布". */
  name?: string;
  /** Canonical kind when the text names one ("the checkout deployment", "节点"). */
  kind?: string;
  /** A namespace the text names ("in shop", "shop 里的", "-n shop"). */
  namespace?: string;
  /** "it", "that", "它", "那个": the object comes from the conversation. */
  pronoun: boolean;
  /** "the other checkout pod": another object than the one the conversation was about. */
  other: boolean;
}

export type ReplicaChange = { to: number } | { by: number };

export interface ImageChange {
  /** A full image reference (`ghcr.io/acme/api:v2`). */
  image?: string;
  /** Only the tag: the repository stays what the container runs now. */
  tag?: string;
  /** The container, when the text names it. */
  container?: string;
}

export interface EnvChange {
  name: string;
  /** Absent for a removal. */
  value?: string;
}

export type ResourceName = "cpu" | "memory";

export interface ResourceChange {
  limits: Partial<Record<ResourceName, string>>;
  requests: Partial<Record<ResourceName, string>>;
}

export interface ActionRequest {
  verb: ActionVerb;
  target: ActionTarget;
  /** The language the request was written in: the answer uses it. */
  language: "en" | "zh";
  replicas?: ReplicaChange;
  /** `rollback` to this revision; absent: the previous one. */
  revision?: number;
  image?: ImageChange;
  env?: EnvChange[];
  resources?: ResourceChange;
}

/** Kinds an action applies to, most likely first (kubectl's plural type words). */
export const ACTION_KINDS: Readonly<Record<ActionVerb, readonly string[]>> = {
  restart: ["deployments", "statefulsets", "daemonsets"],
  scale: ["deployments", "statefulsets"],
  rollback: ["deployments", "statefulsets", "daemonsets"],
  "set-image": ["deployments", "statefulsets", "daemonsets", "cronjobs"],
  "set-env": ["deployments", "statefulsets", "daemonsets", "cronjobs"],
  "unset-env": ["deployments", "statefulsets", "daemonsets", "cronjobs"],
  "set-resources": ["deployments", "statefulsets", "daemonsets", "cronjobs"],
  "delete-pod": ["pods"],
  cordon: ["nodes"],
  uncordon: ["nodes"],
  drain: ["nodes"],
  suspend: ["cronjobs", "deployments"],
  resume: ["cronjobs", "deployments"],
};

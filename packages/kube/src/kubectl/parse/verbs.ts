import * as F from "./flagSpec";
import type { FlagSpec } from "./flagSpec";

/** One command the engine runs: `get`, `rollout restart`, `top pod`… */
export interface VerbSpec {
  /** Canonical name, with the sub-verb: `get`, `rollout restart`, `top pod`. */
  name: string;
  kind: "read" | "mutating";
  flags: readonly FlagSpec[];
  /** For mutating verbs: what they change, in a few words (the classification reason). */
  effect?: string;
}

interface Group {
  subverbs: Readonly<Record<string, VerbSpec>>;
  /** Other spellings of sub-verbs (`top pods` → `top pod`). */
  aliases?: Readonly<Record<string, string>>;
}

const read = (name: string, flags: readonly FlagSpec[]): VerbSpec => ({
  name,
  kind: "read",
  flags,
});
const write = (name: string, flags: readonly FlagSpec[], effect: string): VerbSpec => ({
  name,
  kind: "mutating",
  flags,
  effect,
});

/** Every verb the engine runs. Anything else is refused. */
export const VERBS: Readonly<Record<string, VerbSpec | Group>> = {
  get: read("get", F.GET_FLAGS),
  describe: read("describe", F.DESCRIBE_FLAGS),
  logs: read("logs", F.LOGS_FLAGS),
  events: read("events", F.EVENTS_FLAGS),
  top: {
    subverbs: { pod: read("top pod", F.TOP_FLAGS), node: read("top node", F.TOP_FLAGS) },
    aliases: { pods: "pod", po: "pod", nodes: "node", no: "node" },
  },
  "api-resources": read("api-resources", F.API_RESOURCES_FLAGS),
  "api-versions": read("api-versions", []),
  explain: read("explain", F.EXPLAIN_FLAGS),
  version: read("version", F.VERSION_FLAGS),
  "cluster-info": read("cluster-info", []),
  auth: {
    subverbs: { "can-i": read("auth can-i", F.AUTH_CAN_I_FLAGS), whoami: read("auth whoami", []) },
  },
  rollout: {
    subverbs: {
      status: read("rollout status", F.ROLLOUT_STATUS_FLAGS),
      history: read("rollout history", F.ROLLOUT_HISTORY_FLAGS),
      restart: write(
        "rollout restart",
        F.ROLLOUT_WRITE_FLAGS,
        "restarts every pod of the workload",
      ),
      undo: write("rollout undo", F.ROLLOUT_UNDO_FLAGS, "rolls the workload back to a revision"),
      pause: write("rollout pause", F.ROLLOUT_WRITE_FLAGS, "pauses the rollout"),
      resume: write("rollout resume", F.ROLLOUT_WRITE_FLAGS, "resumes a paused rollout"),
    },
  },
  scale: write("scale", F.SCALE_FLAGS, "changes the replica count"),
  set: {
    subverbs: {
      image: write("set image", F.SET_IMAGE_FLAGS, "changes container images (a new rollout)"),
      env: write("set env", F.SET_ENV_FLAGS, "changes environment variables (a new rollout)"),
      resources: write(
        "set resources",
        F.SET_RESOURCES_FLAGS,
        "changes resource requests/limits (a new rollout)",
      ),
    },
  },
  label: write("label", F.LABEL_FLAGS, "changes labels"),
  annotate: write("annotate", F.LABEL_FLAGS, "changes annotations"),
  patch: write("patch", F.PATCH_FLAGS, "patches the object"),
  delete: write("delete", F.DELETE_FLAGS, "deletes objects"),
  apply: write("apply", F.APPLY_FLAGS, "creates or updates objects from the manifest"),
  create: write("create", F.CREATE_FLAGS, "creates objects from the manifest"),
  cordon: write("cordon", F.CORDON_FLAGS, "marks the node unschedulable"),
  uncordon: write("uncordon", F.CORDON_FLAGS, "marks the node schedulable"),
  drain: write("drain", F.DRAIN_FLAGS, "cordons the node and evicts its pods"),
};

/** Known kubectl verbs the engine will not run, and why. */
export const REFUSED_VERBS: Readonly<Record<string, string>> = {
  exec: "exec runs commands inside containers; kubemedic never opens a shell in the cluster",
  attach: "attach connects to a running container's terminal",
  "port-forward": "port-forward opens network tunnels into the cluster",
  proxy: "proxy opens a local proxy to the API server",
  cp: "cp copies files in and out of containers",
  edit: "edit opens an interactive editor; use patch, set or apply -f - instead",
  debug: "debug starts privileged debugging containers",
  config: "config reads and changes the kubeconfig, including credentials",
  plugin: "kubectl plugins are external programs and are never run",
  run: "run starts arbitrary pods; not supported",
  expose: "expose is not supported; use apply -f - with a Service manifest",
  autoscale: "autoscale is not supported; use apply -f - with an HPA manifest",
  taint: "taint is not supported",
  replace: "replace is not supported; use apply -f -",
  certificate: "certificate approves or denies certificate signing requests",
  kustomize: "kustomize reads local files",
  wait: "wait blocks until a condition; use get or rollout status instead",
  diff: "diff is not supported; use apply --dry-run=server -f -",
  completion: "completion prints shell scripts",
  alpha: "alpha commands are not supported",
  options: "options is not a cluster command",
  help: "help is not available through the engine; see docs/kubectl-engine.md",
};

/** Refused sub-verbs of verbs that are otherwise supported. */
export const REFUSED_SUBVERBS: Readonly<Record<string, string>> = {
  "cluster-info dump": "cluster-info dump returns the whole cluster state and every log",
  "auth reconcile": "auth reconcile changes RBAC objects",
};

export function isGroup(entry: VerbSpec | Group): entry is Group {
  return "subverbs" in entry;
}

/** The spec of a canonical verb name (`get`, `rollout restart`, `top pod`), or undefined. */
export function verbSpec(name: string): VerbSpec | undefined {
  const [verb = "", sub, ...rest] = name.split(" ");
  if (rest.length > 0 || !Object.hasOwn(VERBS, verb)) return undefined;
  const entry = VERBS[verb]!;
  if (!isGroup(entry)) return sub === undefined ? entry : undefined;
  return sub !== undefined && Object.hasOwn(entry.subverbs, sub) ? entry.subverbs[sub] : undefined;
}

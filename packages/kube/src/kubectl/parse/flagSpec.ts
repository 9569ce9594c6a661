/**
 * How a flag reads its value, pflag style (kubectl's flag library):
 * - `bool`: `--x`, `--x=false`; never consumes the next word;
 * - `string` / `int` / `duration`: `--x v`, `--x=v`, `-xv`, `-x v`, `-x=v`;
 * - `strings`: like `string`, repeatable; each value may also be comma-separated.
 */
export type FlagType = "bool" | "string" | "int" | "duration" | "strings";

export interface FlagSpec {
  name: string;
  short?: string;
  type: FlagType;
  /** Accepted for compatibility and ignored, with the reason in the docs. */
  ignored?: boolean;
  /** Known but not supported by the engine: a usage error with this message. */
  unsupported?: string;
  /** The value when the flag is given bare (`--dry-run` means `client`); it then never consumes the next word. */
  bare?: string;
}

const f = (
  name: string,
  type: FlagType,
  extra: Omit<FlagSpec, "name" | "type"> = {},
): FlagSpec => ({ name, type, ...extra });

/**
 * Global flags that would point the engine at other credentials, another
 * cluster or another identity. They are refused, never ignored: a model that
 * writes `--as=admin` is trying to escalate, and saying so is the clear answer.
 */
export const REFUSED_FLAGS: ReadonlyMap<string, FlagType> = new Map<string, FlagType>([
  ["kubeconfig", "string"],
  ["server", "string"],
  ["s", "string"],
  ["token", "string"],
  ["as", "string"],
  ["as-group", "strings"],
  ["as-uid", "string"],
  ["certificate-authority", "string"],
  ["client-certificate", "string"],
  ["client-key", "string"],
  ["insecure-skip-tls-verify", "bool"],
  ["tls-server-name", "string"],
  ["context", "string"],
  ["cluster", "string"],
  ["user", "string"],
  ["username", "string"],
  ["password", "string"],
  ["cache-dir", "string"],
]);

/** Accepted by every verb. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  f("namespace", "string", { short: "n" }),
  f("request-timeout", "string"),
];

const OUTPUT = f("output", "string", { short: "o" });
const SELECTOR = f("selector", "string", { short: "l" });
const FIELD_SELECTOR = f("field-selector", "string");
const ALL_NAMESPACES = f("all-namespaces", "bool", { short: "A" });
const NO_HEADERS = f("no-headers", "bool");
const DRY_RUN = f("dry-run", "string", { bare: "client" });
const FIELD_MANAGER = f("field-manager", "string");
const CHUNK_SIZE = f("chunk-size", "int", { ignored: true });
const NOT_WATCH =
  "watching is not supported: every call returns once; run the command again to see changes";

export const GET_FLAGS: readonly FlagSpec[] = [
  OUTPUT,
  SELECTOR,
  FIELD_SELECTOR,
  ALL_NAMESPACES,
  NO_HEADERS,
  CHUNK_SIZE,
  f("show-labels", "bool"),
  f("show-kind", "bool"),
  f("sort-by", "string"),
  f("label-columns", "strings", { short: "L" }),
  f("ignore-not-found", "bool"),
  f("show-managed-fields", "bool"),
  f("watch", "bool", { short: "w", unsupported: NOT_WATCH }),
  f("watch-only", "bool", { unsupported: NOT_WATCH }),
  f("subresource", "string", { unsupported: "--subresource is not supported" }),
];

export const DESCRIBE_FLAGS: readonly FlagSpec[] = [
  SELECTOR,
  ALL_NAMESPACES,
  CHUNK_SIZE,
  f("show-events", "bool"),
];

export const LOGS_FLAGS: readonly FlagSpec[] = [
  SELECTOR,
  f("container", "string", { short: "c" }),
  f("tail", "int"),
  f("previous", "bool", { short: "p" }),
  f("since", "duration"),
  f("since-time", "string"),
  f("timestamps", "bool"),
  f("all-containers", "bool"),
  f("prefix", "bool"),
  f("limit-bytes", "int"),
  f("max-log-requests", "int", { ignored: true }),
  f("ignore-errors", "bool", { ignored: true }),
  f("follow", "bool", { short: "f", unsupported: NOT_WATCH }),
];

export const EVENTS_FLAGS: readonly FlagSpec[] = [
  OUTPUT,
  ALL_NAMESPACES,
  NO_HEADERS,
  CHUNK_SIZE,
  f("for", "string"),
  f("types", "strings"),
  f("watch", "bool", { short: "w", unsupported: NOT_WATCH }),
];

export const TOP_FLAGS: readonly FlagSpec[] = [
  SELECTOR,
  FIELD_SELECTOR,
  ALL_NAMESPACES,
  NO_HEADERS,
  f("containers", "bool"),
  f("sort-by", "string"),
  f("use-protocol-buffers", "bool", { ignored: true }),
  f("show-capacity", "bool"),
];

export const API_RESOURCES_FLAGS: readonly FlagSpec[] = [
  OUTPUT,
  NO_HEADERS,
  f("namespaced", "bool"),
  f("api-group", "string"),
  f("verbs", "strings"),
  f("sort-by", "string"),
  f("categories", "strings"),
  f("cached", "bool", { ignored: true }),
];

export const EXPLAIN_FLAGS: readonly FlagSpec[] = [
  f("recursive", "bool"),
  f("api-version", "string"),
  f("output", "string", { short: "o", ignored: true }),
];

export const VERSION_FLAGS: readonly FlagSpec[] = [OUTPUT, f("client", "bool")];

export const ROLLOUT_STATUS_FLAGS: readonly FlagSpec[] = [
  f("revision", "int"),
  // kubectl waits by default; the engine always reports the current state once.
  f("watch", "bool", { short: "w", ignored: true }),
  f("timeout", "duration", { ignored: true }),
];

export const ROLLOUT_HISTORY_FLAGS: readonly FlagSpec[] = [OUTPUT, f("revision", "int")];

export const AUTH_CAN_I_FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES,
  f("subresource", "string"),
  f("quiet", "bool", { short: "q" }),
];

const WRITE = [DRY_RUN, FIELD_MANAGER];

export const SCALE_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  SELECTOR,
  f("replicas", "int"),
  f("current-replicas", "int"),
  f("resource-version", "string"),
  f("timeout", "duration", { ignored: true }),
];

export const ROLLOUT_WRITE_FLAGS: readonly FlagSpec[] = [...WRITE, SELECTOR];
export const ROLLOUT_UNDO_FLAGS: readonly FlagSpec[] = [...WRITE, f("to-revision", "int")];

export const SET_IMAGE_FLAGS: readonly FlagSpec[] = [...WRITE, SELECTOR, f("all", "bool")];
export const SET_ENV_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  f("containers", "string", { short: "c" }),
  f("overwrite", "bool"),
  f("list", "bool", { unsupported: "--list is not supported: use describe to see env" }),
  f("from", "string", {
    unsupported: "--from is not supported: it would copy Secret values into the pod spec",
  }),
];
export const SET_RESOURCES_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  f("containers", "string", { short: "c" }),
  f("limits", "string"),
  f("requests", "string"),
];

export const LABEL_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  SELECTOR,
  f("overwrite", "bool"),
  f("all", "bool"),
  f("resource-version", "string"),
  f("list", "bool", { unsupported: "--list is not supported: use get --show-labels" }),
];

export const PATCH_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  f("patch", "string", { short: "p" }),
  f("type", "string"),
  f("patch-file", "string", {
    unsupported: "--patch-file reads a local file: pass the patch inline with -p",
  }),
];

export const DELETE_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  SELECTOR,
  FIELD_SELECTOR,
  ALL_NAMESPACES,
  f("filename", "strings", { short: "f" }),
  f("all", "bool"),
  f("grace-period", "int"),
  f("force", "bool"),
  f("now", "bool"),
  f("cascade", "string"),
  f("ignore-not-found", "bool"),
  f("wait", "bool", { ignored: true }),
  f("timeout", "duration", { ignored: true }),
];

export const APPLY_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  f("filename", "strings", { short: "f" }),
  f("server-side", "bool"),
  f("force-conflicts", "bool"),
  f("overwrite", "bool", { ignored: true }),
  f("validate", "string", { ignored: true }),
];

export const CREATE_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  f("filename", "strings", { short: "f" }),
  f("save-config", "bool", { ignored: true }),
  f("validate", "string", { ignored: true }),
];

export const CORDON_FLAGS: readonly FlagSpec[] = [...WRITE, SELECTOR];

export const DRAIN_FLAGS: readonly FlagSpec[] = [
  ...WRITE,
  SELECTOR,
  f("ignore-daemonsets", "bool"),
  f("delete-emptydir-data", "bool"),
  f("force", "bool"),
  f("grace-period", "int"),
  f("pod-selector", "string"),
  f("disable-eviction", "bool"),
  f("skip-wait-for-delete-timeout", "int", { ignored: true }),
  f("timeout", "duration", { ignored: true }),
];

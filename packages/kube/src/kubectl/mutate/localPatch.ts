import { KubeError } from "../../errors";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** RFC 7386 JSON merge patch: objects merge, `null` deletes, everything else replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return copy(patch);
  const out: JsonObject = isObject(target) ? copy(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMergePatch(out[key], value) as Json;
  }
  return out;
}

/** RFC 6902 JSON patch (add, remove, replace, move, copy, test). */
export function applyJsonPatch(target: unknown, operations: unknown): unknown {
  if (!Array.isArray(operations)) {
    throw new KubeError("usage", "a json patch must be an array of operations");
  }
  let doc = copy(target) as Json;
  for (const op of operations as Record<string, unknown>[]) {
    const path = pointer(op.path);
    switch (op.op) {
      case "add":
        doc = put(doc, path, copy(op.value) as Json, "add");
        break;
      case "replace":
        get(doc, path);
        doc = put(doc, path, copy(op.value) as Json, "replace");
        break;
      case "remove":
        doc = remove(doc, path);
        break;
      case "move": {
        const from = pointer(op.from);
        const value = get(doc, from);
        doc = put(remove(doc, from), path, value, "add");
        break;
      }
      case "copy":
        doc = put(doc, path, copy(get(doc, pointer(op.from))), "add");
        break;
      case "test":
        if (JSON.stringify(get(doc, path)) !== JSON.stringify(op.value)) {
          throw new KubeError("invalid", `json patch test failed at ${String(op.path)}`);
        }
        break;
      default:
        throw new KubeError("usage", `unknown json patch operation "${String(op.op)}"`);
    }
  }
  return doc;
}

function pointer(path: unknown): string[] {
  if (typeof path !== "string" || (path !== "" && !path.startsWith("/"))) {
    throw new KubeError("usage", `invalid json patch path ${JSON.stringify(path)}`);
  }
  return path === ""
    ? []
    : path
        .slice(1)
        .split("/")
        .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function get(doc: Json, path: string[]): Json {
  let current: Json | undefined = doc;
  for (const key of path) {
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isObject(current)) current = current[key];
    else current = undefined;
    if (current === undefined) {
      throw new KubeError("invalid", `json patch path /${path.join("/")} does not exist`);
    }
  }
  return current;
}

function put(doc: Json, path: string[], value: Json, mode: "add" | "replace"): Json {
  if (path.length === 0) return value;
  const parent = get(doc, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (Array.isArray(parent)) {
    const index = key === "-" ? parent.length : Number(key);
    if (mode === "add") parent.splice(index, 0, value);
    else parent[index] = value;
  } else if (isObject(parent)) parent[key] = value;
  else throw new KubeError("invalid", `json patch cannot set /${path.join("/")}`);
  return doc;
}

function remove(doc: Json, path: string[]): Json {
  const parent = get(doc, path.slice(0, -1));
  const key = path[path.length - 1]!;
  get(doc, path);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (isObject(parent)) delete parent[key];
  return doc;
}

/** The merge key of the lists a strategic merge patch merges instead of replacing. */
const MERGE_KEYS: Readonly<Record<string, string>> = {
  containers: "name",
  initContainers: "name",
  ephemeralContainers: "name",
  env: "name",
  volumes: "name",
  volumeMounts: "mountPath",
  ports: "containerPort",
  imagePullSecrets: "name",
  tolerations: "key",
  conditions: "type",
  hostAliases: "ip",
};

/**
 * A local approximation of a strategic merge patch, for previews: maps merge,
 * `null` deletes, the well-known lists (containers, env, volumes, ports…)
 * merge by their key and honour `$patch: delete`; other lists are replaced.
 * The server's result (dry run) is authoritative; this is the fallback.
 */
export function applyStrategicPatch(target: unknown, patch: unknown, key?: string): unknown {
  if (Array.isArray(patch)) {
    const mergeKey = key === undefined ? undefined : MERGE_KEYS[key];
    if (mergeKey === undefined || !Array.isArray(target)) {
      return patch.filter((item) => !(isObject(item) && item.$patch === "delete")).map(copy);
    }
    const out = copy(target);
    for (const item of patch) {
      if (!isObject(item)) continue;
      const index = out.findIndex(
        (existing) => isObject(existing) && existing[mergeKey] === item[mergeKey],
      );
      if (item.$patch === "delete") {
        if (index !== -1) out.splice(index, 1);
      } else if (index === -1) out.push(copy(item));
      else out[index] = applyStrategicPatch(out[index], item) as Json;
    }
    return out;
  }
  if (!isObject(patch)) return copy(patch);
  const out: JsonObject = isObject(target) ? copy(target) : {};
  for (const [k, value] of Object.entries(patch)) {
    if (k.startsWith("$")) continue;
    if (value === null) delete out[k];
    else out[k] = applyStrategicPatch(out[k], value, k) as Json;
  }
  return out;
}

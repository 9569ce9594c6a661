import { asObject, clone, isObject, type JsonObject } from "../util/json";
import { PatchError } from "./patch-error";

/**
 * Strategic merge patch, the default of `kubectl patch` and what `kubectl
 * apply`, `set image` and `cordon` send. Lists of known Kubernetes fields
 * merge by their patch merge key (containers by name, ports by containerPort
 * or port, conditions by type…); other lists are replaced. Directives:
 * `$patch: replace|delete`, `$retainKeys`, `$setElementOrder/<field>`,
 * `$deleteFromPrimitiveList/<field>`.
 */
const MERGE_KEYS: Record<string, string> = {
  containers: "name",
  initContainers: "name",
  ephemeralContainers: "name",
  env: "name",
  volumes: "name",
  volumeMounts: "mountPath",
  volumeDevices: "devicePath",
  imagePullSecrets: "name",
  conditions: "type",
  hostAliases: "ip",
  ownerReferences: "uid",
  readinessGates: "conditionType",
  resourceClaims: "name",
  addresses: "type",
  topologySpreadConstraints: "topologyKey",
};

/** Lists of scalars whose patch strategy is "merge" (union) rather than replace. */
const MERGED_PRIMITIVE_LISTS = new Set(["finalizers"]);

export function applyStrategicMergePatch(original: unknown, patch: unknown): unknown {
  if (!isObject(patch))
    throw new PatchError("a strategic merge patch must be a JSON object", "decode");
  return mergeObject(isObject(original) ? original : {}, patch);
}

function mergeObject(original: JsonObject, patch: JsonObject): JsonObject | undefined {
  const directive = patch.$patch;
  if (directive === "delete") return undefined;
  if (directive === "replace") {
    const { $patch: _ignored, ...rest } = patch;
    return clone(rest);
  }
  if (directive !== undefined)
    throw new PatchError(`unknown patch type: ${JSON.stringify(directive)}`, "apply");
  const result: JsonObject = { ...original };
  const orders: [string, unknown[]][] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (key === "$retainKeys") continue;
    if (key.startsWith("$setElementOrder/")) {
      if (Array.isArray(value)) orders.push([key.slice("$setElementOrder/".length), value]);
      continue;
    }
    if (key.startsWith("$deleteFromPrimitiveList/")) {
      const field = key.slice("$deleteFromPrimitiveList/".length);
      const drop = Array.isArray(value) ? value : [];
      if (Array.isArray(result[field]))
        result[field] = (result[field] as unknown[]).filter((v) => !drop.includes(v));
      continue;
    }
    if (value === null) {
      delete result[key];
    } else if (Array.isArray(value)) {
      result[key] = mergeList(
        key,
        Array.isArray(result[key]) ? (result[key] as unknown[]) : [],
        value,
      );
    } else if (isObject(value)) {
      const merged = mergeObject(asObject(result[key]), value);
      if (merged === undefined) delete result[key];
      else result[key] = merged;
    } else {
      result[key] = value;
    }
  }
  if (Array.isArray(patch.$retainKeys)) {
    const keep = new Set(patch.$retainKeys.map(String));
    for (const key of Object.keys(result)) if (!keep.has(key)) delete result[key];
  }
  for (const [field, order] of orders) applyOrder(result, field, order);
  return result;
}

function mergeList(field: string, original: unknown[], patch: unknown[]): unknown[] {
  if (patch.some((item) => isObject(item) && item.$patch === "replace")) {
    return clone(patch.filter((item) => !(isObject(item) && item.$patch === "replace")));
  }
  const key = mergeKeyOf(field, original, patch);
  if (key === undefined) {
    if (MERGED_PRIMITIVE_LISTS.has(field))
      return [...original, ...patch.filter((v) => !original.includes(v))];
    return clone(patch);
  }
  const result = original.map((x) => clone(x));
  for (const item of patch) {
    if (!isObject(item)) continue;
    const id = item[key];
    const at = result.findIndex((x) => isObject(x) && x[key] === id);
    if (item.$patch === "delete") {
      if (at >= 0) result.splice(at, 1);
      continue;
    }
    if (at >= 0) {
      const merged = mergeObject(result[at] as JsonObject, item);
      if (merged === undefined) result.splice(at, 1);
      else result[at] = merged;
    } else {
      result.push(mergeObject({}, item));
    }
  }
  return result;
}

/** Container ports merge by containerPort, Service ports by port. */
function mergeKeyOf(field: string, original: unknown[], patch: unknown[]): string | undefined {
  if (field === "ports") {
    const sample = [...patch, ...original].find(isObject);
    if (sample === undefined) return undefined;
    return "containerPort" in sample ? "containerPort" : "port";
  }
  return MERGE_KEYS[field];
}

/** `$setElementOrder/<field>`: the patched list follows the order the client sent. */
function applyOrder(result: JsonObject, field: string, order: unknown[]): void {
  const list = result[field];
  if (!Array.isArray(list)) return;
  const key = mergeKeyOf(field, list, order);
  const position = (item: unknown): number => {
    const id = key !== undefined && isObject(item) ? item[key] : item;
    const i = order.findIndex((o) => (key !== undefined && isObject(o) ? o[key] : o) === id);
    return i < 0 ? order.length : i;
  };
  result[field] = [...(list as unknown[])].sort((a, b) => position(a) - position(b));
}

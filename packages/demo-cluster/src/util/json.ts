/**
 * Kubernetes objects arrive from YAML files and HTTP bodies as untyped JSON.
 * These helpers read them defensively (a scenario may omit any field) without
 * `any`: every accessor returns a narrowed value or a neutral default.
 */
export type JsonObject = Record<string, unknown>;

export interface KubeObject extends JsonObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
}

export interface ObjectMeta extends JsonObject {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  deletionTimestamp?: string;
  generation?: number;
}

export interface OwnerReference extends JsonObject {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asObjects(value: unknown): JsonObject[] {
  return asArray(value).filter(isObject);
}

export function asString(value: unknown, fallback = ""): string {
  return typeof value === "string" ? value : fallback;
}

export function asNumber(value: unknown, fallback = 0): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** Reads a nested field: `path(pod, "status", "phase")`. */
export function path(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

export function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(asObject(value))) if (typeof v === "string") out[k] = v;
  return out;
}

/** A deep copy that is also JSON-clean (no undefined, no shared references). */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Deep equality for JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => jsonEqual(a[k], b[k]));
  }
  return false;
}

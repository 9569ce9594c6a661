import { isCredentialName } from "./credentialName";
import { redactEnvValue } from "./redactEnvValue";
import { REDACTED, secretValueMarker } from "./marker";
import { redactText } from "./redactText";

/** The annotation `kubectl apply` writes: a full copy of the object, Secret values included. */
export const LAST_APPLIED_ANNOTATION = "kubectl.kubernetes.io/last-applied-configuration";

export interface RedactObjectOptions {
  /**
   * The kind the caller knows it fetched, for list items that carry no `kind`
   * (items of a SecretList do not). `Secret` and `ConfigMap` change the rules.
   */
  kind?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A deep copy of any API object, list or Table with every secret value masked:
 * - Secret `data` / `stringData` values become `[REDACTED: N bytes]`;
 * - the last-applied-configuration annotation is removed (it repeats values);
 * - `env` entries and ConfigMap keys whose names say credential are masked;
 * - every other string is passed through `redactText`.
 * Never mutates its input. Non-JSON values (functions, undefined) are dropped.
 */
export function redactObject<T>(value: T, options: RedactObjectOptions = {}): T {
  return walk(value as Json, options.kind, undefined) as T;
}

function walk(
  value: Json | undefined,
  kindHint: string | undefined,
  key: string | undefined,
): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return redactText(value);
  if (typeof value !== "object") return value;
  if (Array.isArray(value)) {
    if (key === "env") return value.map((item) => redactEnvEntry(item, kindHint));
    return value.map((item) => walk(item, kindHint, undefined));
  }
  const kind = typeof value.kind === "string" ? value.kind : kindHint;
  const itemKind = itemKindOf(kind, kindHint);
  if (looksLikeSecret(value, kind)) return redactSecret(value);
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (k === "metadata" && isRecord(v)) out[k] = redactMetadata(v);
    else if (k === "items" || k === "rows") out[k] = walk(v, itemKind, k);
    else if (k === "object" && isRecord(v)) out[k] = walk(v, itemKind, k);
    else if ((k === "data" || k === "binaryData") && kind === "ConfigMap" && isRecord(v))
      out[k] = redactConfigMapData(v);
    else out[k] = walk(v, isPodTemplateish(k) ? undefined : kindHint, k);
  }
  return out;
}

/** `SecretList` items and Table rows of secrets have no `kind`: carry it down. */
function itemKindOf(kind: string | undefined, hint: string | undefined): string | undefined {
  if (kind === undefined) return hint;
  if (kind.endsWith("List") && kind !== "List") return kind.slice(0, -"List".length);
  if (kind === "Table") return hint;
  return kind === "List" ? undefined : kind;
}

function isPodTemplateish(key: string): boolean {
  return key === "spec" || key === "template" || key === "status";
}

/**
 * A Secret by kind, or by shape when the kind was lost (a `data`/`stringData`
 * map beside a string `type`, no `spec`): leaking is worse than over-masking.
 */
function looksLikeSecret(value: { [key: string]: Json }, kind: string | undefined): boolean {
  if (kind === "Secret") return true;
  if (kind !== undefined && kind !== "PartialObjectMetadata") return false;
  return (
    typeof value.type === "string" &&
    value.spec === undefined &&
    (isRecord(value.data) || isRecord(value.stringData))
  );
}

function redactSecret(secret: { [key: string]: Json }): Json {
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(secret)) {
    if (v === undefined) continue;
    if (k === "data" && isRecord(v)) out[k] = mapValues(v, (x) => marker(x, "base64"));
    else if (k === "stringData" && isRecord(v)) out[k] = mapValues(v, (x) => marker(x, "utf8"));
    else if (k === "metadata" && isRecord(v)) out[k] = redactMetadata(v);
    // A Table row of secrets carries the Secret itself under `object`.
    else out[k] = walk(v, k === "object" ? "Secret" : undefined, k);
  }
  return out;
}

function marker(value: Json, encoding: "base64" | "utf8"): Json {
  if (typeof value !== "string") return REDACTED;
  return secretValueMarker(Buffer.byteLength(value, encoding));
}

function redactMetadata(metadata: { [key: string]: Json }): Json {
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(metadata)) {
    if (v === undefined) continue;
    if (k === "annotations" && isRecord(v)) {
      const annotations: { [key: string]: Json } = {};
      for (const [name, text] of Object.entries(v)) {
        if (name === LAST_APPLIED_ANNOTATION || text === undefined) continue;
        annotations[name] = walk(text, undefined, name);
      }
      out[k] = annotations;
    } else out[k] = walk(v, undefined, k);
  }
  return out;
}

function redactEnvEntry(item: Json, kindHint: string | undefined): Json {
  if (!isRecord(item)) return walk(item, kindHint, undefined);
  const out = walk(item, kindHint, undefined) as { [key: string]: Json };
  const original = item.value;
  if (typeof item.name === "string" && typeof original === "string") {
    out.value = redactEnvValue(item.name, original);
  }
  return out;
}

function redactConfigMapData(data: { [key: string]: Json }): Json {
  return Object.fromEntries(
    Object.entries(data).map(([name, v]) => {
      if (typeof v !== "string") return [name, walk(v, undefined, name)];
      return [name, isCredentialName(name) && v.length > 0 ? REDACTED : redactText(v)];
    }),
  );
}

function mapValues(
  record: { [key: string]: Json },
  fn: (value: Json) => Json,
): { [key: string]: Json } {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
}

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

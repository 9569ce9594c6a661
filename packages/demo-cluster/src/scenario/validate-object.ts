import { DemoClusterError } from "../errors";
import {
  asObjects,
  asString,
  isObject,
  path,
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { objectRef } from "./object-ref";

export interface ValidateContext {
  file: string;
  line: number;
  /** Whether a kind is namespaced; undefined when the kind is unknown (then either is accepted). */
  isNamespaced(apiVersion: string, kind: string): boolean | undefined;
}

/**
 * Structural checks that a real API server would make on create, and the
 * mistakes scenario authors make most (an unquoted `true` as a label value, a
 * selector that does not match the template). Returns the object typed, or
 * throws a DemoClusterError naming the file, line and object.
 */
export function validateObject(raw: JsonObject, ctx: ValidateContext): KubeObject {
  const fail = (message: string): never => {
    throw new DemoClusterError("scenario_invalid", message, {
      file: ctx.file,
      line: ctx.line,
      object: objectRef(raw),
    });
  };
  const apiVersion = raw.apiVersion;
  const kind = raw.kind;
  if (typeof apiVersion !== "string" || apiVersion === "") fail("apiVersion is missing");
  if (typeof kind !== "string" || kind === "") fail("kind is missing");
  const metadata = raw.metadata;
  if (!isObject(metadata)) return fail("metadata is missing");
  const name = metadata.name;
  if (typeof name !== "string" || name === "") fail("metadata.name is missing");
  if (typeof name === "string" && (name.includes("/") || name.length > 253)) {
    fail(`metadata.name "${name}" is not a valid name`);
  }
  for (const field of ["labels", "annotations"] as const) {
    const map = metadata[field];
    if (map === undefined || map === null) continue;
    if (!isObject(map)) fail(`metadata.${field} must be a map`);
    for (const [key, value] of Object.entries(map as JsonObject)) {
      if (typeof value !== "string")
        fail(`metadata.${field}.${key} must be a string (quote it in YAML)`);
    }
  }
  const namespace = metadata.namespace;
  if (namespace !== undefined && (typeof namespace !== "string" || namespace === "")) {
    fail("metadata.namespace must be a non-empty string");
  }
  const namespaced = ctx.isNamespaced(apiVersion as string, kind as string);
  if (namespaced === true && namespace === undefined)
    fail("metadata.namespace is missing (this kind is namespaced)");
  if (namespaced === false && namespace !== undefined)
    fail("metadata.namespace is set on a cluster-scoped kind");
  for (const owner of asObjects(metadata.ownerReferences)) {
    if (
      asString(owner.kind) === "" ||
      asString(owner.name) === "" ||
      asString(owner.apiVersion) === ""
    ) {
      fail("every ownerReference needs apiVersion, kind and name");
    }
  }
  const kindError = checkKind(raw);
  if (kindError !== undefined) fail(kindError);
  return raw as KubeObject;
}

/** Per-kind checks for fields the simulator reads; undefined when fine. */
function checkKind(o: JsonObject): string | undefined {
  switch (o.kind) {
    case "Pod":
      return checkContainers(path(o, "spec", "containers"), "spec.containers");
    case "Deployment":
    case "ReplicaSet":
    case "StatefulSet":
    case "DaemonSet":
      return (
        checkContainers(
          path(o, "spec", "template", "spec", "containers"),
          "spec.template.spec.containers",
        ) ?? checkSelector(o)
      );
    case "Event":
      return isObject(o.involvedObject) || isObject(o.regarding)
        ? undefined
        : "an Event needs involvedObject (core/v1) or regarding (events.k8s.io/v1)";
    case "Service":
      return o.spec !== undefined && !isObject(o.spec) ? "spec must be a map" : undefined;
    default:
      return undefined;
  }
}

function checkContainers(value: unknown, where: string): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return `${where} must be a non-empty list`;
  for (const c of value) {
    if (!isObject(c) || asString(c.name) === "") return `every entry of ${where} needs a name`;
    if (asString(c.image) === "") return `container "${asString(c.name)}" needs an image`;
  }
  return undefined;
}

/** The API server rejects a workload whose selector does not select its own template. */
function checkSelector(o: JsonObject): string | undefined {
  const selector = path(o, "spec", "selector", "matchLabels");
  const labels = path(o, "spec", "template", "metadata", "labels");
  if (!isObject(selector)) return "spec.selector.matchLabels is missing";
  for (const [key, value] of Object.entries(selector)) {
    if (!isObject(labels) || labels[key] !== value) {
      return `spec.selector does not match template labels (${key}=${String(value)})`;
    }
  }
  return undefined;
}

import { asString, isObject, type KubeObject } from "../util/json";

/**
 * Field selectors (`?fieldSelector=`): `a=b`, `a==b`, `a!=b`, comma-separated.
 * Like the real API, each kind supports a fixed set of fields; others are a
 * 400 "field label not supported". A missing field reads as "" (so
 * `involvedObject.namespace=` matches events about cluster-scoped objects).
 */
export interface FieldRequirement {
  field: string;
  value: string;
  negate: boolean;
}

export class FieldSelectorError extends Error {
  override name = "FieldSelectorError";
}

const COMMON = ["metadata.name", "metadata.namespace"];

/** Supported fields per kind, from the API server's field label conversion functions. */
const SUPPORTED: Record<string, string[]> = {
  Pod: [
    "spec.nodeName",
    "spec.restartPolicy",
    "spec.schedulerName",
    "spec.serviceAccountName",
    "spec.hostNetwork",
    "status.phase",
    "status.podIP",
    "status.podIPs",
    "status.nominatedNodeName",
  ],
  Event: [
    "involvedObject.kind",
    "involvedObject.namespace",
    "involvedObject.name",
    "involvedObject.uid",
    "involvedObject.apiVersion",
    "involvedObject.resourceVersion",
    "involvedObject.fieldPath",
    "reason",
    "reportingComponent",
    "source",
    "type",
    // events.k8s.io/v1 names of the same fields
    "regarding.kind",
    "regarding.namespace",
    "regarding.name",
    "regarding.uid",
    "regarding.apiVersion",
    "regarding.resourceVersion",
    "regarding.fieldPath",
    "reportingController",
  ],
  Node: ["spec.unschedulable"],
  Namespace: ["status.phase"],
  Secret: ["type"],
  ReplicaSet: ["status.replicas"],
  ReplicationController: ["status.replicas"],
  Job: ["status.successful"],
  PersistentVolume: ["name"],
  CertificateSigningRequest: ["spec.signerName"],
};

export function parseFieldSelector(text: string, kind: string): FieldRequirement[] {
  const out: FieldRequirement[] = [];
  const allowed = new Set([...COMMON, ...(SUPPORTED[kind] ?? [])]);
  for (const part of text.split(",")) {
    if (part.trim() === "") continue;
    const m = /^([^=!]+)(==|=|!=)(.*)$/.exec(part.trim());
    if (m === null)
      throw new FieldSelectorError(`invalid selector: '${part}'; can't understand '${part}'`);
    const field = (m[1] ?? "").trim();
    if (!allowed.has(field)) throw new FieldSelectorError(`field label not supported: ${field}`);
    out.push({ field, value: (m[3] ?? "").trim(), negate: m[2] === "!=" });
  }
  return out;
}

export function matchesFields(reqs: readonly FieldRequirement[], o: KubeObject): boolean {
  for (const r of reqs) {
    const actual = fieldValue(o, r.field);
    if ((actual === r.value) === r.negate) return false;
  }
  return true;
}

function fieldValue(o: KubeObject, field: string): string {
  if (field === "source") return asString((isObject(o.source) ? o.source : {}).component);
  const path = field.startsWith("regarding.")
    ? `involvedObject.${field.slice(10)}`
    : field === "reportingController"
      ? "reportingComponent"
      : field;
  let v: unknown = o;
  for (const key of path.split(".")) v = isObject(v) ? v[key] : undefined;
  if (field === "status.podIPs" && Array.isArray(v))
    return v.map((x) => asString(isObject(x) ? x.ip : "")).join(",");
  if (typeof v === "boolean" || typeof v === "number") return String(v);
  if (field === "spec.unschedulable" || field === "spec.hostNetwork")
    return v === undefined ? "false" : asString(v);
  return asString(v);
}

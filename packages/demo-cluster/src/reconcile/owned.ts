import type { ClusterState } from "../server/cluster-state";
import { asObject, asString, jsonEqual, type JsonObject, type KubeObject } from "../util/json";

/** Objects of a resource in the owner's namespace that name it (by uid) in their ownerReferences. */
export function ownedBy(state: ClusterState, key: string, owner: KubeObject): KubeObject[] {
  return state.store
    .objects(key, owner.metadata.namespace)
    .filter((o) => (o.metadata.ownerReferences ?? []).some((r) => r.uid === owner.metadata.uid));
}

export function controllerRef(owner: KubeObject): KubeObject["metadata"]["ownerReferences"] {
  return [
    {
      apiVersion: owner.apiVersion,
      kind: owner.kind,
      name: owner.metadata.name,
      uid: owner.metadata.uid ?? "",
      controller: true,
      blockOwnerDeletion: true,
    },
  ];
}

/** Pod templates compare without the pod-template-hash label the ReplicaSet adds. */
export function sameTemplate(a: unknown, b: unknown): boolean {
  return jsonEqual(withoutHash(asObject(a)), withoutHash(asObject(b)));
}

function withoutHash(t: JsonObject): JsonObject {
  const meta = asObject(t.metadata);
  const labels = { ...asObject(meta.labels) };
  delete labels["pod-template-hash"];
  const cleaned: JsonObject = { ...meta, labels };
  delete cleaned.creationTimestamp;
  return { ...t, metadata: cleaned };
}

export function revisionOf(o: KubeObject): number {
  return Number(o.metadata.annotations?.["deployment.kubernetes.io/revision"] ?? "0") || 0;
}

/** 10 characters from the template, in the alphabet Kubernetes uses for generated names. */
export function templateHash(template: unknown): string {
  const text = JSON.stringify(withoutHash(asObject(template)));
  let h = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
    h2 = Math.imul(h2 ^ text.charCodeAt(i), 2246822519) >>> 0;
  }
  const alphabet = "bcdfghjklmnpqrstvwxz2456789";
  let out = "";
  let v = BigInt(h) * 4294967296n + BigInt(h2);
  for (let i = 0; i < 10; i++) {
    out += alphabet[Number(v % 27n)] ?? "b";
    v /= 27n;
  }
  return out;
}

/** "25%" of n rounded up (surge) or down (unavailable); plain numbers as they are. */
export function intOrPercent(
  value: unknown,
  n: number,
  roundUp: boolean,
  fallback: string,
): number {
  const v = value === undefined || value === null ? fallback : value;
  if (typeof v === "number") return v;
  const m = /^(\d+)%$/.exec(asString(v));
  if (m === null) return Number(v) || 0;
  const raw = (Number(m[1]) * n) / 100;
  return roundUp ? Math.ceil(raw) : Math.floor(raw);
}

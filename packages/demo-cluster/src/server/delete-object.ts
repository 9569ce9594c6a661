import type { ClusterState } from "./cluster-state";
import { formatTime } from "../scenario/relative-time";
import { asObjects, type KubeObject, type ObjectMeta } from "../util/json";

/**
 * Removes an object at once (there is no kubelet to wait for) and applies
 * garbage collection: dependents (by ownerReference uid) are deleted too, or
 * released with `propagationPolicy=Orphan`. Deleting a namespace deletes
 * everything in it. Returns the object as last seen.
 */
export function deleteObject(
  state: ClusterState,
  key: string,
  object: KubeObject,
  orphan: boolean,
): KubeObject {
  const removed =
    state.store.remove(key, object.metadata.namespace, object.metadata.name) ?? object;
  if (object.kind === "Pod")
    state.logs.deletePod(object.metadata.namespace ?? "", object.metadata.name);
  if (object.kind === "Namespace" && object.apiVersion === "v1") {
    for (const t of state.types.all()) {
      if (!t.namespaced) continue;
      const k = state.keyOf({
        apiVersion: t.group === "" ? t.version : `${t.group}/${t.version}`,
        kind: t.kind,
        metadata: { name: "" },
      });
      for (const o of state.store.objects(k, object.metadata.name)) deleteObject(state, k, o, true);
    }
    return {
      ...removed,
      status: { phase: "Terminating" },
      metadata: { ...removed.metadata, deletionTimestamp: formatTime(Date.now()) },
    };
  }
  const uid = object.metadata.uid;
  if (uid === undefined) return removed;
  for (const dependent of dependentsOf(state, object)) {
    const dk = state.keyOf(dependent);
    if (orphan) {
      const meta: ObjectMeta = { ...dependent.metadata };
      const refs = (meta.ownerReferences ?? []).filter((ref) => ref.uid !== uid);
      if (refs.length === 0) delete meta.ownerReferences;
      else meta.ownerReferences = refs;
      state.store.put(dk, { ...dependent, metadata: meta });
    } else if (
      state.store.get(dk, dependent.metadata.namespace, dependent.metadata.name) !== undefined
    ) {
      deleteObject(state, dk, dependent, false);
    }
  }
  return removed;
}

/** Objects whose ownerReferences name this uid: same namespace, or anywhere for a cluster-scoped owner. */
function dependentsOf(state: ClusterState, owner: KubeObject): KubeObject[] {
  const out: KubeObject[] = [];
  const candidates = [
    "apps/replicasets",
    "/pods",
    "batch/jobs",
    "discovery.k8s.io/endpointslices",
    "/persistentvolumeclaims",
    "apps/controllerrevisions",
    "coordination.k8s.io/leases",
  ];
  const kinds =
    owner.kind === "Node" || owner.kind === "CustomResourceDefinition"
      ? candidates
      : candidates.slice(0, 6);
  for (const key of kinds) {
    for (const o of state.store.objects(
      key,
      owner.kind === "Node" ? undefined : owner.metadata.namespace,
    )) {
      if (asObjects(o.metadata.ownerReferences).some((ref) => ref.uid === owner.metadata.uid))
        out.push(o);
    }
  }
  return out;
}

import type { ClusterState } from "../server/cluster-state";
import { asObject, asObjects, asString, type JsonObject, type KubeObject } from "../util/json";

/* Small facts runPod needs about a pod's surroundings: its workload, a sibling's log, a free IP, its QoS class. */

/** The workload a pod belongs to, for rule matching and sibling logs: Deployment, StatefulSet, Job, DaemonSet, or the direct owner. */
export function topOwner(
  state: ClusterState,
  pod: KubeObject,
): { kind: string; name: string } | undefined {
  const ref =
    asObjects(pod.metadata.ownerReferences).find((r) => r.controller === true) ??
    asObjects(pod.metadata.ownerReferences)[0];
  if (ref === undefined) return undefined;
  if (ref.kind === "ReplicaSet") {
    const rs = state.store.get("apps/replicasets", pod.metadata.namespace, asString(ref.name));
    const up = asObjects(rs?.metadata.ownerReferences).find((r) => r.kind === "Deployment");
    if (up !== undefined) return { kind: "Deployment", name: asString(up.name) };
  }
  return { kind: asString(ref.kind), name: asString(ref.name) };
}

/** A new pod's log: what a running sibling of the same workload printed, else a start line. */
export function siblingLog(
  state: ClusterState,
  pod: KubeObject,
  owner: { kind: string; name: string } | undefined,
  container: string,
): string {
  const ns = pod.metadata.namespace ?? "";
  if (owner !== undefined) {
    for (const other of state.store.objects("/pods", ns)) {
      if (other.metadata.name === pod.metadata.name) continue;
      const o = topOwner(state, other);
      if (o?.kind !== owner.kind || o.name !== owner.name) continue;
      const running = asObjects(asObject(other.status).containerStatuses).some(
        (cs) => cs.name === container && cs.ready === true,
      );
      const text = running ? state.logs.get(ns, other.metadata.name, container, false) : undefined;
      if (text !== undefined && text !== "") return text;
    }
  }
  return `container ${container} started\n`;
}

/** The next free address in the node's pod CIDR (from .200 up, to stay clear of scenario addresses). */
export function allocateIp(state: ClusterState, node: KubeObject | undefined): string {
  const cidr = asString(asObject(node?.spec).podCIDR, "10.244.9.0/24");
  const prefix = cidr.split(".").slice(0, 3).join(".");
  const used = new Set(state.store.objects("/pods").map((p) => asString(asObject(p.status).podIP)));
  for (const host of [
    ...Array.from({ length: 54 }, (_, i) => 200 + i),
    ...Array.from({ length: 197 }, (_, i) => 2 + i),
  ]) {
    const ip = `${prefix}.${host}`;
    if (!used.has(ip)) return ip;
  }
  return `${prefix}.254`;
}

/** The QoS class the API server would give a pod spec. */
export function qos(spec: JsonObject): string {
  let any = false;
  let guaranteed = true;
  for (const c of asObjects(spec.containers)) {
    const r = asObject(c.resources);
    const req = asObject(r.requests);
    const lim = asObject(r.limits);
    if (Object.keys(req).length > 0 || Object.keys(lim).length > 0) any = true;
    for (const k of ["cpu", "memory"])
      if (lim[k] === undefined || (req[k] !== undefined && req[k] !== lim[k])) guaranteed = false;
  }
  return any && guaranteed ? "Guaranteed" : any ? "Burstable" : "BestEffort";
}

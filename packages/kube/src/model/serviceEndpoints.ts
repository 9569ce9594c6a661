import { matchesEqualityMap } from "./labelSelector";
import type { Endpoints, Pod, Service } from "./objects";
import { podReady } from "./podReady";
import type { ClusterSnapshot } from "./snapshot/ClusterSnapshot";

/** One address behind a Service and the object it points at. */
export interface EndpointTarget {
  ip: string;
  kind: string | undefined;
  name: string | undefined;
}

/** What a Service resolves to, whichever object told us. */
export interface ServiceEndpoints {
  ready: EndpointTarget[];
  notReady: EndpointTarget[];
  /** `endpoints`, `endpointslices`, or `pods` when derived from the selector as the endpoints controller would. */
  source: "endpoints" | "endpointslices" | "pods";
  endpoints: Endpoints | undefined;
}

const LEADER_ANNOTATION = "control-plane.alpha.kubernetes.io/leader";

/** True for an Endpoints object used as a leader-election lock, never a real Service backend. */
export function isLeaderLock(endpoints: Endpoints): boolean {
  return endpoints.metadata?.annotations?.[LEADER_ANNOTATION] !== undefined;
}

/**
 * The endpoints of a Service: from its Endpoints object when there is one,
 * else from its EndpointSlices (`endpoints: null` counts as none), else
 * derived from the pods its selector matches (running and ready → ready,
 * running but not ready → not ready, readiness as `podReady` judges it) — so a cluster or scenario that serves
 * only slices, or neither, is still judged.
 */
export function serviceEndpoints(snapshot: ClusterSnapshot, service: Service): ServiceEndpoints {
  const ns = service.metadata?.namespace;
  const name = service.metadata?.name ?? "";
  const endpoints = snapshot.get("endpoints", ns, name);
  if (endpoints !== undefined) {
    const ready: EndpointTarget[] = [];
    const notReady: EndpointTarget[] = [];
    for (const subset of endpoints.subsets ?? []) {
      for (const a of subset.addresses ?? []) ready.push(target(a.ip, a.targetRef));
      for (const a of subset.notReadyAddresses ?? []) notReady.push(target(a.ip, a.targetRef));
    }
    return { ready, notReady, source: "endpoints", endpoints };
  }
  const slices = snapshot
    .list("endpointslices", ns)
    .filter((s) => s.metadata?.labels?.["kubernetes.io/service-name"] === name);
  if (slices.length > 0) {
    const ready: EndpointTarget[] = [];
    const notReady: EndpointTarget[] = [];
    for (const slice of slices)
      for (const e of slice.endpoints ?? []) {
        const t = target(e.addresses?.[0], e.targetRef);
        (e.conditions?.ready === false ? notReady : ready).push(t);
      }
    return { ready, notReady, source: "endpointslices", endpoints: undefined };
  }
  const ready: EndpointTarget[] = [];
  const notReady: EndpointTarget[] = [];
  for (const pod of selectedPods(snapshot, service)) {
    if (pod.status?.phase !== "Running" || pod.metadata?.deletionTimestamp != null) continue;
    const t = { ip: pod.status.podIP ?? "", kind: "Pod", name: pod.metadata?.name };
    (podReady(pod) ? ready : notReady).push(t);
  }
  return { ready, notReady, source: "pods", endpoints: undefined };
}

/** Pods in the Service's namespace matched by its selector (none for a selector-less Service). */
export function selectedPods(snapshot: ClusterSnapshot, service: Service): Pod[] {
  const selector = service.spec?.selector;
  return snapshot
    .list("pods", service.metadata?.namespace)
    .filter((p) => matchesEqualityMap(selector, p.metadata?.labels));
}

function target(
  ip: string | undefined,
  ref: { kind?: string; name?: string } | null | undefined,
): EndpointTarget {
  return { ip: ip ?? "", kind: ref?.kind, name: ref?.name };
}

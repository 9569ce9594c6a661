import type { ClusterState } from "../server/cluster-state";
import { formatTime } from "../scenario/relative-time";
import { matchesLabels, requirementsFromLabelSelector } from "../store/label-selector";
import {
  asObject,
  asObjects,
  asString,
  jsonEqual,
  stringMap,
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { deterministicUid, randomSuffix } from "../util/uid";
import { controllerRef } from "./owned";
import { isTerminal } from "./resources";

/**
 * Endpoints and the EndpointSlice of a Service follow the pods its selector
 * matches: ready pods are addresses, the others notReadyAddresses (ready:
 * false in the slice). A Service without selector is left alone (its
 * endpoints are managed by hand). Written only when something changed.
 */
export function reconcileEndpoints(state: ClusterState, svc: KubeObject): void {
  const spec = asObject(svc.spec);
  const selector = stringMap(spec.selector);
  if (Object.keys(selector).length === 0) return;
  const ns = svc.metadata.namespace ?? "default";
  const reqs = requirementsFromLabelSelector({ matchLabels: selector });
  const pods = state.store
    .objects("/pods", ns, reqs)
    .filter(
      (p) =>
        !isTerminal(p) &&
        asString(asObject(p.status).podIP) !== "" &&
        matchesLabels(reqs, p.metadata.labels),
    );
  const ready: KubeObject[] = [];
  const notReady: KubeObject[] = [];
  for (const p of pods) {
    const ok =
      p.metadata.deletionTimestamp === undefined &&
      asObjects(asObject(p.status).conditions).some(
        (c) => c.type === "Ready" && c.status === "True",
      );
    (ok ? ready : notReady).push(p);
  }
  const ports = asObjects(spec.ports).map((port) => ({
    name: asString(port.name),
    port: targetPort(port, pods[0]),
    protocol: asString(port.protocol, "TCP"),
  }));
  const address = (p: KubeObject): JsonObject => ({
    ip: asString(asObject(p.status).podIP),
    nodeName: asString(asObject(p.spec).nodeName),
    targetRef: { kind: "Pod", namespace: ns, name: p.metadata.name, uid: p.metadata.uid },
  });
  const subsets: JsonObject[] = [];
  if (pods.length > 0) {
    const subset: JsonObject = {};
    if (ready.length > 0) subset.addresses = ready.map(address);
    if (notReady.length > 0) subset.notReadyAddresses = notReady.map(address);
    subset.ports = ports;
    subsets.push(subset);
  }
  const existing = state.store.get("/endpoints", ns, svc.metadata.name);
  const now = formatTime(Date.now());
  const endpoints: KubeObject = existing ?? {
    apiVersion: "v1",
    kind: "Endpoints",
    metadata: {
      name: svc.metadata.name,
      namespace: ns,
      uid: deterministicUid(`Endpoints/${ns}/${svc.metadata.name}`),
      creationTimestamp: now,
      labels: svc.metadata.labels ?? {},
    },
  };
  if (
    !jsonEqual(stripRefs(endpoints.subsets), stripRefs(subsets.length === 0 ? undefined : subsets))
  ) {
    const next: KubeObject = { ...endpoints };
    if (subsets.length === 0) delete next.subsets;
    else next.subsets = subsets;
    state.store.put("/endpoints", next);
  }
  const slices = state.store
    .objects("discovery.k8s.io/endpointslices", ns)
    .filter((s) => s.metadata.labels?.["kubernetes.io/service-name"] === svc.metadata.name);
  const sliceEndpoints = pods.map((p) => ({
    addresses: [asString(asObject(p.status).podIP)],
    conditions: {
      ready: ready.includes(p),
      serving: ready.includes(p),
      terminating: p.metadata.deletionTimestamp !== undefined,
    },
    nodeName: asString(asObject(p.spec).nodeName),
    targetRef: { kind: "Pod", namespace: ns, name: p.metadata.name, uid: p.metadata.uid },
  }));
  const slice: KubeObject = slices[0] ?? {
    apiVersion: "discovery.k8s.io/v1",
    kind: "EndpointSlice",
    metadata: {
      name: `${svc.metadata.name}-${randomSuffix(5)}`,
      generateName: `${svc.metadata.name}-`,
      namespace: ns,
      uid: deterministicUid(`EndpointSlice/${ns}/${svc.metadata.name}/${now}`),
      creationTimestamp: now,
      labels: {
        "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
        "kubernetes.io/service-name": svc.metadata.name,
      },
      ownerReferences: controllerRef(svc),
    },
    addressType: "IPv4",
  };
  const nextSlice = {
    ...slice,
    endpoints: sliceEndpoints.length === 0 ? null : sliceEndpoints,
    ports,
  };
  if (
    !jsonEqual(stripRefs(slice.endpoints), stripRefs(nextSlice.endpoints)) ||
    !jsonEqual(slice.ports, ports)
  ) {
    state.store.put("discovery.k8s.io/endpointslices", nextSlice);
  }
}

/** A numeric targetPort as is; a named one resolved through the first pod's container ports. */
function targetPort(port: JsonObject, pod: KubeObject | undefined): number {
  const t = port.targetPort ?? port.port;
  if (typeof t === "number") return t;
  for (const c of asObjects(asObject(pod?.spec).containers)) {
    const match = asObjects(c.ports).find((p) => p.name === t);
    if (typeof match?.containerPort === "number") return match.containerPort;
  }
  return typeof port.port === "number" ? port.port : 0;
}

/** Scenario files write targetRefs without uids; compare without them so nothing is rewritten needlessly. */
function stripRefs(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (k, v: unknown) => (k === "uid" || k === "zone" ? undefined : v)),
  );
}

import type { ClusterState } from "../server/cluster-state";
import { matchesLabels, requirementsFromLabelSelector } from "../store/label-selector";
import { asObject, asObjects, asString, stringMap, type JsonObject } from "../util/json";

/** One end of a connection: a pod, by its namespace and labels. */
export interface Peer {
  namespace: string;
  labels: Readonly<Record<string, string>>;
}

/** A connection a container needs to work: to pods like `to`, on `port`. */
export interface Connection {
  from: Peer;
  to: Peer;
  port: number;
  protocol: string;
}

const POLICIES = "networking.k8s.io/networkpolicies";

/**
 * Whether the namespaces' NetworkPolicies let the connection through, by the rules of the
 * NetworkPolicy API: a pod selected by no policy of a direction is open in that direction;
 * once selected, only what one of those policies' rules admits passes (rules add up). The
 * source's egress and the destination's ingress must both admit it. `ipBlock` peers are for
 * traffic leaving the cluster here: only `0.0.0.0/0` (or `::/0`) without exceptions matches a pod.
 */
export function connectionAllowed(state: ClusterState, c: Connection): boolean {
  // A rule admits when its peers and its ports both match.
  const egress = admitted(
    state,
    c.from,
    "Egress",
    (rule) => peersMatch(state, rule.to, c.from.namespace, c.to) && portsMatch(rule.ports, c),
  );
  const ingress = admitted(
    state,
    c.to,
    "Ingress",
    (rule) => peersMatch(state, rule.from, c.to.namespace, c.from) && portsMatch(rule.ports, c),
  );
  return egress && ingress;
}

function admitted(
  state: ClusterState,
  pod: Peer,
  direction: "Ingress" | "Egress",
  admits: (rule: JsonObject) => boolean,
): boolean {
  const selecting = state.store.objects(POLICIES, pod.namespace).filter((p) => {
    const spec = asObject(p.spec);
    return (
      policyTypes(spec).includes(direction) &&
      matchesLabels(requirementsFromLabelSelector(spec.podSelector ?? {}), pod.labels)
    );
  });
  if (selecting.length === 0) return true;
  const key = direction === "Ingress" ? "ingress" : "egress";
  return selecting.some((p) => asObjects(asObject(p.spec)[key]).some(admits));
}

/** `policyTypes`, or as the API defaults it: Ingress always, Egress when egress rules exist. */
function policyTypes(spec: JsonObject): string[] {
  const given = Array.isArray(spec.policyTypes) ? spec.policyTypes.map(String) : [];
  if (given.length > 0) return given;
  return Array.isArray(spec.egress) ? ["Ingress", "Egress"] : ["Ingress"];
}

/** A rule's `to`/`from`: absent or empty admits every peer. */
function peersMatch(
  state: ClusterState,
  peers: unknown,
  policyNamespace: string,
  other: Peer,
): boolean {
  const list = asObjects(peers);
  if (list.length === 0) return true;
  return list.some((peer) => {
    const ip = asObject(peer.ipBlock);
    if (Object.keys(ip).length > 0)
      return ["0.0.0.0/0", "::/0"].includes(asString(ip.cidr)) && asObjects(ip.except).length === 0;
    const nsSelector = peer.namespaceSelector;
    const inNamespace =
      nsSelector === undefined
        ? other.namespace === policyNamespace
        : matchesLabels(
            requirementsFromLabelSelector(nsSelector),
            namespaceLabels(state, other.namespace),
          );
    const podSelector = peer.podSelector;
    return (
      inNamespace &&
      (podSelector === undefined ||
        matchesLabels(requirementsFromLabelSelector(podSelector), other.labels))
    );
  });
}

/** A namespace's labels, with the one the API server always sets. */
function namespaceLabels(state: ClusterState, name: string): Record<string, string> {
  const ns = state.store.get("/namespaces", undefined, name);
  return { ...stringMap(ns?.metadata.labels), "kubernetes.io/metadata.name": name };
}

/** A rule's `ports`: absent or empty admits every port; a named port is taken to match. */
function portsMatch(ports: unknown, c: Connection): boolean {
  const list = asObjects(ports);
  if (list.length === 0) return true;
  return list.some((p) => {
    if (asString(p.protocol, "TCP").toUpperCase() !== c.protocol.toUpperCase()) return false;
    if (p.port === undefined) return true;
    if (typeof p.port === "string") return !/^\d+$/.test(p.port) || Number(p.port) === c.port;
    const from = Number(p.port);
    const to = typeof p.endPort === "number" ? p.endPort : from;
    return c.port >= from && c.port <= to;
  });
}

import { matchesLabelSelector } from "../model/labelSelector";
import type { NetworkPolicy, NetworkPolicyPeer, Pod } from "../model/objects";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";

export interface PolicyVerdict {
  allowed: boolean;
  /** The policies that isolate the pod in that direction and none of which lets the traffic through. */
  blockingPolicies: NetworkPolicy[];
  direction: "ingress" | "egress";
}

/**
 * Whether NetworkPolicies let `from` open a connection to `to` on `port`,
 * as the API defines it: a pod selected by a policy of a direction is isolated
 * in that direction, and traffic passes only if some selecting policy has a
 * rule whose peers and ports match. Checks egress of the source, then ingress
 * of the destination; reports the first direction that blocks. ipBlock peers
 * and named ports are treated as matching (we cannot resolve them offline).
 */
export function networkPolicyVerdict(
  snapshot: ClusterSnapshot,
  from: Pod,
  to: Pod,
  port: number | undefined,
): PolicyVerdict | undefined {
  const egress = directionVerdict(snapshot, "egress", from, to, port);
  if (egress !== undefined && !egress.allowed) return egress;
  const ingress = directionVerdict(snapshot, "ingress", to, from, port);
  if (ingress !== undefined && !ingress.allowed) return ingress;
  return ingress ?? egress;
}

function directionVerdict(
  snapshot: ClusterSnapshot,
  direction: "ingress" | "egress",
  subject: Pod,
  peer: Pod,
  port: number | undefined,
): PolicyVerdict | undefined {
  const ns = subject.metadata?.namespace;
  const selecting = snapshot
    .list("networkpolicies", ns)
    .filter(
      (p) =>
        appliesTo(p, direction) &&
        matchesLabelSelector(p.spec?.podSelector ?? {}, subject.metadata?.labels),
    );
  if (selecting.length === 0) return undefined;
  const allowed = selecting.some((p) => {
    const rules = direction === "ingress" ? (p.spec?.ingress ?? []) : (p.spec?.egress ?? []);
    return rules.some((rule) => {
      const peers =
        direction === "ingress"
          ? (rule as { from?: NetworkPolicyPeer[] | null }).from
          : (rule as { to?: NetworkPolicyPeer[] | null }).to;
      const peersOk =
        peers == null ||
        peers.length === 0 ||
        peers.some((pr) => peerMatches(snapshot, pr, ns, peer));
      const ports = (rule as { ports?: { port?: number | string }[] | null }).ports;
      const portsOk =
        ports == null ||
        ports.length === 0 ||
        port === undefined ||
        ports.some((p) => p.port === undefined || typeof p.port === "string" || p.port === port);
      return peersOk && portsOk;
    });
  });
  return { allowed, blockingPolicies: allowed ? [] : selecting, direction };
}

/** policyTypes default to Ingress, plus Egress when the policy has egress rules. */
function appliesTo(policy: NetworkPolicy, direction: "ingress" | "egress"): boolean {
  const types = policy.spec?.policyTypes;
  if (types != null && types.length > 0) return types.some((t) => t.toLowerCase() === direction);
  return direction === "ingress" || (policy.spec?.egress ?? []).length > 0;
}

function peerMatches(
  snapshot: ClusterSnapshot,
  peer: NetworkPolicyPeer,
  policyNs: string | undefined,
  pod: Pod,
): boolean {
  if (peer.ipBlock != null) return true;
  const podNs = pod.metadata?.namespace;
  if (peer.namespaceSelector != null) {
    const nsObject = snapshot.get("namespaces", undefined, podNs ?? "");
    const nsLabels = {
      "kubernetes.io/metadata.name": podNs ?? "",
      ...(nsObject?.metadata?.labels ?? {}),
    };
    if (!matchesLabelSelector(peer.namespaceSelector, nsLabels)) return false;
    return peer.podSelector == null || matchesLabelSelector(peer.podSelector, pod.metadata?.labels);
  }
  if (podNs !== policyNs) return false;
  return matchesLabelSelector(peer.podSelector ?? {}, pod.metadata?.labels);
}

import { formatLabelSelector } from "../model/labelSelector";
import type { LabelSelector, NetworkPolicy, NetworkPolicyPeer, Pod } from "../model/objects";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";
import { networkPolicyVerdict } from "./networkPolicyVerdict";

/** The cluster DNS as a NetworkPolicy peer: CoreDNS/kube-dns pods in kube-system, port 53. */
export const DNS_PORT = 53;
const DNS_LABELS = { "k8s-app": "kube-dns" };

/** What a pod's egress policies do to its DNS queries. */
export interface DnsEgressVerdict {
  /** The policies that isolate the pod for egress, none of which admits the cluster DNS. */
  blocking: NetworkPolicy[];
  /** The DNS pods the verdict was evaluated against (real ones, or a stand-in with kube-dns's usual labels). */
  dnsPods: Pod[];
}

/**
 * Whether egress NetworkPolicies drop a pod's DNS queries: a pod isolated for
 * egress resolves names only if some selecting policy admits port 53 to the
 * cluster DNS pods. Evaluated against the CoreDNS pods of the snapshot, or —
 * when the snapshot has none (a namespace-scoped one without them) — against
 * a stand-in labelled `k8s-app=kube-dns` in kube-system, as every common
 * distribution labels them. Undefined when DNS is not blocked.
 */
export function dnsEgressVerdict(
  snapshot: ClusterSnapshot,
  pod: Pod,
): DnsEgressVerdict | undefined {
  const found = snapshot
    .list("pods", "kube-system")
    .filter((p) => p.metadata?.labels?.["k8s-app"] === DNS_LABELS["k8s-app"]);
  const dnsPods: Pod[] =
    found.length > 0
      ? [...found]
      : [{ metadata: { name: "coredns", namespace: "kube-system", labels: { ...DNS_LABELS } } }];
  // Only the source's egress decides: kube-system's own ingress policies are not ours to judge.
  const verdicts = dnsPods.map((dns) => networkPolicyVerdict(snapshot, pod, dns, DNS_PORT));
  const blocked = verdicts.every((v) => v !== undefined && !v.allowed && v.direction === "egress");
  const first = verdicts[0];
  return blocked && first !== undefined ? { blocking: first.blockingPolicies, dnsPods } : undefined;
}

/** "pods app=postgres on TCP/5432; 10.0.0.0/8 on any port" — what a policy's egress rules admit. */
export function describeEgress(policy: NetworkPolicy): string {
  const rules = policy.spec?.egress ?? [];
  if (rules.length === 0) return "nothing";
  return rules
    .map((rule) => {
      const peers =
        rule.to == null || rule.to.length === 0
          ? "any destination"
          : rule.to.map((p) => describePeer(p, policy.metadata?.namespace)).join(" or ");
      const ports =
        rule.ports == null || rule.ports.length === 0
          ? "any port"
          : rule.ports.map((p) => `${p.protocol ?? "TCP"}/${p.port ?? "*"}`).join(", ");
      return `${peers} on ${ports}`;
    })
    .join("; ");
}

function describePeer(peer: NetworkPolicyPeer, ns: string | undefined): string {
  if (peer.ipBlock != null) return peer.ipBlock.cidr ?? "an IP block";
  const pods = selectorText(peer.podSelector);
  if (peer.namespaceSelector != null) {
    const nss = selectorText(peer.namespaceSelector);
    return `pods ${pods ?? "(all)"} in namespaces ${nss ?? "(all)"}`;
  }
  return `pods ${pods ?? "(all)"} in ${ns ?? "its namespace"}`;
}

function selectorText(s: LabelSelector | null | undefined): string | undefined {
  return formatLabelSelector(s) || undefined;
}

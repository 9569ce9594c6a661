import { describe, expect, it } from "vitest";
import type { NetworkPolicy, Pod } from "../model/objects";
import { snapshotFromObjects } from "../model/snapshot/snapshotFromObjects";
import { scenarioVariant } from "../model/testing/scenarioVariant";
import { refKey } from "./Candidate";
import { correlateSnapshot } from "./correlateSnapshot";
import { describeEgress, dnsEgressVerdict } from "./dnsEgress";

const worker: Pod = {
  kind: "Pod",
  metadata: { name: "worker-1", namespace: "ledger", labels: { app: "worker" } },
};
const coredns = {
  kind: "Pod",
  metadata: { name: "coredns-1", namespace: "kube-system", labels: { "k8s-app": "kube-dns" } },
};
const egress = (rules: NonNullable<NetworkPolicy["spec"]>["egress"]): NetworkPolicy => ({
  kind: "NetworkPolicy",
  metadata: { name: "restrict", namespace: "ledger" },
  spec: { podSelector: { matchLabels: { app: "worker" } }, policyTypes: ["Egress"], egress: rules },
});
const toDb = { to: [{ podSelector: { matchLabels: { app: "db" } } }], ports: [{ port: 5432 }] };
const toDns = {
  to: [
    {
      namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "kube-system" } },
      podSelector: { matchLabels: { "k8s-app": "kube-dns" } },
    },
  ],
  ports: [
    { protocol: "UDP", port: 53 },
    { protocol: "TCP", port: 53 },
  ],
};

describe("dnsEgressVerdict", () => {
  it("says nothing when no policy isolates the pod for egress", () => {
    expect(dnsEgressVerdict(snapshotFromObjects([coredns]), worker)).toBeUndefined();
  });

  it("blocks DNS when the egress rules admit only other destinations", () => {
    const verdict = dnsEgressVerdict(snapshotFromObjects([coredns, egress([toDb])]), worker);
    expect(verdict?.blocking.map((p) => p.metadata?.name)).toEqual(["restrict"]);
  });

  it("allows DNS admitted by a rule, or by any policy selecting the pod", () => {
    expect(
      dnsEgressVerdict(snapshotFromObjects([coredns, egress([toDb, toDns])]), worker),
    ).toBeUndefined();
    const allowAll: NetworkPolicy = {
      kind: "NetworkPolicy",
      metadata: { name: "allow-dns", namespace: "ledger" },
      spec: { podSelector: {}, policyTypes: ["Egress"], egress: [{ ports: [{ port: 53 }] }] },
    };
    expect(
      dnsEgressVerdict(snapshotFromObjects([coredns, egress([toDb]), allowAll]), worker),
    ).toBeUndefined();
  });

  it("judges against kube-dns's usual labels when the snapshot holds no DNS pod", () => {
    expect(dnsEgressVerdict(snapshotFromObjects([egress([toDb])]), worker)?.dnsPods).toEqual([
      {
        metadata: { name: "coredns", namespace: "kube-system", labels: { "k8s-app": "kube-dns" } },
      },
    ]);
    expect(dnsEgressVerdict(snapshotFromObjects([egress([toDb, toDns])]), worker)).toBeUndefined();
  });

  it("describes what egress rules admit", () => {
    expect(describeEgress(egress([toDb, { to: [{ ipBlock: { cidr: "10.0.0.0/8" } }] }]))).toBe(
      "pods app=db in ledger on TCP/5432; 10.0.0.0/8 on any port",
    );
    expect(describeEgress(egress([]))).toBe("nothing");
  });
});

describe("a DNS failure caused by an egress policy (netpol-egress-blocks-dns)", () => {
  it("blames the policy, not DNS, and proposes a rule for port 53", async () => {
    const { snapshot } = await scenarioVariant("netpol-egress-blocks-dns");
    const [top] = await correlateSnapshot(snapshot, { namespace: "ledger" });
    expect(top?.category).toBe("NetworkPolicyBlocked");
    expect(refKey(top!.primary)).toBe("NetworkPolicy/ledger/restrict-egress");
    expect(top?.rootCause).toContain("although Service ledger/postgres exists");
    expect(top?.fixes[0]?.command).toContain('"port":53');
  });

  it("is a DNS failure again once the policy admits DNS", async () => {
    const { snapshot } = await scenarioVariant("netpol-egress-blocks-dns", {
      edit: (objects) => {
        const policy = objects.find((o) => o.metadata.name === "restrict-egress") as unknown as {
          spec: { egress: unknown[] };
        };
        policy.spec.egress.push(toDns);
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "ledger" });
    expect(top?.category).toBe("DNSFailure");
  });
});

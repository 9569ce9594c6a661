import { describe, expect, it } from "vitest";
import type { Pod } from "../model/objects";
import { snapshotFromObjects } from "../model/snapshot/snapshotFromObjects";
import { networkPolicyVerdict } from "./networkPolicyVerdict";

const pod = (name: string, ns: string, labels: Record<string, string>): Pod => ({
  kind: "Pod",
  metadata: { name, namespace: ns, labels },
});
const api = pod("api", "shop", { app: "api" });
const db = pod("db", "shop", { app: "db" });
const job = pod("report", "batch", { app: "report" });

function verdict(policies: object[], from: Pod, to: Pod, port = 5432) {
  const snapshot = snapshotFromObjects([
    ...policies,
    { kind: "Namespace", metadata: { name: "batch", labels: { team: "data" } } },
    { kind: "Namespace", metadata: { name: "shop" } },
  ]);
  return networkPolicyVerdict(snapshot, from, to, port);
}

const policy = (spec: object, ns = "shop") => ({
  kind: "NetworkPolicy",
  metadata: { name: "p", namespace: ns },
  spec,
});

describe("networkPolicyVerdict", () => {
  it("allows everything when no policy selects either pod", () => {
    expect(verdict([], api, db)).toBeUndefined();
  });

  it("blocks ingress to an isolated pod unless a rule admits the source and port", () => {
    const onlyApi = policy({
      podSelector: { matchLabels: { app: "db" } },
      ingress: [
        { from: [{ podSelector: { matchLabels: { app: "api" } } }], ports: [{ port: 5432 }] },
      ],
    });
    expect(verdict([onlyApi], api, db)?.allowed).toBe(true);
    expect(verdict([onlyApi], api, db, 5433)).toMatchObject({
      allowed: false,
      direction: "ingress",
    });
    expect(verdict([onlyApi], job, db)).toMatchObject({ allowed: false, direction: "ingress" });
    const denyAll = policy({ podSelector: {}, policyTypes: ["Ingress"] });
    expect(verdict([denyAll], api, db)?.blockingPolicies).toHaveLength(1);
  });

  it("matches namespace selectors, including the automatic metadata.name label", () => {
    const fromData = policy({
      podSelector: { matchLabels: { app: "db" } },
      ingress: [{ from: [{ namespaceSelector: { matchLabels: { team: "data" } } }] }],
    });
    expect(verdict([fromData], job, db)?.allowed).toBe(true);
    const byName = policy({
      podSelector: {},
      ingress: [
        {
          from: [
            {
              namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "batch" } },
              podSelector: { matchLabels: { app: "other" } },
            },
          ],
        },
      ],
    });
    expect(verdict([byName], job, db)?.allowed).toBe(false);
  });

  it("checks egress of the source first", () => {
    const noEgress = policy({
      podSelector: { matchLabels: { app: "api" } },
      policyTypes: ["Egress"],
      egress: [{ to: [{ podSelector: { matchLabels: { app: "cache" } } }] }],
    });
    expect(verdict([noEgress], api, db)).toMatchObject({ allowed: false, direction: "egress" });
  });
});

import { describe, expect, it } from "vitest";
import type { LogSource } from "../model/snapshot/LogSource";
import { snapshotFromObjects } from "../model/snapshot/snapshotFromObjects";
import { correlateSnapshot } from "./correlateSnapshot";

const now = Date.parse("2026-01-01T12:00:00Z");
const started = "2026-01-01T10:00:00Z";

function runningPod(name: string, labels: Record<string, string>, env: object[] = []) {
  return {
    kind: "Pod",
    metadata: {
      name,
      namespace: "shop",
      labels,
      creationTimestamp: started,
      ownerReferences: [{ kind: "ReplicaSet", name: `${labels.app ?? "x"}-1` }],
    },
    spec: { containers: [{ name: "app", env }] },
    status: {
      phase: "Running",
      podIP: "10.244.1.5",
      conditions: [{ type: "Ready", status: "True" }],
      containerStatuses: [
        { name: "app", ready: true, restartCount: 0, state: { running: { startedAt: started } } },
      ],
    },
  };
}

function workload(app: string) {
  return [
    {
      kind: "Deployment",
      metadata: { name: app, namespace: "shop" },
      spec: { replicas: 1 },
      status: { replicas: 1, readyReplicas: 1 },
    },
    {
      kind: "ReplicaSet",
      metadata: {
        name: `${app}-1`,
        namespace: "shop",
        ownerReferences: [{ kind: "Deployment", name: app }],
      },
    },
  ];
}

const logs = (byPod: Record<string, string>): LogSource => ({
  read: (r) =>
    byPod[r.pod] === undefined
      ? Promise.reject(new Error("no log"))
      : Promise.resolve(byPod[r.pod]!),
});

describe("causes found in the logs of pods that look healthy", () => {
  it("names the NetworkPolicy that drops a connection, with a patch that admits exactly that traffic", async () => {
    const snapshot = snapshotFromObjects(
      [
        ...workload("orders"),
        ...workload("postgres"),
        runningPod("orders-1-a", { app: "orders" }),
        runningPod("postgres-1-a", { app: "postgres" }),
        {
          kind: "Service",
          metadata: { name: "postgres", namespace: "shop" },
          spec: {
            clusterIP: "10.96.0.20",
            selector: { app: "postgres" },
            ports: [{ port: 5432, targetPort: 5432 }],
          },
        },
        {
          kind: "NetworkPolicy",
          metadata: { name: "db-ingress", namespace: "shop" },
          spec: {
            podSelector: { matchLabels: { app: "postgres" } },
            ingress: [
              {
                from: [{ podSelector: { matchLabels: { app: "backup" } } }],
                ports: [{ port: 5432 }],
              },
            ],
          },
        },
      ],
      {
        logs: logs({
          "orders-1-a": "starting\nerror: dial tcp 10.96.0.20:5432: i/o timeout\nretrying in 5s\n",
        }),
        now,
      },
    );
    const [top] = await correlateSnapshot(snapshot, { namespace: "shop" });
    expect(top?.category).toBe("NetworkPolicyBlocked");
    expect(top?.primary).toEqual({ kind: "NetworkPolicy", namespace: "shop", name: "db-ingress" });
    expect(top?.rootCause).toContain("Service shop/postgres");
    expect(top?.evidence.map((e) => e.excerpt).join("\n")).toContain("i/o timeout");
    const patch = top?.fixes.find((f) => f.command?.startsWith("patch networkpolicy db-ingress"));
    expect(patch?.command).toContain('"podSelector":{"matchLabels":{"app":"orders"}}');
    expect(patch?.requiresApproval).toBe(true);
  });

  it("stays silent when a policy allows the connection", async () => {
    const snapshot = snapshotFromObjects(
      [
        ...workload("orders"),
        runningPod("orders-1-a", { app: "orders" }),
        runningPod("postgres-1-a", { app: "postgres" }),
        {
          kind: "Service",
          metadata: { name: "postgres", namespace: "shop" },
          spec: { clusterIP: "10.96.0.20", selector: { app: "postgres" }, ports: [{ port: 5432 }] },
        },
        {
          kind: "NetworkPolicy",
          metadata: { name: "db", namespace: "shop" },
          spec: {
            podSelector: { matchLabels: { app: "postgres" } },
            ingress: [{ from: [{ podSelector: { matchLabels: { app: "orders" } } }] }],
          },
        },
      ],
      { logs: logs({ "orders-1-a": "dial tcp 10.96.0.20:5432: i/o timeout" }), now },
    );
    expect(await correlateSnapshot(snapshot, { namespace: "shop" })).toEqual([]);
  });

  it("explains a DNS failure by the Service that does not exist and proposes the similar one", async () => {
    const snapshot = snapshotFromObjects(
      [
        ...workload("orders"),
        runningPod("orders-1-a", { app: "orders" }, [
          { name: "DB_HOST", value: "postgress.shop.svc.cluster.local" },
        ]),
        {
          kind: "Service",
          metadata: { name: "postgres", namespace: "shop" },
          spec: { selector: { app: "postgres" } },
        },
      ],
      {
        logs: logs({
          "orders-1-a":
            "dial tcp: lookup postgress.shop.svc.cluster.local on 10.96.0.10:53: no such host\n",
        }),
        now,
      },
    );
    const [top] = await correlateSnapshot(snapshot, { namespace: "shop" });
    expect(top?.category).toBe("DNSFailure");
    expect(top?.rootCause).toContain(
      "there is no Service postgress in namespace shop (existing: postgres)",
    );
    expect(top?.fixes.map((f) => f.command)).toContain(
      "set env deployment/orders -c app DB_HOST=postgres.shop.svc.cluster.local -n shop",
    );
  });

  it("redacts credentials in the log lines it quotes", async () => {
    const snapshot = snapshotFromObjects(
      [...workload("orders"), runningPod("orders-1-a", { app: "orders" })],
      {
        logs: logs({
          "orders-1-a":
            'connecting to postgres://orders:s3cr3t-pw@db.shop:5432\nlevel=error msg="lookup db.shop: no such host" password=s3cr3t-pw',
        }),
        now,
      },
    );
    const candidates = await correlateSnapshot(snapshot, { namespace: "shop" });
    expect(candidates.length).toBeGreaterThan(0);
    expect(JSON.stringify(candidates)).not.toContain("s3cr3t-pw");
  });
});

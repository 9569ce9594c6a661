import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startDemoCluster, type DemoCluster } from "../src/index";
import { call } from "./api-client";

/**
 * Approved fixes become visible: for each fault scenario, the fix a good
 * diagnosis recommends is applied through the API and the reconciler's
 * rules (docs/demo-cluster.md) must turn the symptom healthy, while a wrong
 * fix must not.
 */
let cluster: DemoCluster;
beforeAll(async () => {
  cluster = await startDemoCluster();
});
afterAll(async () => {
  await cluster.close();
});
// Every test starts from the loaded scenarios: pods a fix created in one namespace take node
// capacity that another test's fix may need, and the scheduler would rightly refuse it.
afterEach(async () => {
  await cluster.reset();
});

type Obj = Record<string, unknown>;
const SMP = "application/strategic-merge-patch+json";
const MERGE = "application/merge-patch+json";
const JSONP = "application/json-patch+json";

async function get(path: string): Promise<Obj> {
  const r = await call(cluster, "GET", path);
  expect(r.status, path).toBe(200);
  return r.json();
}
async function patch(path: string, body: unknown, contentType: string): Promise<void> {
  const r = await call(cluster, "PATCH", path, { body, contentType });
  expect(r.status, `${path}: ${r.text}`).toBe(200);
}
async function pods(
  ns: string,
  selector: string,
): Promise<{ name: string; phase: string; ready: boolean; reason: string }[]> {
  const list = await get(
    `/api/v1/namespaces/${ns}/pods?labelSelector=${encodeURIComponent(selector)}`,
  );
  return (list.items as Obj[]).map((p) => {
    const status = p.status as Obj;
    const cs = ((status.containerStatuses as Obj[] | undefined) ?? [])[0] ?? {};
    const waiting = ((cs.state as Obj | undefined)?.waiting as Obj | undefined)?.reason;
    return {
      name: (p.metadata as Obj).name as string,
      phase: status.phase as string,
      ready: cs.ready === true,
      reason: (waiting as string | undefined) ?? "",
    };
  });
}
const allReady = (list: { ready: boolean }[]): boolean =>
  list.length > 0 && list.every((p) => p.ready);

describe("reconciler: fixes make scenarios healthy", () => {
  it("nothing moves until something is written", async () => {
    await new Promise((r) => setTimeout(r, 200));
    expect((await pods("shop", "app=checkout")).map((p) => p.reason)).toEqual([
      "CrashLoopBackOff",
      "CrashLoopBackOff",
    ]);
  });

  it("crash loop: setting the missing env var rolls out running pods; an unrelated change does not", async () => {
    await patch(
      "/apis/apps/v1/namespaces/shop/deployments/checkout",
      {
        spec: {
          template: {
            spec: {
              containers: [{ name: "checkout", env: [{ name: "LOG_LEVEL", value: "debug" }] }],
            },
          },
        },
      },
      SMP,
    );
    expect((await pods("shop", "app=checkout")).some((p) => p.reason === "CrashLoopBackOff")).toBe(
      true,
    );
    await patch(
      "/apis/apps/v1/namespaces/shop/deployments/checkout",
      {
        spec: {
          template: {
            spec: {
              containers: [
                {
                  name: "checkout",
                  env: [
                    {
                      name: "DATABASE_URL",
                      valueFrom: { secretKeyRef: { name: "checkout-db", key: "DATABASE_URL" } },
                    },
                  ],
                },
              ],
            },
          },
        },
      },
      SMP,
    );
    const after = await pods("shop", "app=checkout");
    expect(after).toHaveLength(2);
    expect(allReady(after)).toBe(true);
    const d = await get("/apis/apps/v1/namespaces/shop/deployments/checkout");
    expect(d.status).toMatchObject({ readyReplicas: 2, availableReplicas: 2, updatedReplicas: 2 });
    expect(
      ((await get("/api/v1/namespaces/shop/endpoints/checkout")).subsets as Obj[])[0]?.addresses,
    ).toHaveLength(2);
  });

  it("OOMKilled: raising the memory limit fixes it; a too small raise does not", async () => {
    const path = "/apis/apps/v1/namespaces/analytics/deployments/report-worker";
    const limit = (memory: string): Obj => ({
      spec: {
        template: {
          spec: { containers: [{ name: "report-worker", resources: { limits: { memory } } }] },
        },
      },
    });
    await patch(path, limit("512Mi"), SMP);
    const still = await pods("analytics", "app=report-worker");
    expect(still.some((p) => p.reason === "CrashLoopBackOff")).toBe(true);
    const log = await call(
      cluster,
      "GET",
      `/api/v1/namespaces/analytics/pods/${still.find((p) => p.reason === "CrashLoopBackOff")?.name ?? ""}/log?previous=true`,
    );
    expect(log.text).toContain("building aggregation index");
    await patch(path, limit("2Gi"), SMP);
    expect(allReady(await pods("analytics", "app=report-worker"))).toBe(true);
  });

  it("ImagePullBackOff: a tag the registry knows runs, another made-up tag does not", async () => {
    const path = "/apis/apps/v1/namespaces/payments/deployments/payments-api";
    const image = (tag: string): Obj => ({
      spec: {
        template: {
          spec: {
            containers: [{ name: "payments-api", image: `ghcr.io/acme/payments-api:${tag}` }],
          },
        },
      },
    });
    await patch(path, image("v2.4"), SMP);
    expect((await pods("payments", "app=payments-api")).map((p) => p.reason)).toEqual([
      "ImagePullBackOff",
      "ImagePullBackOff",
    ]);
    await patch(path, image("v2.3.1"), SMP);
    expect(allReady(await pods("payments", "app=payments-api"))).toBe(true);
  });

  it("missing ConfigMap key and missing Secret: creating them starts the waiting pods", async () => {
    await patch(
      "/api/v1/namespaces/inventory/configmaps/inventory-config",
      { data: { SYNC_INTERVAL_SECONDS: "300" } },
      MERGE,
    );
    expect(allReady(await pods("inventory", "app=inventory-sync"))).toBe(true);
    const created = await call(cluster, "POST", "/api/v1/namespaces/billing/secrets", {
      body: {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: "invoice-db-credentials" },
        stringData: { password: "x" },
        data: { password: "eA==" },
      },
    });
    expect(created.status).toBe(201);
    expect(allReady(await pods("billing", "app=invoice-api"))).toBe(true);
  });

  it("Pending: smaller requests schedule; a toleration opens the GPU node", async () => {
    await patch(
      "/apis/apps/v1/namespaces/ml/deployments/trainer",
      {
        spec: {
          template: {
            spec: {
              containers: [
                {
                  name: "trainer",
                  resources: {
                    requests: { cpu: "1", memory: "2Gi" },
                    limits: { cpu: "1", memory: "4Gi" },
                  },
                },
              ],
            },
          },
        },
      },
      SMP,
    );
    const trainer = await pods("ml", "app=trainer");
    expect(trainer).toHaveLength(1);
    expect(trainer[0]?.ready).toBe(true);
    await patch(
      "/apis/apps/v1/namespaces/vision/deployments/inference",
      [
        {
          op: "add",
          path: "/spec/template/spec/tolerations",
          value: [{ key: "nvidia.com/gpu", operator: "Exists", effect: "NoSchedule" }],
        },
      ],
      JSONP,
    );
    const inference = await get("/api/v1/namespaces/vision/pods?labelSelector=app%3Dinference");
    expect((inference.items as Obj[]).map((p) => (p.spec as Obj).nodeName)).toEqual([
      "gpu-a100-1",
      "gpu-a100-1",
    ]);
  });

  it("probe port, Service selector, StorageClass and quota fixes", async () => {
    await patch(
      "/apis/apps/v1/namespaces/catalog/deployments/catalog-api",
      [
        {
          op: "replace",
          path: "/spec/template/spec/containers/0/readinessProbe/httpGet/port",
          value: 8080,
        },
      ],
      JSONP,
    );
    expect(allReady(await pods("catalog", "app=catalog-api"))).toBe(true);
    await patch(
      "/api/v1/namespaces/web/services/frontend",
      { spec: { selector: { "app.kubernetes.io/name": "frontend" } } },
      SMP,
    );
    const slices = await get(
      "/apis/discovery.k8s.io/v1/namespaces/web/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dfrontend",
    );
    expect(((slices.items as Obj[])[0]?.endpoints as Obj[]).length).toBe(3);
    const sc = await call(cluster, "POST", "/apis/storage.k8s.io/v1/storageclasses", {
      body: {
        apiVersion: "storage.k8s.io/v1",
        kind: "StorageClass",
        metadata: { name: "fast-ssd" },
        provisioner: "ebs.csi.aws.com",
      },
    });
    expect(sc.status).toBe(201);
    expect(
      (await get("/api/v1/namespaces/data/persistentvolumeclaims/data-clickhouse-0")).status,
    ).toMatchObject({ phase: "Bound" });
    expect(allReady(await pods("data", "app=clickhouse"))).toBe(true);
    await patch(
      "/api/v1/namespaces/team-a/resourcequotas/compute-quota",
      { spec: { hard: { "limits.cpu": "6" } } },
      MERGE,
    );
    expect(await pods("team-a", "app=reporting")).toHaveLength(3);
    expect(
      (await get("/api/v1/namespaces/team-a/resourcequotas/compute-quota")).status,
    ).toMatchObject({ used: { "limits.cpu": "6" } });
  });

  it("a ReplicaSet over quota records FailedCreate with the API server's wording", async () => {
    // reporting (1 pod) and dashboards (3 pods) use the quota's 4 CPUs of limits.
    await patch(
      "/apis/apps/v1/namespaces/team-a/deployments/dashboards/scale",
      { spec: { replicas: 4 } },
      MERGE,
    );
    const events = await get(
      "/api/v1/namespaces/team-a/events?fieldSelector=reason%3DFailedCreate,involvedObject.name%3Ddashboards-7d4c6b9f8b",
    );
    expect(JSON.stringify(events.items)).toMatch(
      /exceeded quota: compute-quota, requested: limits\.cpu=1, used: limits\.cpu=4, limited: limits\.cpu=4/,
    );
  });

  it("stuck rollout: undo to the previous ReplicaSet removes the unready pod", async () => {
    const rs = await get("/apis/apps/v1/namespaces/orders/replicasets/orders-api-5b8d7c6f9d");
    await patch(
      "/apis/apps/v1/namespaces/orders/deployments/orders-api",
      [
        {
          op: "replace",
          path: "/spec/template",
          value: {
            ...((rs.spec as Obj).template as Obj),
            metadata: { labels: { app: "orders-api" } },
          },
        },
      ],
      JSONP,
    );
    const list = await pods("orders", "app=orders-api");
    expect(list).toHaveLength(3);
    expect(allReady(list)).toBe(true);
    const d = await get("/apis/apps/v1/namespaces/orders/deployments/orders-api");
    expect((d.metadata as Obj).annotations).toMatchObject({
      "deployment.kubernetes.io/revision": "6",
    });
    expect(
      ((d.status as Obj).conditions as Obj[]).find((c) => c.type === "Progressing"),
    ).toMatchObject({ status: "True", reason: "NewReplicaSetAvailable" });
  });

  it("rollout stuck on quota: a raise too small for the surge pod keeps it stuck; enough quota completes it", async () => {
    const quota = "/api/v1/namespaces/fulfilment/resourcequotas/fulfilment-quota";
    const images = async (): Promise<string[]> =>
      (
        (await get("/api/v1/namespaces/fulfilment/pods?labelSelector=app%3Dshipping-api"))
          .items as Obj[]
      )
        .map((p) => (((p.spec as Obj).containers as Obj[])[0]?.image as string) ?? "")
        .sort();
    const before = await images();
    expect(before).toEqual(Array(3).fill("ghcr.io/acme/shipping-api:v3.4.2"));
    // 7Gi used + 2Gi for the surge pod: 8.5Gi still refuses it, nothing moves.
    await patch(quota, { spec: { hard: { "limits.memory": "8704Mi" } } }, MERGE);
    expect(await images()).toEqual(before);
    // Room for the surge pod: the rollout runs to the end, the old pods go.
    await patch(quota, { spec: { hard: { "limits.memory": "10Gi" } } }, MERGE);
    expect(await images()).toEqual(Array(3).fill("ghcr.io/acme/shipping-api:v3.5.0"));
    expect(allReady(await pods("fulfilment", "app=shipping-api"))).toBe(true);
    expect((await get(quota)).status).toMatchObject({ used: { "limits.memory": "10Gi" } });
  });

  it("HPA: CPU requests let it compute utilisation and scale out", async () => {
    await patch(
      "/apis/apps/v1/namespaces/search/deployments/search-api",
      {
        spec: {
          template: {
            spec: { containers: [{ name: "search-api", resources: { requests: { cpu: "1" } } }] },
          },
        },
      },
      SMP,
    );
    const hpa = await get(
      "/apis/autoscaling/v2/namespaces/search/horizontalpodautoscalers/search-api",
    );
    expect(
      ((hpa.status as Obj).conditions as Obj[]).find((c) => c.type === "ScalingActive"),
    ).toMatchObject({ status: "True", reason: "ValidMetricFound" });
    expect((hpa.status as Obj).desiredReplicas).toBeGreaterThan(2);
    expect(
      ((await get("/apis/apps/v1/namespaces/search/deployments/search-api")).spec as Obj).replicas,
    ).toBe((hpa.status as Obj).desiredReplicas);
  });

  it("Job: re-running the same image fails again (BackoffLimitExceeded), the fixed image completes", async () => {
    const job = (tag: string): Obj => ({
      apiVersion: "batch/v1",
      kind: "Job",
      metadata: { name: "db-migrate" },
      spec: {
        backoffLimit: 1,
        template: {
          spec: {
            restartPolicy: "Never",
            containers: [{ name: "migrate", image: `ghcr.io/acme/migrations:${tag}` }],
          },
        },
      },
    });
    const rerun = async (tag: string): Promise<Obj> => {
      expect(
        (await call(cluster, "DELETE", "/apis/batch/v1/namespaces/batch/jobs/db-migrate")).status,
      ).toBe(200);
      expect(
        (await call(cluster, "POST", "/apis/batch/v1/namespaces/batch/jobs", { body: job(tag) }))
          .status,
      ).toBe(201);
      return (await get("/apis/batch/v1/namespaces/batch/jobs/db-migrate")).status as Obj;
    };
    const failed = await rerun("2025.11.3");
    expect(failed).toMatchObject({ failed: 2 });
    expect((failed.conditions as Obj[]).find((c) => c.type === "Failed")).toMatchObject({
      reason: "BackoffLimitExceeded",
    });
    const failedPods = await pods("batch", "job-name!=x,batch.kubernetes.io/job-name=db-migrate");
    expect(failedPods.map((p) => p.phase)).toEqual(["Failed", "Failed"]);
    const log = await call(
      cluster,
      "GET",
      `/api/v1/namespaces/batch/pods/${failedPods[0]?.name ?? ""}/log`,
    );
    expect(log.text).toContain("users_email_key");
    const done = await rerun("2025.11.4");
    expect(done).toMatchObject({ succeeded: 1 });
    expect((done.conditions as Obj[]).map((c) => c.type)).toContain("Complete");
  });

  it("a write that changes nothing keeps a stuck rollout's status as the deployment controller counts it", async () => {
    const path = "/apis/apps/v1/namespaces/loyalty/deployments/points-api";
    const before = (await get(path)).status as Obj;
    expect(before).toMatchObject({ replicas: 5, availableReplicas: 3, unavailableReplicas: 2 });
    // A ReplicaSet write makes the controller recount the deployment's status.
    await patch(
      "/apis/apps/v1/namespaces/loyalty/replicasets/points-api-58c7d9f6b",
      { metadata: { annotations: { "example.com/touched": "yes" } } },
      MERGE,
    );
    // Unavailable counts the surge pod too: 3 + 2 wanted by the ReplicaSets, 3 available.
    expect((await get(path)).status).toMatchObject({
      replicas: 5,
      availableReplicas: 3,
      unavailableReplicas: 2,
    });
  });

  it("multi-cause: fixing the image tag reveals the missing ConfigMap key it hid; adding the key starts the pods", async () => {
    const path = "/apis/apps/v1/namespaces/loyalty/deployments/points-api";
    const before = await pods("loyalty", "app=points-api");
    expect(before.filter((p) => p.reason === "ImagePullBackOff")).toHaveLength(2);
    await patch(
      path,
      {
        spec: {
          template: {
            spec: { containers: [{ name: "points-api", image: "ghcr.io/acme/points-api:1.9.0" }] },
          },
        },
      },
      SMP,
    );
    // The pull now succeeds, so the kubelet gets to the env: the second fault shows.
    const list = await get(
      `/api/v1/namespaces/loyalty/pods?labelSelector=${encodeURIComponent("app=points-api")}`,
    );
    const waiting = (list.items as Obj[])
      .map(
        (p) =>
          (((p.status as Obj).containerStatuses as Obj[])[0]?.state as Obj).waiting as
            Obj | undefined,
      )
      .filter((w) => w !== undefined);
    expect(waiting.length).toBeGreaterThan(0);
    for (const w of waiting) {
      expect(w.reason).toBe("CreateContainerConfigError");
      expect(w.message).toContain(
        "couldn't find key POINTS_EXPIRY_DAYS in ConfigMap loyalty/points-config",
      );
    }
    expect((await get(path)).status).not.toMatchObject({ updatedReplicas: 4, readyReplicas: 4 });
    await patch(
      "/api/v1/namespaces/loyalty/configmaps/points-config",
      { data: { POINTS_EXPIRY_DAYS: "365" } },
      MERGE,
    );
    const after = await pods("loyalty", "app=points-api");
    expect(after).toHaveLength(4);
    expect(allReady(after)).toBe(true);
  });

  it("multi-cause: raising the pod quota lets the blocked fix roll out and the crash loop ends", async () => {
    expect((await pods("pricing", "app=pricing-api")).map((p) => p.reason)).toEqual([
      "CrashLoopBackOff",
      "CrashLoopBackOff",
      "CrashLoopBackOff",
    ]);
    await patch(
      "/api/v1/namespaces/pricing/resourcequotas/pricing-quota",
      { spec: { hard: { pods: "7" } } },
      MERGE,
    );
    const after = await pods("pricing", "app=pricing-api");
    expect(after).toHaveLength(3);
    expect(allReady(after)).toBe(true);
    const dep = (await get("/apis/apps/v1/namespaces/pricing/deployments/pricing-api"))
      .status as Obj;
    expect(dep).toMatchObject({ updatedReplicas: 3, readyReplicas: 3 });
  });

  it("NetworkPolicy: a restart or the wrong port changes nothing; admitting DNS, or portal-web -> portal-api, makes the pods ready; removing it breaks them again", async () => {
    const worker = "/apis/apps/v1/namespaces/ledger/deployments/ledger-worker";
    await patch(
      worker,
      {
        spec: {
          template: { metadata: { annotations: { "kubectl.kubernetes.io/restartedAt": "now" } } },
        },
      },
      SMP,
    );
    expect(
      (await pods("ledger", "app=ledger-worker")).some((p) => p.reason === "CrashLoopBackOff"),
    ).toBe(true);
    const policy = "/apis/networking.k8s.io/v1/namespaces/ledger/networkpolicies/restrict-egress";
    const dns = (protocol: string): Obj[] => [
      {
        op: "add",
        path: "/spec/egress/-",
        value: {
          to: [
            {
              namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "kube-system" } },
              podSelector: { matchLabels: { "k8s-app": "kube-dns" } },
            },
          ],
          ports: [{ protocol, port: 53 }],
        },
      },
    ];
    await patch(policy, dns("TCP"), JSONP);
    expect(allReady(await pods("ledger", "app=ledger-worker"))).toBe(false);
    await patch(policy, dns("UDP"), JSONP);
    expect(allReady(await pods("ledger", "app=ledger-worker"))).toBe(true);
    const status = (await get(worker)).status as Obj;
    expect(status.readyReplicas).toBe((((await get(worker)).spec as Obj).replicas as number) ?? 1);

    // A new allow policy is as good a fix as a rule on default-deny.
    const web = "app.kubernetes.io/name=portal-web";
    expect(allReady(await pods("portal", web))).toBe(false);
    const created = await call(
      cluster,
      "POST",
      "/apis/networking.k8s.io/v1/namespaces/portal/networkpolicies",
      {
        body: {
          apiVersion: "networking.k8s.io/v1",
          kind: "NetworkPolicy",
          metadata: { name: "allow-web-to-api", namespace: "portal" },
          spec: {
            podSelector: { matchLabels: { "app.kubernetes.io/name": "portal-api" } },
            policyTypes: ["Ingress"],
            ingress: [
              {
                from: [
                  { podSelector: { matchLabels: { "app.kubernetes.io/name": "portal-web" } } },
                ],
                ports: [{ port: 8080 }],
              },
            ],
          },
        },
      },
    );
    expect(created.status, created.text).toBe(201);
    expect(allReady(await pods("portal", web))).toBe(true);
    const removed = await call(
      cluster,
      "DELETE",
      "/apis/networking.k8s.io/v1/namespaces/portal/networkpolicies/allow-web-to-api",
    );
    expect(removed.status).toBe(200);
    expect(allReady(await pods("portal", web))).toBe(false);
  });
});

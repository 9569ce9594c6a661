import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  EventsV1Api,
  KubeConfig,
  makeInformer,
  PatchStrategy,
  setHeaderOptions,
  Watch,
  type V1Pod,
} from "@kubernetes/client-node";
import { request, type RequestOptions } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoCluster, type DemoCluster } from "../src/index";
import { until } from "./api-client";

/**
 * The kubectl conformance checks, through @kubernetes/client-node (what the
 * kube package uses): reads with selectors, events in both APIs, logs,
 * patches and scale with their effect, watch and an informer, 401 on a bad
 * token, Status errors surfacing as ApiException.
 */
let cluster: DemoCluster;
let kc: KubeConfig;
let core: CoreV1Api;
let apps: AppsV1Api;

beforeAll(async () => {
  cluster = await startDemoCluster({
    scenarios: ["crashloop-missing-env", "readiness-wrong-port", "node-notready", "quota-exceeded"],
  });
  kc = new KubeConfig();
  kc.loadFromString(cluster.kubeconfig());
  core = kc.makeApiClient(CoreV1Api);
  apps = kc.makeApiClient(AppsV1Api);
});
afterAll(async () => {
  await cluster.close();
});

describe("client-node against the demo cluster", () => {
  it("uses the kubeconfig's context, CA and token; a wrong token is a 401", async () => {
    expect(kc.getCurrentContext()).toBe("kubemedic-demo");
    const namespaces = await core.listNamespace();
    expect(namespaces.items.map((n) => n.metadata?.name)).toEqual(
      expect.arrayContaining([
        "default",
        "kube-system",
        "kube-public",
        "kube-node-lease",
        "shop",
        "catalog",
        "iot",
        "team-a",
      ]),
    );
    const bad = new KubeConfig();
    bad.loadFromString(cluster.kubeconfig().replace(cluster.token, "wrong-token"));
    await expect(bad.makeApiClient(CoreV1Api).listNamespace()).rejects.toMatchObject({ code: 401 });
  });

  it("reads typed objects with selectors, across namespaces", async () => {
    const pods = await core.listNamespacedPod({ namespace: "shop", labelSelector: "app=checkout" });
    expect(pods.items.map((p) => p.metadata?.name)).toEqual([
      "checkout-7d9c5b6f4-m4zq9",
      "checkout-7d9c5b6f4-x8k2p",
    ]);
    const waiting = pods.items[0]?.status?.containerStatuses?.[0];
    expect(waiting?.state?.waiting?.reason).toBe("CrashLoopBackOff");
    expect(waiting?.lastState?.terminated?.exitCode).toBe(1);
    expect(waiting?.lastState?.terminated?.finishedAt).toBeInstanceOf(Date);
    const onEdge = await core.listPodForAllNamespaces({
      fieldSelector: "spec.nodeName=edge-worker-1",
    });
    expect(onEdge.items.every((p) => p.metadata?.namespace === "iot")).toBe(true);
    const deployment = await apps.readNamespacedDeployment({
      name: "catalog-api",
      namespace: "catalog",
    });
    expect(deployment.status?.conditions?.find((c) => c.type === "Progressing")?.reason).toBe(
      "ProgressDeadlineExceeded",
    );
    const quota = await core.readNamespacedResourceQuota({
      name: "compute-quota",
      namespace: "team-a",
    });
    expect(quota.status?.used?.["limits.cpu"]).toBe("4");
  });

  it("selects with set-based label selectors", async () => {
    const names = async (labelSelector: string): Promise<string[]> =>
      (await core.listPodForAllNamespaces({ labelSelector })).items
        .map((p) => `${p.metadata?.namespace ?? ""}/${p.metadata?.name ?? ""}`)
        .sort();
    const checkoutOrCart = await names("app in (checkout, cart)");
    expect(checkoutOrCart).toHaveLength(4);
    expect(checkoutOrCart.every((n) => /^shop\/(checkout|cart)-/.test(n))).toBe(true);
    // notin with an existence requirement: pods that have an app label, other than those two.
    const others = await names("app,app notin (checkout,cart)");
    expect(others).toContain("shop/postgres-0");
    expect(others.some((n) => checkoutOrCart.includes(n))).toBe(false);
    // Pods without any app label: the control plane's static pods use component=… instead.
    const withoutApp = await names("!app");
    expect(withoutApp.length).toBeGreaterThan(0);
    expect(withoutApp.some((n) => others.includes(n) || checkoutOrCart.includes(n))).toBe(false);
    await expect(
      core.listPodForAllNamespaces({ labelSelector: "app in (checkout" }),
    ).rejects.toMatchObject({ code: 400 });
  });

  it("asks for kubectl's Table: negotiated for the typed client, rows through a raw request", async () => {
    const accept = "application/json;as=Table;v=v1;g=meta.k8s.io";
    // The typed client sends the Accept header and gets a Table, but deserializes it as a
    // PodList, keeping only kind/apiVersion/metadata (why the kube package has its own transport).
    const typed = (await core.listNamespacedPod(
      { namespace: "shop" },
      setHeaderOptions("Accept", accept),
    )) as unknown as { kind?: string };
    expect(typed.kind).toBe("Table");
    // The same request with client-node's own TLS and token, reading the body as sent.
    const options: RequestOptions = { headers: { Accept: accept } };
    await kc.applyToHTTPSOptions(options);
    const url = new URL("/api/v1/namespaces/shop/pods", kc.getCurrentCluster()?.server);
    const table = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request(url, options, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString("utf8")));
        res.on("end", () => resolve(JSON.parse(body) as Record<string, unknown>));
      });
      req.on("error", reject);
      req.end();
    });
    expect(table).toMatchObject({ kind: "Table", apiVersion: "meta.k8s.io/v1" });
    const columns = (table.columnDefinitions as { name: string }[]).map((c) => c.name);
    expect(columns.slice(0, 5)).toEqual(["Name", "Ready", "Status", "Restarts", "Age"]);
    const rows = table.rows as { cells: unknown[] }[];
    const checkout = rows.find((r) => r.cells[0] === "checkout-7d9c5b6f4-x8k2p");
    expect(checkout?.cells.slice(1, 3)).toEqual(["0/1", "CrashLoopBackOff"]);
  });

  it("reads events through both APIs and filters by involved object", async () => {
    const events = await core.listNamespacedEvent({
      namespace: "catalog",
      fieldSelector: "involvedObject.name=catalog-api-66c9d8b7f5-j7x4n,reason=Unhealthy",
    });
    expect(events.items).toHaveLength(1);
    expect(events.items[0]?.message).toContain(
      "dial tcp 10.244.1.91:8081: connect: connection refused",
    );
    expect(events.items[0]?.count).toBe(598);
    const newer = await kc
      .makeApiClient(EventsV1Api)
      .listNamespacedEvent({ namespace: "iot", fieldSelector: "reason=FailedScheduling" });
    expect(newer.items.length).toBeGreaterThan(0);
    expect(newer.items[0]?.series?.count).toBe(8);
    expect(newer.items[0]?.note).toContain("untolerated taint {node.kubernetes.io/unreachable: }");
  });

  it("reads logs with previous and tailLines, and gets a Status error for a container that never ran", async () => {
    const log = await core.readNamespacedPodLog({
      name: "checkout-7d9c5b6f4-m4zq9",
      namespace: "shop",
      previous: true,
      tailLines: 1,
    });
    expect(log.trim()).toContain("DATABASE_URL is not set");
    const error = await core
      .readNamespacedPodLog({
        name: "catalog-api-66c9d8b7f5-j7x4n",
        namespace: "catalog",
        container: "sidecar",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiException);
    expect((error as ApiException<string>).code).toBe(400);
    expect(String((error as ApiException<string>).body)).toContain(
      "container sidecar is not valid for pod catalog-api-66c9d8b7f5-j7x4n",
    );
  });

  it("patches and scales, and the reconciler makes the effect visible", async () => {
    await apps.patchNamespacedDeployment(
      {
        name: "catalog-api",
        namespace: "catalog",
        body: [
          {
            op: "replace",
            path: "/spec/template/spec/containers/0/readinessProbe/httpGet/port",
            value: 8080,
          },
        ],
      },
      setHeaderOptions("Content-Type", PatchStrategy.JsonPatch),
    );
    const pods = await core.listNamespacedPod({
      namespace: "catalog",
      labelSelector: "app=catalog-api",
    });
    expect(pods.items).toHaveLength(2);
    expect(pods.items.every((p) => p.status?.containerStatuses?.[0]?.ready === true)).toBe(true);
    const endpoints = await core.readNamespacedEndpoints({
      name: "catalog-api",
      namespace: "catalog",
    });
    expect(endpoints.subsets?.[0]?.addresses).toHaveLength(2);
    expect(endpoints.subsets?.[0]?.notReadyAddresses).toBeUndefined();
    const scale = await apps.patchNamespacedDeploymentScale(
      { name: "reporting", namespace: "team-a", body: { spec: { replicas: 1 } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    expect(scale.spec?.replicas).toBe(1);
    const rs = (
      await apps.listNamespacedReplicaSet({ namespace: "team-a", labelSelector: "app=reporting" })
    ).items[0];
    expect(rs?.status?.conditions ?? []).toEqual([]);
    const refused = await apps
      .patchNamespacedDeployment(
        { name: "nope", namespace: "team-a", body: {} },
        setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
      )
      .catch((e: unknown) => e);
    expect((refused as ApiException<string>).code).toBe(404);
  });

  it("watches events, in the core and the events.k8s.io shapes", async () => {
    const core1: string[] = [];
    const modern: string[] = [];
    const w = new Watch(kc);
    const a = await w.watch(
      "/api/v1/namespaces/team-a/events",
      { fieldSelector: "reason=FailedCreate" },
      (phase, e: { reason?: string; message?: string; involvedObject?: { name?: string } }) =>
        core1.push(`${phase} ${e.reason ?? ""} ${e.involvedObject?.name ?? ""} ${e.message ?? ""}`),
      () => undefined,
    );
    const b = await w.watch(
      "/apis/events.k8s.io/v1/namespaces/team-a/events",
      {},
      (phase, e: { reason?: string; note?: string; regarding?: { name?: string } }) =>
        modern.push(`${phase} ${e.reason ?? ""} ${e.regarding?.name ?? ""} ${e.note ?? ""}`),
      () => undefined,
    );
    // Both start with what exists (no resourceVersion given): the scenario's refusals.
    await until(() => core1.length > 0 && modern.length > 0);
    const before = { core: core1.length, modern: modern.length };
    expect(core1.every((l) => l.startsWith("ADDED FailedCreate"))).toBe(true);
    // Scaling past the quota makes the ReplicaSet controller record a new refusal.
    await apps.patchNamespacedDeploymentScale(
      { name: "dashboards", namespace: "team-a", body: { spec: { replicas: 5 } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    const refusal =
      /ADDED FailedCreate dashboards-\S+ Error creating: .*exceeded quota: compute-quota/;
    await until(
      () =>
        core1.slice(before.core).some((l) => refusal.test(l)) &&
        modern.slice(before.modern).some((l) => refusal.test(l)),
    );
    a.abort();
    b.abort();
    // The field selector held on the core watch; the events.k8s.io one saw the scaling too.
    expect(core1.every((l) => l.includes(" FailedCreate "))).toBe(true);
    expect(
      modern.slice(before.modern).some((l) => l.includes("ScalingReplicaSet dashboards")),
    ).toBe(true);
  });

  it("watches, and keeps an informer's cache in step", async () => {
    const seen: string[] = [];
    const controller = await new Watch(kc).watch(
      "/api/v1/namespaces/shop/pods",
      {},
      (phase, obj: V1Pod) => seen.push(`${phase} ${obj.metadata?.name ?? ""}`),
      () => undefined,
    );
    const informer = makeInformer(kc, "/api/v1/namespaces/shop/pods", () =>
      core.listNamespacedPod({ namespace: "shop" }),
    );
    const deleted: string[] = [];
    informer.on("delete", (pod) => deleted.push(pod.metadata?.name ?? ""));
    await informer.start();
    expect(informer.list("shop").length).toBe(5);
    await core.deleteNamespacedPod({ name: "checkout-7d9c5b6f4-x8k2p", namespace: "shop" });
    await until(
      () =>
        deleted.includes("checkout-7d9c5b6f4-x8k2p") &&
        seen.includes("DELETED checkout-7d9c5b6f4-x8k2p"),
    );
    await until(() => informer.list("shop").length === 5);
    expect(
      seen.filter((s) => s.startsWith("ADDED checkout-7d9c5b6f4-")).length,
    ).toBeGreaterThanOrEqual(3);
    controller.abort();
    await informer.stop();
  });
});

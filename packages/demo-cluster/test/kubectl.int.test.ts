import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoCluster, type DemoCluster } from "../src/index";
import { call, until } from "./api-client";
import { HAVE_KUBECTL, KUBECTL, kubectl, REQUIRE_KUBECTL, type Kubectl } from "./kubectl";

/**
 * Conformance of the simulator with the real kubectl (v1.32): every output
 * form, selectors, describe with events, logs, writes and their observed
 * effect, and `get -w`. Without the binary the suite says so and is skipped,
 * unless KUBEMEDIC_REQUIRE_KUBECTL=1 (CI), where that is a failure.
 */
if (!HAVE_KUBECTL) {
  console.warn(
    `\n*** kubectl not found at ${KUBECTL}: the kubectl conformance suite is SKIPPED (set KUBECTL=… or install kubernetes-client) ***\n`,
  );
}

describe("kubectl binary", () => {
  it.runIf(REQUIRE_KUBECTL)("is present (KUBEMEDIC_REQUIRE_KUBECTL=1)", () => {
    expect(HAVE_KUBECTL, `kubectl is required at ${KUBECTL}`).toBe(true);
  });
});

describe.skipIf(!HAVE_KUBECTL)("real kubectl against the demo cluster", () => {
  let cluster: DemoCluster;
  let k: Kubectl;
  let dir = "";
  beforeAll(async () => {
    cluster = await startDemoCluster();
    dir = mkdtempSync(join(tmpdir(), "kubemedic-kubeconfig-"));
    const path = join(dir, "config");
    await cluster.writeKubeconfig(path);
    k = kubectl(path);
  });
  afterAll(async () => {
    await cluster.close();
    k.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const lines = (text: string): string[] => text.trim().split("\n");
  const row = (text: string, name: string): string[] =>
    (lines(text).find((l) => l.startsWith(name)) ?? "").split(/\s{2,}/);

  it("authenticates with the token and refuses a wrong one", async () => {
    expect(await k.ok("version", "-o", "json")).toContain('"gitVersion": "v1.32.4+kubemedic-demo"');
    const wrong = await k.run("get", "pods", "--token", "wrong");
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/Unauthorized|provide credentials/);
  });

  it("get pods prints the server-side table with kubectl's columns and derived STATUS", async () => {
    const out = await k.ok("get", "pods", "-n", "shop");
    expect(lines(out)[0]?.split(/\s+/)).toEqual(["NAME", "READY", "STATUS", "RESTARTS", "AGE"]);
    expect(row(out, "checkout-7d9c5b6f4-x8k2p")).toEqual([
      "checkout-7d9c5b6f4-x8k2p",
      "0/1",
      "CrashLoopBackOff",
      expect.stringMatching(/^37 \(\d+m\d*s? ago\)$/),
      "3h",
    ]);
    const wide = await k.ok("get", "pods", "-n", "shop", "-o", "wide");
    expect(lines(wide)[0]).toMatch(
      /NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES/,
    );
    expect(row(wide, "checkout-7d9c5b6f4-x8k2p").slice(5, 7)).toEqual(["10.244.1.21", "worker-1"]);
    expect(await k.ok("get", "pods", "-n", "batch")).toMatch(/db-migrate-q8w4j\s+0\/1\s+Error/);
    expect(await k.ok("get", "pods", "-n", "iot")).toMatch(
      /sensor-gateway-7f9d6c5b8c-c4x8m\s+0\/1\s+ContainerStatusUnknown|Evicted/,
    );
    expect(await k.ok("get", "pods", "-n", "storefront")).toMatch(
      /sitemap-\d+-\w+\s+0\/1\s+Completed/,
    );
  });

  it("-o yaml, json, jsonpath and name", async () => {
    expect(
      await k.ok("get", "pod", "checkout-7d9c5b6f4-x8k2p", "-n", "shop", "-o", "yaml"),
    ).toMatch(/^apiVersion: v1\nkind: Pod\n/);
    const list = JSON.parse(await k.ok("get", "deploy", "-n", "shop", "-o", "json")) as {
      kind: string;
      items: { metadata: { name: string } }[];
    };
    expect(list.kind).toBe("List");
    expect(list.items.map((i) => i.metadata.name)).toEqual(["cart", "checkout"]);
    expect(await k.ok("get", "pods", "-n", "shop", "-o", "jsonpath={.items[*].status.phase}")).toBe(
      "Running Running Running Running Running",
    );
    expect(
      lines(await k.ok("get", "pods", "-n", "shop", "-l", "app=checkout", "-o", "name")),
    ).toEqual(["pod/checkout-7d9c5b6f4-m4zq9", "pod/checkout-7d9c5b6f4-x8k2p"]);
  });

  it("-l, --field-selector, -A, --sort-by and --show-labels", async () => {
    const pending = await k.ok("get", "pods", "-A", "--field-selector", "status.phase=Pending");
    expect(lines(pending)[0]?.split(/\s+/).slice(0, 2)).toEqual(["NAMESPACE", "NAME"]);
    for (const name of ["trainer-7f6d5c4b8d-w9c4k", "clickhouse-0", "inference-9c8b7f6d5f-g6b2m"])
      expect(pending).toContain(name);
    // Other scenarios (the multi-cause ones) run their own checkout: every match is a checkout
    // pod, none is a cart pod, and shop's two are among them.
    const selected = lines(
      await k.ok(
        "get",
        "pods",
        "-A",
        "-l",
        "app in (cart,checkout),app!=cart",
        "-o",
        "custom-columns=NS:.metadata.namespace,NAME:.metadata.name,APP:.metadata.labels.app",
        "--no-headers",
      ),
    ).map((l) => l.split(/\s+/));
    expect(new Set(selected.map((row) => row[2]))).toEqual(new Set(["checkout"]));
    expect(selected.filter((row) => row[0] === "shop").map((row) => row[1])).toEqual([
      "checkout-7d9c5b6f4-m4zq9",
      "checkout-7d9c5b6f4-x8k2p",
    ]);
    const sorted = lines(
      await k.ok(
        "get",
        "pods",
        "-n",
        "shop",
        "--sort-by=.status.podIP",
        "-o",
        "custom-columns=IP:.status.podIP",
        "--no-headers",
      ),
    );
    expect(sorted).toEqual([...sorted].sort());
    expect(await k.ok("get", "deploy", "checkout", "-n", "shop", "--show-labels")).toMatch(
      /LABELS\n.*app\.kubernetes\.io\/part-of=shop,app\.kubernetes\.io\/version=v2\.14\.0,app=checkout/,
    );
    const events = lines(await k.ok("get", "events", "-n", "shop", "--sort-by=.lastTimestamp"));
    expect(events[0]?.split(/\s{2,}/)).toEqual([
      "LAST SEEN",
      "TYPE",
      "REASON",
      "OBJECT",
      "MESSAGE",
    ]);
    expect(events[events.length - 1]).toMatch(/Warning\s+BackOff\s+pod\/checkout-/);
  });

  it("tables for deployments, replicasets, statefulsets, services, nodes, PVCs, jobs, ingresses, hpa", async () => {
    expect(row(await k.ok("get", "deploy", "-n", "orders"), "orders-api")).toEqual([
      "orders-api",
      "3/3",
      "1",
      "3",
      "150d",
    ]);
    expect(await k.ok("get", "rs", "-n", "orders")).toMatch(
      /orders-api-6f9c8d7b5\s+1\s+1\s+0\s+55m/,
    );
    expect(await k.ok("get", "sts", "-n", "shop")).toMatch(/postgres\s+1\/1\s+12d/);
    expect(await k.ok("get", "svc", "-n", "ingress-nginx")).toMatch(
      /ingress-nginx-controller\s+LoadBalancer\s+10\.103\.41\.17\s+203\.0\.113\.10\s+80:31080\/TCP,443:31443\/TCP/,
    );
    expect(await k.ok("get", "nodes")).toMatch(/edge-worker-1\s+NotReady\s+edge\s+80d\s+v1\.32\.4/);
    expect(await k.ok("get", "pvc", "-n", "data")).toMatch(
      /data-clickhouse-0\s+Pending\s+fast-ssd\s+<unset>\s+40m/,
    );
    expect(await k.ok("get", "jobs", "-n", "batch")).toMatch(
      /db-migrate\s+Failed\s+0\/1\s+\d+m\s+55m/,
    );
    expect(await k.ok("get", "ing", "-n", "blog")).toMatch(
      /blog\s+nginx\s+blog\.acme\.example\s+203\.0\.113\.10\s+80, 443/,
    );
    expect(await k.ok("get", "hpa", "-n", "search")).toMatch(
      /search-api\s+Deployment\/search-api\s+cpu: <unknown>\/70%\s+2\s+10\s+2/,
    );
    expect(await k.ok("api-resources")).toMatch(
      /deployments\s+deploy\s+apps\/v1\s+true\s+Deployment/,
    );
  });

  it("describe pod, deployment, node and service, events included", async () => {
    const pod = await k.ok("describe", "pod", "checkout-7d9c5b6f4-x8k2p", "-n", "shop");
    expect(pod).toMatch(/State:\s+Waiting\n\s+Reason:\s+CrashLoopBackOff/);
    expect(pod).toMatch(/Last State:\s+Terminated\n\s+Reason:\s+Error\n\s+Exit Code:\s+1/);
    expect(pod).toMatch(
      /Warning\s+BackOff\s+\S+ \(x\d+ over \S+\)\s+kubelet\s+Back-off restarting failed container checkout/,
    );
    const deploy = await k.ok("describe", "deploy", "orders-api", "-n", "orders");
    expect(deploy).toMatch(/Progressing\s+False\s+ProgressDeadlineExceeded/);
    expect(deploy).toMatch(/NewReplicaSet:\s+orders-api-6f9c8d7b5 \(1\/1 replicas created\)/);
    // The Events section: kubectl finds the Deployment's events by its uid and kind.
    expect(deploy).toMatch(/\nEvents:\n\s+Type\s+Reason\s+Age\s+From\s+Message\n/);
    expect(deploy).toMatch(
      /Normal\s+ScalingReplicaSet\s+\S+\s+deployment-controller\s+Scaled up replica set orders-api-6f9c8d7b5 from 0 to 1/,
    );
    const node = await k.ok("describe", "node", "edge-worker-1");
    expect(node).toMatch(
      /Ready\s+Unknown\s+.*NodeStatusUnknown\s+Kubelet stopped posting node status\./,
    );
    expect(node).toMatch(/Taints:\s+node\.kubernetes\.io\/unreachable:NoExecute/);
    expect(node).toMatch(
      /Normal\s+NodeNotReady\s+\S+\s+node-controller\s+Node edge-worker-1 status is now: NodeNotReady/,
    );
    expect(node).toMatch(/iot\s+sensor-gateway-7f9d6c5b8c-k9t2w/);
    const svc = await k.ok("describe", "svc", "frontend", "-n", "web");
    expect(svc).toMatch(/Selector:\s+app\.kubernetes\.io\/name=front-end/);
    expect(svc).toMatch(/Endpoints:\s*\n/);
    expect(svc).toMatch(/\nEvents:\s+<none>\n?$/);
    // An event about the Service (as the service controller records one) shows in its Events.
    const target = (await call(cluster, "GET", "/api/v1/namespaces/web/services/frontend")).json();
    const created = await call(cluster, "POST", "/api/v1/namespaces/web/events", {
      body: {
        apiVersion: "v1",
        kind: "Event",
        metadata: { name: "frontend.17f2a9c3d1e4b5a6", namespace: "web" },
        involvedObject: {
          kind: "Service",
          namespace: "web",
          name: "frontend",
          apiVersion: "v1",
          uid: (target.metadata as { uid: string }).uid,
        },
        reason: "UpdatedLoadBalancer",
        message: "Updated load balancer with new hosts",
        source: { component: "service-controller" },
        firstTimestamp: new Date(Date.now() - 120_000).toISOString(),
        lastTimestamp: new Date(Date.now() - 60_000).toISOString(),
        count: 2,
        type: "Normal",
      },
    });
    expect(created.status).toBe(201);
    expect(await k.ok("describe", "svc", "frontend", "-n", "web")).toMatch(
      /Events:\n\s+Type\s+Reason\s+Age\s+From\s+Message\n\s+-+\s+-+\s+-+\s+-+\s+-+\n\s+Normal\s+UpdatedLoadBalancer\s+\S+ \(x2 over \S+\)\s+service-controller\s+Updated load balancer with new hosts/,
    );
    expect(await k.ok("describe", "ingress", "blog", "-n", "blog")).toMatch(
      /blog-web:80 \(<error: services "blog-web" not found>\)/,
    );
  });

  it("logs with --previous, --tail and -c; kubelet errors come through", async () => {
    expect(
      (
        await k.ok(
          "logs",
          "checkout-7d9c5b6f4-x8k2p",
          "-n",
          "shop",
          "--previous",
          "--tail=1",
          "-c",
          "checkout",
        )
      ).trim(),
    ).toContain("required environment variable DATABASE_URL is not set");
    expect(await k.ok("logs", "-n", "batch", "db-migrate-q8w4j")).toContain(
      'could not create unique index "users_email_key"',
    );
    const waiting = await k.run("logs", "-n", "inventory", "deploy/inventory-sync");
    expect(waiting.stderr).toContain("is waiting to start: CreateContainerConfigError");
    expect(await k.ok("top", "pods", "-n", "search")).toMatch(
      /search-api-6c9d8f7b5c-2kq7x\s+1873m\s+611Mi/,
    );
  });

  it("scale, patch and delete, then shows their effect", async () => {
    expect(await k.ok("scale", "deploy/cart", "-n", "shop", "--replicas=3")).toContain(
      "deployment.apps/cart scaled",
    );
    expect(await k.ok("get", "deploy", "cart", "-n", "shop")).toMatch(/cart\s+3\/3\s+3\s+3/);
    await k.ok(
      "patch",
      "svc",
      "frontend",
      "-n",
      "web",
      "-p",
      '{"spec":{"selector":{"app.kubernetes.io/name":"frontend"}}}',
    );
    expect(await k.ok("get", "endpoints", "frontend", "-n", "web")).toMatch(
      /frontend\s+10\.244\.\d+\.101:3000,10\.244\.\d+\.101:3000,10\.244\.\d+\.101:3000/,
    );
    await k.ok("set", "env", "deploy/checkout", "-n", "shop", "--from=secret/checkout-db");
    await k.ok("rollout", "status", "deploy/checkout", "-n", "shop", "--timeout=20s");
    expect(await k.ok("get", "pods", "-n", "shop", "-l", "app=checkout")).not.toContain(
      "CrashLoopBackOff",
    );
    expect(await k.ok("delete", "pod", "postgres-0", "-n", "shop")).toContain(
      'pod "postgres-0" deleted',
    );
    expect(await k.ok("get", "pod", "postgres-0", "-n", "shop")).toMatch(
      /postgres-0\s+1\/1\s+Running\s+0\s+\d+s/,
    );
    expect(await k.ok("rollout", "undo", "deploy/orders-api", "-n", "orders")).toContain(
      "rolled back",
    );
    expect(await k.ok("get", "rs", "-n", "orders")).toMatch(/orders-api-6f9c8d7b5\s+0\s+0\s+0/);
    const bad = await k.run(
      "patch",
      "deploy",
      "cart",
      "-n",
      "shop",
      "--type=json",
      "-p",
      '[{"op":"replace","path":"/spec/nope","value":1}]',
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("doc is missing key: /spec/nope");
  });

  it("cordon, drain (through the eviction subresource) and uncordon", async () => {
    await k.ok("cordon", "worker-3");
    expect(await k.ok("get", "node", "worker-3")).toMatch(/worker-3\s+Ready,SchedulingDisabled/);
    const drained = await k.ok(
      "drain",
      "worker-3",
      "--ignore-daemonsets",
      "--delete-emptydir-data",
      "--timeout=30s",
    );
    expect(drained).toContain("node/worker-3 drained");
    expect(drained).toMatch(/pod\/\S+ evicted/);
    const left = await k.ok(
      "get",
      "pods",
      "-A",
      "--field-selector",
      "spec.nodeName=worker-3",
      "-o",
      "name",
    );
    expect(lines(left)).toEqual(["pod/kube-proxy-wh4rz"]);
    await k.ok("uncordon", "worker-3");
    expect(await k.ok("get", "node", "worker-3")).toMatch(/worker-3\s+Ready\s/);
  });

  it("get -w sees a change as it happens", async () => {
    const child = k.spawn("get", "pods", "-n", "tools", "-w");
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    try {
      await until(() => out.includes("grafana-"), 10_000);
      await call(cluster, "DELETE", "/api/v1/namespaces/tools/pods/backfill-dashboards-hz6wq");
      await until(
        () => out.split("\n").filter((l) => l.startsWith("backfill-dashboards-hz6wq")).length >= 2,
        10_000,
      );
      expect(lines(out)[0]?.split(/\s+/)).toEqual(["NAME", "READY", "STATUS", "RESTARTS", "AGE"]);
      expect(lines(out).filter((l) => l.startsWith("NAME"))).toHaveLength(1);
    } finally {
      child.kill();
    }
  });
});

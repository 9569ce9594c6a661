import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseQuantity } from "../src/util/quantity";
import { startDemoCluster, type DemoCluster } from "../src/index";
import { call } from "./api-client";

/**
 * metrics.k8s.io as metrics-server serves it: the scenario's own PodMetrics win, every other
 * pod with a running container and every Ready node gets a usage derived from its object, a
 * NotReady node and a pod with no running container get none.
 */
let cluster: DemoCluster;
beforeAll(async () => {
  cluster = await startDemoCluster({ scenarios: ["oomkilled", "node-notready"] });
});
afterAll(async () => {
  await cluster.close();
});

type Obj = Record<string, unknown>;
const items = (o: Obj): Obj[] => o.items as Obj[];
const meta = (o: Obj): { name: string; namespace?: string; labels?: Record<string, string> } =>
  o.metadata as { name: string; namespace?: string; labels?: Record<string, string> };
const M = "/apis/metrics.k8s.io/v1beta1";

describe("pod metrics", () => {
  it("keeps the scenario's figure and derives one for every other running pod", async () => {
    const list = (await call(cluster, "GET", `${M}/namespaces/analytics/pods`)).json();
    const byName = new Map(items(list).map((m) => [meta(m).name, m]));
    // The OOM-killed worker's replacement: the scenario wrote 251Mi (its limit is 256Mi).
    const worker = byName.get("report-worker-84c6d9f7b8-r7xwq");
    expect(worker?.containers).toEqual([
      { name: "report-worker", usage: { cpu: "934m", memory: "251Mi" } },
    ]);

    const pods = items((await call(cluster, "GET", "/api/v1/namespaces/analytics/pods")).json());
    const running = pods.filter((p) =>
      ((p.status as Obj).containerStatuses as Obj[] | undefined)?.some(
        (c) => (c.state as Obj).running !== undefined,
      ),
    );
    const notRunning = pods.filter((p) => !running.includes(p));
    expect(running.length).toBeGreaterThan(1);
    expect(notRunning.length).toBeGreaterThan(0); // the crash-looping one
    expect([...byName.keys()].sort()).toEqual(running.map((p) => meta(p).name).sort());

    // Derived usage stays under the container's limit, in metrics-server's units, with the pod's labels.
    for (const pod of running) {
      const m = byName.get(meta(pod).name);
      if (meta(pod).name === "report-worker-84c6d9f7b8-r7xwq") continue;
      expect(meta(m!).labels).toEqual(meta(pod).labels ?? {});
      for (const c of m!.containers as { name: string; usage: { cpu: string; memory: string } }[]) {
        expect(c.usage.cpu).toMatch(/^\d+n$/);
        expect(c.usage.memory).toMatch(/^\d+Ki$/);
        const spec = ((pod.spec as Obj).containers as Obj[]).find((s) => s.name === c.name);
        const limits = ((spec?.resources as Obj | undefined)?.limits ?? {}) as Obj;
        if (limits.memory !== undefined)
          expect(parseQuantity(c.usage.memory)).toBeLessThan(parseQuantity(limits.memory));
      }
    }
  });

  it("answers the same twice, filters by label and 404s a pod without metrics", async () => {
    const path = `${M}/namespaces/analytics/pods`;
    const strip = (o: Obj): unknown =>
      items(o).map((m) => [meta(m).name, (m as { containers: unknown }).containers]);
    expect(strip((await call(cluster, "GET", path)).json())).toEqual(
      strip((await call(cluster, "GET", path)).json()),
    );
    const selected = (
      await call(cluster, "GET", `${path}?labelSelector=${encodeURIComponent("app=report-worker")}`)
    ).json();
    expect(items(selected).every((m) => meta(m).labels?.app === "report-worker")).toBe(true);
    expect(items(selected).length).toBeGreaterThan(0);
    const missing = await call(cluster, "GET", `${path}/nosuch`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'pods.metrics.k8s.io "nosuch" not found' });
  });
});

describe("node metrics", () => {
  it("lists Ready nodes with at least their pods' usage, and no NotReady node", async () => {
    const nodes = items((await call(cluster, "GET", `${M}/nodes`)).json());
    const names = nodes.map((n) => meta(n).name);
    expect(names).toContain("worker-1");
    expect(names).not.toContain("edge-worker-1");
    expect((await call(cluster, "GET", `${M}/nodes/edge-worker-1`)).status).toBe(404);

    const pods = items((await call(cluster, "GET", `${M}/pods`)).json());
    const all = items((await call(cluster, "GET", "/api/v1/pods")).json());
    const nodeOf = new Map(
      all.map((p) => [`${meta(p).namespace}/${meta(p).name}`, (p.spec as Obj).nodeName]),
    );
    const memoryOn = (node: string): number =>
      pods
        .filter((m) => nodeOf.get(`${meta(m).namespace}/${meta(m).name}`) === node)
        .flatMap((m) => m.containers as { usage: { memory: string } }[])
        .reduce((n, c) => n + parseQuantity(c.usage.memory), 0);
    for (const n of nodes) {
      const used = parseQuantity((n.usage as { memory: string }).memory);
      expect(used).toBeGreaterThan(memoryOn(meta(n).name));
    }
  });
});

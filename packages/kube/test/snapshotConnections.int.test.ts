import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, Cluster, correlate, loadKubeConfig, loadSnapshot } from "../src/index";
import type { DemoFixture } from "./demoFixture";
import { startDemoFixture } from "./demoFixture";

// A TCP relay in front of the demo cluster counts the connections clients open: what a
// fresh TLS handshake per call would cost against a remote API server.
let fx: DemoFixture;
let relay: net.Server;
let accepted = 0;
let dir: string;
let cluster: Cluster;
let kubeconfigPath: string;

beforeAll(async () => {
  fx = await startDemoFixture({ scenarios: ["crashloop-missing-env"] });
  const target = new URL(fx.demo.url);
  relay = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const port = (relay.address() as net.AddressInfo).port;
  dir = mkdtempSync(join(tmpdir(), "kubemedic-relay-"));
  kubeconfigPath = join(dir, "kubeconfig");
  const yaml = fx.demo.kubeconfig().replace(fx.demo.url, `https://127.0.0.1:${port}`);
  writeFileSync(kubeconfigPath, yaml);
  cluster = new Cluster(loadKubeConfig({ kubeconfigPath }));
});

afterAll(async () => {
  cluster.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
  await fx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("snapshots read through a Cluster", () => {
  it("reuse its kept-alive connections: ten analyses and correlations open none after the first", async () => {
    await analyze(cluster, { namespace: "shop", useBinary: "never" });
    await correlate(cluster, { namespace: "shop" });
    const warm = accepted;
    expect(warm).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      const [analysis, causes] = await Promise.all([
        analyze(cluster, { namespace: "shop", useBinary: "never" }),
        correlate(cluster, { namespace: "shop" }),
      ]);
      expect(analysis.results?.length).toBeGreaterThan(0);
      expect(causes.length).toBeGreaterThan(0);
    }
    // Two snapshots at once may need a few more sockets than one did; never one per list.
    expect(accepted - warm).toBeLessThanOrEqual(6);
    // The Cluster still works afterwards: closing a snapshot did not close its transport.
    expect(await cluster.listNamespaces()).toContain("shop");
  });

  it("from a KubeConfig open their own connections and close them with the snapshot", async () => {
    const before = accepted;
    const snapshot = await loadSnapshot(loadKubeConfig({ kubeconfigPath }), { namespace: "shop" });
    snapshot.close();
    expect(accepted).toBeGreaterThan(before);
  });
});

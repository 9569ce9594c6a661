import { generateScenario, startDemoCluster } from "@kubemedic/demo-cluster";
import type { DemoCluster } from "@kubemedic/demo-cluster";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cluster, KubectlEngine, loadKubeConfig } from "../src/index";

/** A generated cluster of 1,500 pods: output stays bounded and says exactly how much was left out. */
let demo: DemoCluster;
let cluster: Cluster;
let engine: KubectlEngine;
let dir: string;
let total: number;

beforeAll(async () => {
  demo = await startDemoCluster({ port: 0, scenarios: [generateScenario({ pods: 1_500 })] });
  dir = mkdtempSync(join(tmpdir(), "kubemedic-large-"));
  await demo.writeKubeconfig(join(dir, "kubeconfig"));
  cluster = new Cluster(loadKubeConfig({ kubeconfigPath: join(dir, "kubeconfig") }));
  engine = new KubectlEngine(cluster);
  const all = await cluster.transport.json<{ items: unknown[] }>({ path: "/api/v1/pods" });
  total = all.items.length;
});
afterAll(async () => {
  cluster.close();
  await demo.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a large cluster", () => {
  it("lists within the budget and counts every row it did not show", async () => {
    const r = await engine.run("get pods -A");
    const lines = r.output.split("\n");
    const shownRows = lines.length - 2; // header and marker
    const marker = /^… truncated: ([\d,]+) more lines;/.exec(lines.at(-1) ?? "");
    expect(r.truncated).toBe(true);
    expect(Number(marker?.[1]?.replace(/,/g, ""))).toBe(total - shownRows);
    expect(Buffer.byteLength(r.output)).toBeLessThanOrEqual(16 * 1024);
  });

  it("says how many objects -o yaml left out", async () => {
    const r = await engine.run("get pods -A -o yaml");
    expect(r.output.split("\n").at(-1)).toMatch(/^… truncated: .*[\d,]+ more objects; narrow with/);
  });

  it("stops describing once the output is full", async () => {
    const r = await engine.run("describe pods -A");
    expect(r.output.split("\n").at(-1)).toMatch(
      /more objects not described; narrow with a single object name/,
    );
  });

  it("still sorts the whole list when asked to", async () => {
    const r = await engine.run(
      "get pods -A --sort-by=.metadata.name -o custom-columns=NAME:.metadata.name --no-headers",
    );
    const names = r.output
      .split("\n")
      .slice(0, -1)
      .map((l) => l.trim());
    // Byte order, as kubectl 1.32 sorts strings (pod-10 before pod-2).
    expect(names).toEqual([...names].sort());
    expect(r.output.split("\n").at(-1)).toMatch(
      new RegExp(`^… truncated: ${(total - names.length).toLocaleString("en-US")} more lines`),
    );
  });
});

import { KubeConfig } from "@kubernetes/client-node";
import { startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import { AnalysisOutput } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze } from "./analyze";
import type { AnalyzeOptions } from "./AnalyzeOptions";
import { findK8sgptBinary } from "./k8sgptBinary";

/**
 * One conformance spec, run against every implementation of k8sgpt-style
 * analysis that exists here: the built-in analyzers always, and the real
 * k8sgpt binary when one is on PATH (or at K8SGPT_PATH). It asserts what both
 * must agree on — the JSON shape, filters, the selector, and the findings
 * k8sgpt's documented rules produce on the built-in scenarios — never our
 * wording.
 */
const binary = findK8sgptBinary();
const requireBinary = process.env.KUBEMEDIC_REQUIRE_K8SGPT === "1";
if (binary === undefined)
  console.warn(
    "\n*** k8sgpt binary NOT FOUND (PATH, K8SGPT_PATH): the conformance spec runs against the built-in analyzers only; the k8sgpt run is SKIPPED. ***\n",
  );

const implementations: { name: string; useBinary: "never" | "always"; available: boolean }[] = [
  { name: "built-in analyzers", useBinary: "never", available: true },
  { name: "k8sgpt binary", useBinary: "always", available: binary !== undefined },
];

const SCENARIOS = [
  "crashloop-missing-env",
  "imagepull-bad-tag",
  "pending-insufficient-cpu",
  "ingress-missing-service",
  "job-backoff-limit",
  "pvc-missing-storageclass",
  "node-notready",
];

let cluster: DemoCluster;
let kc: KubeConfig;
beforeAll(async () => {
  cluster = await startDemoCluster({ scenarios: SCENARIOS, port: 0 });
  kc = new KubeConfig();
  kc.loadFromString(cluster.kubeconfig());
});
afterAll(async () => {
  await cluster.close();
});

describe.each(implementations)("analyze conformance: $name", ({ useBinary, available }) => {
  if (!available && requireBinary)
    it("needs the k8sgpt binary (KUBEMEDIC_REQUIRE_K8SGPT=1)", () =>
      expect.fail("k8sgpt binary not found"));
  const test = available ? it : it.skip;
  const run = (options: AnalyzeOptions) => analyze(kc, { ...options, useBinary });
  const byName = (out: AnalysisOutput, kind: string, name: string) =>
    out.results?.find((r) => r.kind === kind && r.name === name);

  test("prints k8sgpt's JSON shape: keys, null for no errors or results, problems = failures", async () => {
    const out = await run({ namespace: "shop" });
    expect(AnalysisOutput.parse(out)).toEqual(out);
    expect(Object.keys(out)).toEqual(["provider", "errors", "status", "problems", "results"]);
    expect(out.errors).toBeNull();
    expect(out.status).toBe("ProblemDetected");
    expect(out.problems).toBe((out.results ?? []).reduce((n, r) => n + r.error.length, 0));
    const empty = await run({
      namespace: "no-such-namespace",
      filters: ["Pod", "Service", "Deployment"],
    });
    expect(empty).toEqual({ provider: "", errors: null, status: "OK", problems: 0, results: null });
  });

  test("flags a crash-looping Deployment and its pods, pods parented to the Deployment", async () => {
    const out = await run({ namespace: "shop", filters: ["Pod", "Deployment"] });
    expect(byName(out, "Deployment", "shop/checkout")).toBeDefined();
    const pods = (out.results ?? []).filter((r) => r.kind === "Pod");
    expect(pods.length).toBe(2);
    expect(
      pods.every(
        (p) => p.name.startsWith("shop/checkout-") && p.parentObject === "Deployment/checkout",
      ),
    ).toBe(true);
    expect(pods.flatMap((p) => p.error.map((e) => e.Text)).join("\n")).toContain("checkout");
  });

  test("passes the kubelet's image-pull message and the scheduler's message through", async () => {
    const pull = await run({ namespace: "payments", filters: ["Pod"] });
    expect(JSON.stringify(pull.results)).toContain("payments-api:v2.31");
    const pending = await run({ namespace: "ml", filters: ["Pod"] });
    expect(JSON.stringify(pending.results)).toContain("Insufficient cpu");
  });

  test("flags the Ingress backend, the failed Job, the unprovisioned claim and the NotReady node", async () => {
    expect(
      JSON.stringify(
        byName(await run({ namespace: "blog", filters: ["Ingress"] }), "Ingress", "blog/blog"),
      ),
    ).toContain("blog-web");
    expect(
      byName(await run({ namespace: "batch", filters: ["Job"] }), "Job", "batch/db-migrate"),
    ).toBeDefined();
    expect(
      JSON.stringify(
        byName(
          await run({ namespace: "data", filters: ["PersistentVolumeClaim"] }),
          "PersistentVolumeClaim",
          "data/data-clickhouse-0",
        ),
      ),
    ).toContain("fast-ssd");
    const nodes = await run({ filters: ["Node"] });
    expect(nodes.results?.map((r) => r.name)).toEqual(["edge-worker-1"]);
    expect(nodes.results?.[0]?.parentObject).toBe("");
  });

  test("runs only the named filters and reports an unknown one in errors", async () => {
    const out = await run({ namespace: "shop", filters: ["Deployment", "NoSuchAnalyzer"] });
    expect(new Set(out.results?.map((r) => r.kind))).toEqual(new Set(["Deployment"]));
    expect(out.errors?.join("\n")).toContain("NoSuchAnalyzer");
  });

  test("applies the label selector to the listed objects", async () => {
    const out = await run({
      namespace: "shop",
      filters: ["Pod", "Deployment"],
      labelSelector: "app=nothing",
    });
    expect(out.results).toBeNull();
  });

  test("returns results sorted by kind then name", async () => {
    const out = await run({});
    const order = (out.results ?? []).map((r) => `${r.kind}\0${r.name}`);
    expect(order).toEqual([...order].sort());
  });
});

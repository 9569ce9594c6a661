import { KubeConfig } from "@kubernetes/client-node";
import { builtinScenarioNames, startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import type { RootCauseCandidate } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refKey } from "../src/correlate/Candidate";
import { analyze, correlate } from "../src/index";

function kubeconfigOf(cluster: DemoCluster): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(cluster.kubeconfig());
  return kc;
}

const keysOf = (c: RootCauseCandidate) => [refKey(c.primary), ...c.related.map(refKey)];
const textOf = (c: RootCauseCandidate) =>
  [c.rootCause, ...c.evidence.map((e) => e.excerpt)].join("\n").toLowerCase();

type Cause = { category: string; resource: string };
const causeKey = (c: Cause) => `${c.category} ${c.resource}`;

/** The causes some candidate of the cause's namespace names (category and object), in order. */
async function causesFound(kc: KubeConfig, causes: readonly Cause[]): Promise<string[]> {
  const found: string[] = [];
  for (const cause of causes) {
    const namespace = cause.resource.split("/")[1];
    const candidates = await correlate(kc, namespace === undefined ? {} : { namespace });
    if (candidates.some((c) => c.category === cause.category && keysOf(c).includes(cause.resource)))
      found.push(causeKey(cause));
  }
  return found;
}

/**
 * The Show item of issue 4: for every built-in scenario, served by the real
 * simulator over HTTPS and read through client-node's credentials, the top
 * candidate names the expected category and object, and the decisive facts
 * appear in its root cause or evidence. Healthy scenarios yield nothing from
 * either correlate or analyze.
 */
describe("correlate against the demo cluster, one scenario at a time", () => {
  for (const name of builtinScenarioNames()) {
    it(name, async () => {
      const cluster = await startDemoCluster({ scenarios: [name], port: 0 });
      try {
        const kc = kubeconfigOf(cluster);
        const scenario = cluster.scenarios[0]!;
        const candidates = await correlate(kc, { namespace: scenario.namespace });
        if (scenario.expect.category === "Healthy") {
          expect(candidates).toEqual([]);
          const analysis = await analyze(kc, { namespace: scenario.namespace, useBinary: "never" });
          expect(
            (analysis.results ?? []).map(
              (r) => `${r.kind} ${r.name}: ${r.error.map((e) => e.Text).join("; ")}`,
            ),
          ).toEqual([]);
          return;
        }
        const causes = scenario.expect.causes ?? [];
        if (causes.length > 1) {
          // Independent causes: each is among the candidates of its namespace, whichever ranks first.
          expect(await causesFound(kc, causes)).toEqual(causes.map(causeKey));
          return;
        }
        const top = candidates[0];
        expect(top?.category).toBe(scenario.expect.category);
        expect(keysOf(top!)).toContain(scenario.expect.resource);
        for (const mention of scenario.expect.mentions)
          expect(textOf(top!)).toContain(mention.toLowerCase());
      } finally {
        await cluster.close();
      }
    });
  }
});

describe("the full built-in cluster", () => {
  let cluster: DemoCluster;
  let kc: KubeConfig;
  beforeAll(async () => {
    cluster = await startDemoCluster({ port: 0 });
    kc = kubeconfigOf(cluster);
  });
  afterAll(async () => {
    await cluster.close();
  });

  const healthyNamespaces = () =>
    new Set(
      cluster.scenarios.filter((s) => s.expect.category === "Healthy").map((s) => s.namespace),
    );

  it("has no analyzer finding in the healthy namespaces when every namespace is analyzed", async () => {
    const healthy = healthyNamespaces();
    expect(healthy.size).toBeGreaterThan(1);
    const analysis = await analyze(kc, { useBinary: "never" });
    expect(analysis.problems).toBeGreaterThan(0);
    const inHealthy = (analysis.results ?? []).filter((r) =>
      healthy.has(r.name.split("/")[0] ?? ""),
    );
    expect(
      inHealthy.map((r) => `${r.kind} ${r.name}: ${r.error.map((e) => e.Text).join("; ")}`),
    ).toEqual([]);
  });

  it("has no candidate in the healthy namespaces when every namespace is correlated", async () => {
    const healthy = healthyNamespaces();
    const candidates = await correlate(kc);
    expect(candidates.length).toBeGreaterThan(0);
    expect(
      candidates
        .filter((c) => healthy.has(c.primary.namespace ?? ""))
        .map((c) => `${c.category} ${refKey(c.primary)}`),
    ).toEqual([]);
  });

  it("still ranks each scenario's cause first when correlating its namespace inside the full cluster", async () => {
    for (const s of cluster.scenarios) {
      if (s.expect.category === "Healthy") continue;
      const causes = s.expect.causes ?? [];
      if (causes.length > 1) {
        expect(`${s.name}: ${(await causesFound(kc, causes)).join(", ")}`).toBe(
          `${s.name}: ${causes.map(causeKey).join(", ")}`,
        );
        continue;
      }
      const [top] = await correlate(kc, { namespace: s.namespace });
      expect(`${s.name}: ${top?.category} ${keysOf(top!).includes(s.expect.resource)}`).toBe(
        `${s.name}: ${s.expect.category} true`,
      );
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultGraphConfig } from "../src/index";
import { decideRoute } from "../src/graph/plan/decide-route";
import { parseIntent } from "../src/intent";
import { kubeBackend } from "../src/testing/index";
import type { ClusterBackend } from "../src/tools/cluster-backend";
import { startDemo, type DemoFixture } from "./fixtures";

/**
 * The route's offline rules on the real demo cluster (outlet has two independent faults:
 * checkout crash-loops, report-worker is OOM-killed), and what each decision costs: a
 * correlation reads the whole scope, so a question about one object must not need one.
 */
let fixture: DemoFixture;
let correlations = 0;
let backend: ClusterBackend;
beforeAll(async () => {
  fixture = await startDemo(["multi-outlet-crash-and-oom"]);
  const real = kubeBackend(fixture.cluster);
  backend = {
    ...real,
    correlate: (opts) => {
      correlations++;
      return real.correlate(opts);
    },
  };
});
afterAll(async () => {
  await fixture?.close();
});

async function route(text: string) {
  correlations = 0;
  const intent = parseIntent(text, { defaultNamespace: "outlet" });
  const decision = await decideRoute(text, intent, backend, defaultGraphConfig().plan);
  return { ...decision, correlations };
}

describe("route", () => {
  it.each([
    "why is checkout failing in the outlet namespace?",
    "checkout 在 outlet 命名空间里一直重启，为什么？",
    "why does report-worker keep failing in namespace outlet?",
    // The sentence's subject is offered as a namespace candidate too; it is not one here.
    "checkout keeps crashing in outlet",
  ])("one object named in a scope with two faults: single, without correlating (%s)", async (q) => {
    const d = await route(q);
    expect(d.branch).toBe("single");
    expect(d.correlations).toBe(0);
  });

  it("two objects named: a plan over both, from one correlation", async () => {
    const d = await route("checkout and report-worker in outlet both keep restarting");
    expect(d.branch).toBe("complex");
    expect(d.groups.map((g) => g.primary.name).sort()).toEqual(["checkout", "report-worker"]);
    expect(d.correlations).toBe(1);
  });

  it.each([
    "what is slow in the outlet namespace?",
    "why is ghost-svc failing in namespace outlet?",
  ])(
    "a word that names no object in the scope still correlates, and plans over its faults (%s)",
    async (q) => {
      const d = await route(q);
      expect(d.correlations).toBe(1);
      expect(d.branch).toBe("complex");
    },
  );

  it("a command or a plain question never reads the cluster", async () => {
    expect(await route("kubectl get pods -n outlet")).toMatchObject({
      branch: "simple",
      correlations: 0,
    });
  });
});

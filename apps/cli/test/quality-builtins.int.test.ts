import { builtinScenarioDir, builtinScenarioNames } from "@kubemedic/demo-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QualityReport } from "../src/quality/QualityReport";
import { runQuality } from "../src/quality/runQuality";

/**
 * The quality suite's claim (docs/quality.md): with the offline diagnostician
 * every built-in scenario passes the brief's rule and the analyzers find
 * nothing in a namespace a scenario says is healthy. This runs the real
 * runner — one demo cluster per scenario, the full agent graph, the analyzers
 * — exactly as `kubemedic quality` does (about 15 s on two cores).
 */
const names = builtinScenarioNames();
let report: QualityReport;
const saved = {
  K8SGPT_PATH: process.env.K8SGPT_PATH,
  KUBEMEDIC_GRAPH_CONFIG: process.env.KUBEMEDIC_GRAPH_CONFIG,
};

beforeAll(async () => {
  // The built-in analyzers whatever is installed (an explicit path that does not exist
  // disables the k8sgpt binary), and the default graph config.
  process.env.K8SGPT_PATH = "/nonexistent/k8sgpt";
  delete process.env.KUBEMEDIC_GRAPH_CONFIG;
  report = await runQuality({
    folders: names.map((label) => ({ label, dir: builtinScenarioDir(label) })),
    concurrency: 1,
    // Offline whatever the developer's shell exports (OPENAI_API_KEY is not read from here).
    env: { KUBEMEDIC_MODEL: "offline" },
    signal: new AbortController().signal,
  });
}, 600_000);

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe("the quality suite on every built-in scenario (offline diagnostician)", () => {
  it("runs each built-in once, in order, with the offline model", () => {
    expect(report.model).toBe("offline diagnostician");
    expect(report.scenarios.map((s) => s.name)).toEqual(names);
    expect(report.totals.errors).toBe(0);
  });

  it("passes every scenario: category, resource and mentions of each diagnosis", () => {
    const failing = report.scenarios
      .filter((s) => s.status !== "pass")
      .map((s) => `${s.name}: ${s.reasons.join("; ")}`);
    expect(failing).toEqual([]);
    expect(report.totals.diagnosesPassed).toBe(names.length);
    for (const s of report.scenarios) {
      expect(s.diagnosis?.degraded, s.name).toBe(false);
      // Every diagnosis investigated before it concluded.
      expect(s.diagnosis?.toolCalls ?? 0, s.name).toBeGreaterThan(0);
    }
  });

  it("makes no false finding in any namespace a scenario says is healthy", () => {
    expect(report.totals.falseFindings).toBe(0);
    for (const s of report.scenarios) {
      // The shared base's namespaces are always among them, so the check is never vacuous.
      expect(s.analyzers?.healthyNamespaces, s.name).toContain("kube-system");
      expect(s.analyzers?.falseFindings, s.name).toEqual([]);
    }
    const healthy = report.scenarios.filter((s) => s.expected?.category === "Healthy");
    expect(healthy.length).toBeGreaterThanOrEqual(2);
    for (const s of healthy) {
      expect(s.analyzers?.healthyNamespaces, s.name).toContain(s.namespace);
      expect(s.analyzers?.rootCause, `${s.name}: correlation found a cause`).toBeNull();
    }
  });

  it("reports strict analyzer recall apart from the correlation-assisted figure", () => {
    const t = report.totals;
    const faults = report.scenarios.filter((s) => s.expected?.category !== "Healthy");
    expect(t.analyzerRecall.of).toBe(faults.length);
    expect(t.analyzerRecallWithCorrelation.of).toBe(faults.length);
    for (const s of faults) {
      const a = s.analyzers;
      // A strict hit is a finding that names the expected object; it implies the assisted one.
      if (a?.recall === true) {
        expect(a.matched, s.name).not.toBeNull();
        expect(a.recallWithCorrelation, s.name).toBe(true);
      }
    }
    expect(t.analyzerRecall.hits).toBeLessThan(t.analyzerRecallWithCorrelation.hits);
  });

  it("ranks the primary cause first in the multi-cause scenarios", () => {
    // One fault hiding another has a primary cause; independent faults (`expect.causes`)
    // have none to rank first, and each must be named instead.
    const multi = report.scenarios.filter((s) => s.traits.includes("multi-cause"));
    const layered = multi.filter((s) => s.causes === undefined);
    expect(layered.length).toBeGreaterThanOrEqual(2);
    for (const s of multi.filter((x) => x.causes !== undefined)) {
      expect(s.status, s.name).toBe("pass");
      expect(
        s.causes?.expected.every((c) => c.found),
        s.name,
      ).toBe(true);
      expect(s.causes?.invented, s.name).toEqual([]);
    }
    for (const s of layered) {
      expect(s.status, s.name).toBe("pass");
      expect(s.analyzers?.rootCause, s.name).toBe(s.expected?.resource);
      expect(s.diagnosis?.affectedResources[0], s.name).toBe(s.expected?.resource);
    }
  });
});

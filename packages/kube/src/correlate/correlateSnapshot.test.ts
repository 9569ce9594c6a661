import { describe, expect, it } from "vitest";
import { DiagnosisReport, RootCauseCandidate } from "@kubemedic/protocol";
import {
  fullClusterSnapshot,
  healthyNamespaces,
  readScenario,
  scenarioNames,
  scenarioSnapshot,
} from "../model/testing/scenarioFixture";
import { refKey } from "./Candidate";
import { correlateSnapshot } from "./correlateSnapshot";

/** What the brief's pass rule reads: the primary and related objects, and the text of rootCause and evidence. */
function keysOf(c: RootCauseCandidate): string[] {
  return [refKey(c.primary), ...c.related.map(refKey)];
}
function textOf(c: RootCauseCandidate): string {
  return [c.rootCause, ...c.evidence.map((e) => e.excerpt)].join("\n").toLowerCase();
}

describe("correlateSnapshot over every built-in scenario (files, no simulator)", () => {
  for (const name of scenarioNames()) {
    it(name, async () => {
      const f = await readScenario(name);
      const candidates = await correlateSnapshot(scenarioSnapshot(f), { namespace: f.namespace });
      for (const c of candidates) {
        expect(RootCauseCandidate.parse(c)).toEqual(c);
        // The agent turns a candidate into a DiagnosisReport: it must fit that schema as is.
        const report = {
          summary: c.summary,
          category: c.category,
          severity: c.severity,
          rootCause: c.rootCause,
          confidence: c.score,
          affectedResources: [c.primary, ...c.related],
          evidence: c.evidence,
          recommendations: c.fixes,
        };
        expect(DiagnosisReport.safeParse(report).success).toBe(true);
      }
      if (f.expect.category === "Healthy") {
        expect(candidates).toEqual([]);
        return;
      }
      // Multi-cause (expect.causes): each independent cause is a candidate of its own, in its namespace.
      for (const cause of f.expect.causes) {
        const parts = cause.resource.split("/");
        const inScope =
          parts.length === 3 && parts[1] !== f.namespace
            ? await correlateSnapshot(scenarioSnapshot(f), { namespace: parts[1] })
            : candidates;
        const found = inScope.find(
          (c) => c.category === cause.category && keysOf(c).includes(cause.resource),
        );
        expect(found, `${name}: ${cause.category} ${cause.resource}`).toBeDefined();
        for (const m of cause.mentions) expect(textOf(found!)).toContain(m.toLowerCase());
      }
      if (f.expect.causes.length > 0) return;
      const top = candidates[0];
      expect(top?.category).toBe(f.expect.category);
      expect(keysOf(top!)).toContain(f.expect.resource);
      for (const m of f.expect.mentions) expect(textOf(top!)).toContain(m.toLowerCase());
      // Every candidate cites commands a human can run, and fixes that change something need approval.
      for (const e of top!.evidence) expect(e.excerpt.length).toBeGreaterThan(0);
      for (const fix of top!.fixes) expect(fix.requiresApproval).toBe(fix.risk !== "read-only");
    });
  }
});

describe("correlateSnapshot over the full built-in cluster", () => {
  it("ranks each scenario's cause first within its namespace and invents nothing in the healthy ones", async () => {
    const snapshot = await fullClusterSnapshot();
    const all = await correlateSnapshot(snapshot);
    const healthy = new Set(await healthyNamespaces());
    expect(
      all
        .filter((c) => healthy.has(c.primary.namespace ?? ""))
        .map((c) => `${c.category} ${refKey(c.primary)}`),
    ).toEqual([]);
    for (const f of await Promise.all(scenarioNames().map(readScenario))) {
      if (f.expect.category === "Healthy" || f.expect.causes.length > 0) continue;
      const scoped = await correlateSnapshot(snapshot, { namespace: f.namespace });
      expect(`${f.name}: ${scoped[0]?.category}`).toBe(`${f.name}: ${f.expect.category}`);
    }
  });

  it("narrows to one resource", async () => {
    const f = await readScenario("crashloop-missing-env");
    const candidates = await correlateSnapshot(scenarioSnapshot(f), {
      namespace: "shop",
      resource: { kind: "svc", name: "checkout" },
    });
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.every((c) => keysOf(c).includes("Service/shop/checkout"))).toBe(true);
    expect(candidates[0]?.category).toBe("CrashLoop");
  });
});

import { describe, expect, it } from "vitest";
import { formatQualityTable } from "./formatQualityTable";
import { qualityTotals } from "./qualityTotals";
import type { QualityReport, ScenarioResult } from "./QualityReport";

const row = (name: string, over: Partial<ScenarioResult>): ScenarioResult => ({
  name,
  dir: `/s/${name}`,
  namespace: "demo",
  question: "why?",
  expected: { category: "CrashLoop", resource: "Deployment/demo/api", mentions: [] },
  traits: [],
  status: "pass",
  reasons: [],
  diagnosis: null,
  score: { category: true, resource: true, mentions: [], passed: true },
  analyzers: {
    findings: 2,
    recall: true,
    matched: "Deployment/demo/api",
    recallWithCorrelation: true,
    rootCause: "Deployment/demo/api",
    healthyNamespaces: ["kube-system"],
    falseFindings: [],
  },
  durationMs: { total: 1234, diagnosis: 1000, analyzers: 100 },
  ...over,
});

function report(rows: ScenarioResult[]): QualityReport {
  return {
    version: 2,
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 4321,
    model: "offline diagnostician",
    machine: { node: "v20", platform: "linux x64", cpus: 2 },
    concurrency: 1,
    totals: qualityTotals(rows),
    scenarios: rows,
    conversations: [],
  };
}

describe("formatQualityTable", () => {
  it("aligns every column under its header and keeps the reason last", () => {
    const text = formatQualityTable(
      report([
        row("a-long-scenario-name", {}),
        row("b", {
          status: "fail",
          reasons: ["category Healthy, expected CrashLoop"],
          score: { category: false, resource: true, mentions: [], passed: false },
          // The findings miss the expected object; correlation ranks it first.
          analyzers: {
            findings: 2,
            recall: false,
            matched: null,
            recallWithCorrelation: true,
            rootCause: "Deployment/demo/api",
            healthyNamespaces: [],
            falseFindings: [],
          },
        }),
        row("c", {
          status: "error",
          expected: null,
          score: null,
          analyzers: null,
          reasons: ["scenario.yaml: unknown key"],
        }),
      ]),
    );
    const lines = text.split("\n");
    for (const header of ["EXPECTED", "RESULT", "ANALYZERS", "+CORRELATION", "FALSE", "TIME"]) {
      const at = lines[0]?.indexOf(header) ?? -1;
      for (const l of lines.slice(1, 4)) expect(l[at - 1], `${header} in "${l}"`).toBe(" ");
    }
    // A passing row has no reason and no trailing blanks; a failing one's starts under REASON.
    expect(lines[1]).toMatch(/1\.2s$/);
    expect(lines[2]?.slice(lines[0]?.indexOf("REASON"))).toBe(
      "category Healthy, expected CrashLoop",
    );
    expect(lines[1]).toMatch(/pass\s+hit Deployment\s+hit\s+0\s+1\.2s$/);
    expect(lines[2]).toMatch(
      /FAIL\s+miss \(2 findings\)\s+hit\s+0\s+1\.2s\s+category Healthy, expected CrashLoop$/,
    );
    expect(lines[3]).toMatch(
      /^c\s+—\s+—\s+ERROR\s+—\s+—\s+—\s+1\.2s\s+scenario\.yaml: unknown key$/,
    );
    expect(text).toContain("Totals: 3 scenarios, 1 passed, 1 failed, 1 error\n");
    expect(text).toContain("diagnoses passing the brief's rule: 1/3");
    // Strict recall is the headline; the correlation-assisted figure is separate and labelled.
    expect(text).toContain(
      "analyzer recall, strict (the findings alone name the expected object): 1/2 (50%)",
    );
    expect(text).toContain(
      "analyzer recall, correlation-assisted (or correlation ranks it first): 2/2 (100%)",
    );
    expect(text).toContain(
      "time: 4.3s (median 1.2s per scenario, concurrency 1); model: offline diagnostician",
    );
  });

  it("counts false findings and leaves Healthy scenarios out of recall", () => {
    const totals = qualityTotals([
      row("h", {
        expected: { category: "Healthy", resource: "Namespace/demo", mentions: [] },
        analyzers: {
          findings: 1,
          recall: null,
          matched: null,
          recallWithCorrelation: null,
          rootCause: null,
          healthyNamespaces: ["demo"],
          falseFindings: [{ namespace: "demo", kind: "ConfigMap", name: "demo/x", text: "unused" }],
        },
      }),
    ]);
    expect(totals.analyzerRecall).toEqual({ hits: 0, of: 0 });
    expect(totals.analyzerRecallWithCorrelation).toEqual({ hits: 0, of: 0 });
    expect(totals.falseFindings).toBe(1);
    expect(totals.byCategory).toEqual({ Healthy: { scenarios: 1, passed: 1 } });
  });
});

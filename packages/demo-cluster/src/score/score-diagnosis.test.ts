import { describe, expect, it } from "vitest";
import { scoreDiagnosis, type ScorableReport } from "./score-diagnosis";

const expectCrash = {
  category: "CrashLoop",
  resource: "Deployment/shop/checkout",
  mentions: ["DATABASE_URL"],
};

function report(overrides: Partial<ScorableReport> = {}): ScorableReport {
  return {
    category: "CrashLoop",
    rootCause: "checkout exits because database_url is not set",
    affectedResources: [
      { kind: "Deployment", namespace: "shop", name: "checkout" },
      { kind: "Pod", namespace: "shop", name: "checkout-7d9c5b6f4-x8k2p" },
    ],
    evidence: [{ excerpt: "fatal: missing config" }],
    ...overrides,
  };
}

describe("scoreDiagnosis", () => {
  it("passes a report with the category, the resource and every mention (any case)", () => {
    const r = scoreDiagnosis(report(), expectCrash);
    expect(r).toEqual({
      passed: true,
      category: true,
      resource: true,
      mentions: [{ text: "DATABASE_URL", found: true }],
    });
  });

  it("finds mentions in evidence excerpts as well as the root cause", () => {
    const r = scoreDiagnosis(
      report({
        rootCause: "the app crashes on start",
        evidence: [{ excerpt: "required environment variable DATABASE_URL is not set" }],
      }),
      expectCrash,
    );
    expect(r.passed).toBe(true);
  });

  it("fails on a wrong category, naming which part failed", () => {
    const r = scoreDiagnosis(report({ category: "MissingConfig" }), expectCrash);
    expect(r).toMatchObject({ passed: false, category: false, resource: true });
  });

  it("fails when the resource is missing or in another namespace", () => {
    expect(
      scoreDiagnosis(
        report({ affectedResources: [{ kind: "Pod", namespace: "shop", name: "checkout" }] }),
        expectCrash,
      ).resource,
    ).toBe(false);
    expect(
      scoreDiagnosis(
        report({
          affectedResources: [{ kind: "Deployment", namespace: "default", name: "checkout" }],
        }),
        expectCrash,
      ).resource,
    ).toBe(false);
    expect(
      scoreDiagnosis(
        report({ affectedResources: [{ kind: "Deployment", name: "checkout" }] }),
        expectCrash,
      ).resource,
    ).toBe(false);
  });

  it("compares kinds case-insensitively and names exactly", () => {
    expect(
      scoreDiagnosis(
        report({
          affectedResources: [{ kind: "deployment", namespace: "shop", name: "checkout" }],
        }),
        expectCrash,
      ).resource,
    ).toBe(true);
    expect(
      scoreDiagnosis(
        report({
          affectedResources: [{ kind: "Deployment", namespace: "shop", name: "Checkout" }],
        }),
        expectCrash,
      ).resource,
    ).toBe(false);
  });

  it("matches a cluster-scoped resource whatever namespace the report attaches", () => {
    const expectNode = { category: "NodeNotReady", resource: "Node/edge-worker-1", mentions: [] };
    const base = { category: "NodeNotReady", rootCause: "x", evidence: [] };
    expect(
      scoreDiagnosis(
        { ...base, affectedResources: [{ kind: "Node", name: "edge-worker-1" }] },
        expectNode,
      ).passed,
    ).toBe(true);
    expect(
      scoreDiagnosis(
        { ...base, affectedResources: [{ kind: "Node", namespace: "iot", name: "edge-worker-1" }] },
        expectNode,
      ).passed,
    ).toBe(true);
  });

  it("reports each missing mention", () => {
    const r = scoreDiagnosis(report({ rootCause: "OOMKilled" }), {
      ...expectCrash,
      category: "CrashLoop",
      mentions: ["OOMKilled", "256Mi"],
    });
    expect(r.mentions).toEqual([
      { text: "OOMKilled", found: true },
      { text: "256Mi", found: false },
    ]);
    expect(r.passed).toBe(false);
  });
});

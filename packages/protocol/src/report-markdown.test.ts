import { describe, expect, it } from "vitest";
import type { DiagnosisReport } from "./report";
import { fenceFor, reportMarkdown } from "./report-markdown";

const report: DiagnosisReport = {
  summary: "checkout crash-loops:\nits env var DB_URL is missing.",
  category: "CrashLoop",
  severity: "high",
  rootCause: "Deployment shop/checkout reads DB_URL, which is not set.",
  confidence: 0.87,
  affectedResources: [
    { kind: "Deployment", namespace: "shop", name: "checkout", status: "0/2 ready" },
    { kind: "Pod", namespace: "shop", name: "checkout-7d9", status: "CrashLoopBackOff" },
  ],
  evidence: [
    {
      source: "logs",
      command: "logs checkout-7d9 -n shop --previous",
      excerpt: "Error: DB_URL is not set\n```not a fence end```",
    },
    { source: "analyzer", command: "k8sgpt analyze -n shop", excerpt: "back-off restarting" },
  ],
  recommendations: [
    {
      title: "Set DB_URL",
      rationale: "The app exits without it.",
      command: "set env deploy/checkout -n shop DB_URL=postgres://db",
      risk: "low",
      requiresApproval: true,
    },
  ],
};

describe("reportMarkdown", () => {
  const md = reportMarkdown(report, {
    conversationTitle: "why is checkout | failing?",
    createdAt: "2026-11-22T10:00:00.000Z",
    degraded: false,
  });

  it("has headings, a summary table, evidence in code blocks under their commands, and the fix commands", () => {
    expect(md).toMatch(/^# Diagnosis: CrashLoop \(high\)\n/);
    expect(md).toContain("> checkout crash-loops: its env var DB_URL is missing.");
    expect(md).toContain("| Confidence | 87 % |");
    expect(md).toContain("| Conversation | why is checkout \\| failing? |");
    expect(md).toContain("## Root cause\n\nDeployment shop/checkout reads DB_URL");
    expect(md).toContain("- **Deployment** `shop/checkout` — 0/2 ready (root cause)");
    expect(md).toContain("### 1. logs — `kubectl logs checkout-7d9 -n shop --previous`");
    expect(md).toContain("### 2. analyzer — `k8sgpt analyze -n shop`");
    // The excerpt holds ``` so its fence is longer: it cannot end early.
    expect(md).toContain("````text\nError: DB_URL is not set\n```not a fence end```\n````");
    expect(md).toContain("1. **Set DB_URL** — risk: low, needs approval");
    expect(md).toContain(
      "   ```sh\n   kubectl set env deploy/checkout -n shop DB_URL=postgres://db\n   ```",
    );
  });

  it("picks a fence longer than any backtick run", () => {
    expect(fenceFor("plain")).toBe("```");
    expect(fenceFor("a ```` b")).toBe("`````");
  });

  it("writes analyzer evidence as k8sgpt, not kubectl (regression: 'kubectl analyze')", () => {
    const md = reportMarkdown({
      ...report,
      evidence: [{ source: "analyzer", command: "analyze", excerpt: "Pod shop/x: failing" }],
    });
    expect(md).toContain("### 1. analyzer — `k8sgpt analyze`");
    expect(md).not.toContain("kubectl analyze");
  });

  it("leaves out what a report not stored yet does not have", () => {
    const md = reportMarkdown(report);
    expect(md).not.toContain("| Conversation |");
    expect(md).not.toContain("| Created |");
    expect(md).toContain("| Confidence | 87 % |");
  });

  it("says when a list is empty instead of leaving a bare heading", () => {
    const md = reportMarkdown({
      ...report,
      affectedResources: [],
      evidence: [],
      recommendations: [],
    });
    expect(md).toContain("## Affected resources\n\nNone listed.");
    expect(md).toContain("## Evidence\n\nNone recorded.");
    expect(md).toContain("## Recommendations\n\nNone.");
  });
});

import { describe, expect, it } from "vitest";
import { type DiagnosisCause, DiagnosisReport } from "./report";
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

/** Three causes as the planner's combineReports returns them: the top level repeats the first. */
const storage: DiagnosisCause = {
  summary: "postgres in data is Pending: its PVC asks for a StorageClass that does not exist.",
  category: "StorageProvisioning",
  severity: "critical",
  rootCause: "PersistentVolumeClaim data/pgdata names StorageClass fast-ssd, which does not exist.",
  confidence: 0.92,
  affectedResources: [
    { kind: "PersistentVolumeClaim", namespace: "data", name: "pgdata", status: "Pending" },
    { kind: "Pod", namespace: "data", name: "postgres-0", status: "Pending" },
  ],
  evidence: [
    {
      source: "events",
      command: "get events -n data --field-selector involvedObject.name=pgdata",
      excerpt: 'storageclass.storage.k8s.io "fast-ssd" not found',
    },
  ],
  recommendations: [
    {
      title: "Use the standard StorageClass",
      rationale: "fast-ssd does not exist in this cluster.",
      risk: "medium",
      requiresApproval: true,
    },
  ],
};
const network: DiagnosisCause = {
  summary: "The payments Service selects no Pods: its selector says app=payment.",
  category: "ServiceSelectorMismatch",
  severity: "high",
  rootCause: "Service shop/payments selects app=payment; the Pods are labelled app=payments.",
  confidence: 0.8,
  affectedResources: [
    { kind: "Service", namespace: "shop", name: "payments", status: "0 endpoints" },
  ],
  evidence: [
    {
      source: "analyzer",
      command: "analyze -n shop",
      excerpt: "Service shop/payments: no endpoints",
    },
  ],
  recommendations: [
    {
      title: "Fix the selector",
      rationale: "Match the Pods' label.",
      command: 'patch service payments -n shop -p {"spec":{"selector":{"app":"payments"}}}',
      risk: "medium",
      requiresApproval: true,
    },
  ],
};
const crash: DiagnosisCause = { ...report, severity: "high" };
const combined: DiagnosisReport = DiagnosisReport.parse({
  ...storage,
  summary: `3 independent problems: (1) ${storage.summary} (2) ${network.summary} (3) ${crash.summary}`,
  causes: [storage, network, crash],
});

describe("reportMarkdown of a combined report", () => {
  const md = reportMarkdown(combined, { conversationTitle: "what's wrong with my cluster?" });
  const sections = md.split(/^## /m).slice(1);

  it("renders every cause, in its ranking, with its own category, severity and confidence", () => {
    expect(md).toMatch(/^# Diagnosis: 3 independent problems \(critical\)\n/);
    expect(md).toContain(
      "| Causes | StorageProvisioning, ServiceSelectorMismatch, CrashLoop |\n| Severity | 🔴 critical |",
    );
    expect(sections.map((s) => s.split("\n")[0])).toEqual([
      "Cause 1: StorageProvisioning (critical)",
      "Cause 2: ServiceSelectorMismatch (high)",
      "Cause 3: CrashLoop (high)",
    ]);
    expect(sections[1]).toContain("Severity: 🟠 high · Confidence: 80 %");
    expect(sections[2]).toContain("> checkout crash-loops: its env var DB_URL is missing.");
  });

  it("gives each cause its root cause, affected objects, evidence and fixes, and no other's", () => {
    const [s1, s2, s3] = sections as [string, string, string];
    expect(s1).toContain("### Root cause\n\nPersistentVolumeClaim data/pgdata names");
    expect(s1).toContain("- **PersistentVolumeClaim** `data/pgdata` — Pending (root cause)");
    expect(s1).toContain(
      "#### 1. events — `kubectl get events -n data --field-selector involvedObject.name=pgdata`",
    );
    expect(s1).toContain("1. **Use the standard StorageClass** — risk: medium, needs approval");
    expect(s1).not.toContain("payments");
    expect(s2).toContain("- **Service** `shop/payments` — 0 endpoints (root cause)");
    expect(s2).toContain("#### 1. analyzer — `k8sgpt analyze -n shop`");
    expect(s2).toContain("kubectl patch service payments -n shop");
    expect(s2).not.toContain("pgdata");
    expect(s3).toContain("#### 2. analyzer — `k8sgpt analyze -n shop`");
    expect(s3).toContain("   kubectl set env deploy/checkout -n shop DB_URL=postgres://db");
    expect(s3).toContain("---\n\n_Exported from kubemedic._");
  });

  it("renders a report whose causes[] holds one cause exactly as the single-cause report", () => {
    const { causes: _c, ...single } = combined;
    expect(reportMarkdown({ ...single, causes: [storage] })).toBe(reportMarkdown({ ...single }));
  });
});

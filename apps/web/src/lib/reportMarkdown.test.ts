import { describe, expect, it } from "vitest";
import { sampleReport } from "../stream/eventFixtures";
import { reportToMarkdown } from "./reportMarkdown";

describe("reportToMarkdown", () => {
  it("writes every part of the report", () => {
    const md = reportToMarkdown(sampleReport);
    expect(md).toContain("# Diagnosis");
    expect(md).toContain("**HIGH** · MissingConfig · confidence 86%");
    expect(md).toContain("## Root cause");
    expect(md).toContain("- `ConfigMap/shop/checkout-config`");
    expect(md).toContain("- `Pod/shop/checkout-7d9f-abcde` — CrashLoopBackOff");
    expect(md).toContain("**logs**: `kubectl logs checkout-7d9f-abcde -n shop --previous`");
    expect(md).toContain("fatal: CHECKOUT_DB_URL is not set");
    expect(md).toContain("1. **Add the missing key to the ConfigMap** (risk: low, needs approval)");
    expect(md).toContain("kubectl patch configmap checkout-config");
    expect(md.endsWith("\n")).toBe(true);
    expect(md).not.toMatch(/\n{3,}/);
  });

  it("keeps an excerpt with backticks inside its fence", () => {
    const md = reportToMarkdown({
      ...sampleReport,
      evidence: [{ source: "logs", excerpt: "a ``` b" }],
    });
    expect(md).toContain("````text");
  });

  it("writes analyzer evidence as k8sgpt, not kubectl (regression: 'kubectl analyze')", () => {
    const md = reportToMarkdown({
      ...sampleReport,
      evidence: [{ source: "analyzer", command: "analyze", excerpt: "Pod shop/x: failing" }],
    });
    expect(md).toContain("**analyzer**: `k8sgpt analyze`");
    expect(md).not.toContain("kubectl analyze");
  });
});

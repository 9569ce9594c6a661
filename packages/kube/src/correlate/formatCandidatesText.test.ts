import { describe, expect, it } from "vitest";
import { formatCandidatesText } from "./formatCandidatesText";

describe("formatCandidatesText", () => {
  it("prints each candidate with its affected objects, evidence commands and fixes with risk", () => {
    const text = formatCandidatesText([
      {
        category: "CrashLoop",
        severity: "critical",
        score: 0.9,
        primary: { kind: "Deployment", namespace: "shop", name: "checkout" },
        related: [
          { kind: "Pod", namespace: "shop", name: "checkout-1", status: "CrashLoopBackOff" },
        ],
        summary: "checkout crash-loops",
        rootCause: "DATABASE_URL is not set",
        evidence: [
          {
            source: "logs",
            command: "logs checkout-1 -n shop --previous --tail=50",
            excerpt: "fatal: DATABASE_URL missing",
          },
        ],
        fixes: [
          {
            title: "Set DATABASE_URL",
            rationale: "it is required",
            command: "set env deployment/checkout DATABASE_URL=<value> -n shop",
            risk: "medium",
            requiresApproval: true,
          },
        ],
      },
    ]);
    expect(text).toContain("1. [CrashLoop, critical, score 0.90] Deployment/shop/checkout");
    expect(text).toContain("Affected: Pod/shop/checkout-1 (CrashLoopBackOff)");
    expect(text).toContain(
      "- logs: kubectl logs checkout-1 -n shop --previous --tail=50\n       fatal: DATABASE_URL missing",
    );
    expect(text).toContain(
      "- Set DATABASE_URL [medium, needs approval]\n       kubectl set env deployment/checkout DATABASE_URL=<value> -n shop",
    );
    expect(formatCandidatesText([])).toContain("none found");
  });
});

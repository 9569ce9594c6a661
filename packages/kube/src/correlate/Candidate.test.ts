import { describe, expect, it } from "vitest";
import { ref, toCandidate, type Draft } from "./Candidate";

describe("toCandidate", () => {
  it("redacts every free text a rule quoted, related objects' status included", () => {
    const leak = "token=s3cr3t-value";
    const draft: Draft = {
      category: "CrashLoop",
      severity: "high",
      score: 0.8,
      primary: { kind: "Deployment", namespace: "a", name: "x" },
      related: [ref("Pod", "a", "x-1", `failed: ${leak}`), ref("Pod", "a", "x-2", "Running")],
      summary: `x crashes: ${leak}`,
      rootCause: `The log says ${leak}.`,
      evidence: [{ source: "logs", command: "logs x-1 -n a", excerpt: `error: ${leak}` }],
      fixes: [
        {
          title: `Rotate ${leak}`,
          rationale: `Because ${leak}`,
          command: "rollout restart deployment/x -n a",
          risk: "medium",
          requiresApproval: true,
        },
      ],
    };
    const candidate = toCandidate(draft);
    expect(JSON.stringify(candidate)).not.toContain("s3cr3t");
    expect(candidate.related.map((r) => r.status)).toEqual(["failed: token=[REDACTED]", "Running"]);
    expect(candidate.summary).toBe("x crashes: token=[REDACTED]");
    // Commands are kept as built.
    expect(candidate.evidence[0]?.command).toBe("logs x-1 -n a");
    expect(candidate.fixes[0]?.command).toBe("rollout restart deployment/x -n a");
  });
});

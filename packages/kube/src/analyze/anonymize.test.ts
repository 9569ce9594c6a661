import { describe, expect, it } from "vitest";
import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";
import { anonymizeAnalysis } from "./anonymize";
import { createMasker, failureFactory } from "./sensitive";

describe("masking and anonymization", () => {
  it("masks like k8sgpt: n bytes become n alphabet characters, base64-encoded, stable within a run", () => {
    const mask = createMasker();
    const m = mask("checkout");
    expect(Buffer.from(m, "base64").toString("utf8")).toHaveLength(8);
    expect(m).toHaveLength(12);
    expect(mask("checkout")).toBe(m);
    expect(createMasker()("checkout")).not.toBe(m);
    expect(mask("")).toBe("");
  });

  it("masks names in text, result names and parents, and can put them back", () => {
    const mask = createMasker();
    const f = failureFactory(mask);
    const output: AnalysisOutput = {
      provider: "",
      errors: null,
      status: "ProblemDetected",
      problems: 2,
      results: [
        {
          kind: "Deployment",
          name: "shop/checkout",
          error: [f("Deployment shop/checkout wants 2 replicas", ["shop", "checkout"])],
          details: "",
          parentObject: "",
        },
        {
          kind: "Pod",
          name: "shop/checkout-7d9-x",
          error: [f("Container app of pod checkout-7d9-x failed (a.b.c)", [])],
          details: "",
          parentObject: "Deployment/checkout",
        },
      ],
    };
    const { output: masked, unmask } = anonymizeAnalysis(output, mask);
    const json = JSON.stringify(masked);
    expect(json).not.toMatch(/checkout|shop/);
    expect(masked.results?.[1]?.parentObject).toBe(`Deployment/${mask("checkout")}`);
    expect(masked.results?.[0]?.error[0]?.Sensitive).toEqual([]);
    // Regex metacharacters in values are literal.
    expect(masked.results?.[1]?.error[0]?.Text).toContain("(a.b.c)");
    expect(unmask(`Scale ${mask("checkout")} in ${mask("shop")}`)).toBe("Scale checkout in shop");
    // The input is untouched.
    expect(output.results?.[0]?.name).toBe("shop/checkout");
  });

  it("masks root-cause candidates with the same mapping as the findings", () => {
    const mask = createMasker();
    const output: AnalysisOutput = {
      provider: "",
      errors: null,
      status: "ProblemDetected",
      problems: 1,
      results: [
        {
          kind: "Deployment",
          name: "shop/checkout",
          error: [failureFactory(mask)("Deployment shop/checkout is down", ["shop", "checkout"])],
          details: "",
          parentObject: "",
        },
      ],
    };
    const candidate: RootCauseCandidate = {
      category: "MissingConfig",
      severity: "critical",
      score: 0.95,
      primary: { kind: "Deployment", namespace: "shop", name: "checkout" },
      related: [{ kind: "Secret", namespace: "shop", name: "db-credentials", status: "not found" }],
      summary: "Deployment shop/checkout needs Secret db-credentials.",
      rootCause: "Secret db-credentials does not exist in shop.",
      evidence: [
        {
          source: "kubectl",
          command: "get secret db-credentials -n shop",
          excerpt: 'Error from server (NotFound): secrets "db-credentials" not found',
        },
      ],
      fixes: [
        {
          title: "Create db-credentials",
          rationale: "checkout reads it.",
          command: "create secret generic db-credentials -n shop --from-literal=password=<value>",
          risk: "medium",
          requiresApproval: true,
        },
      ],
    };
    const { output: masked, candidates, unmask } = anonymizeAnalysis(output, mask, [candidate]);
    expect(JSON.stringify([masked, candidates])).not.toMatch(/checkout|shop|db-credentials/);
    expect(candidates[0]?.primary).toEqual({
      kind: "Deployment",
      namespace: mask("shop"),
      name: mask("checkout"),
    });
    // One object, one pseudonym: the finding's name and the candidate's primary agree.
    expect(masked.results?.[0]?.name).toBe(`${mask("shop")}/${mask("checkout")}`);
    expect(candidates[0]?.related[0]).toMatchObject({ kind: "Secret", status: "not found" });
    expect(unmask(candidates[0]!.fixes[0]!.command!)).toBe(candidate.fixes[0]!.command);
    expect(candidate.primary.name).toBe("checkout");
  });
});

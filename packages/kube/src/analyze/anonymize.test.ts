import { describe, expect, it } from "vitest";
import type { AnalysisOutput } from "@kubemedic/protocol";
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
});

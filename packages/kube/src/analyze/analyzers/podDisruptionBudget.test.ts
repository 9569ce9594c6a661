import { describe, expect, it } from "vitest";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { podDisruptionBudgetAnalyzer } from "./podDisruptionBudget";

const pdb = (name: string, selector: object, conditions: object[]) => ({
  kind: "PodDisruptionBudget",
  metadata: { name, namespace: "a" },
  spec: { minAvailable: 2, selector },
  status: { conditions },
});

describe("PodDisruptionBudget analyzer", () => {
  it("reports one finding per matchLabels pair when the first condition disallows disruption", async () => {
    const results = await runAnalyzer(podDisruptionBudgetAnalyzer, [
      pdb("strict", { matchLabels: { app: "web", tier: "fe" } }, [
        { type: "DisruptionAllowed", status: "False", reason: "InsufficientPods" },
      ]),
      pdb("exprs", { matchExpressions: [{ key: "app", operator: "Exists" }] }, [
        { type: "DisruptionAllowed", status: "False" },
      ]),
      pdb("second", { matchLabels: { app: "x" } }, [
        { type: "Other", status: "True" },
        { type: "DisruptionAllowed", status: "False" },
      ]),
      pdb("none", { matchLabels: { app: "y" } }, []),
    ]);
    expect(texts(results)).toEqual([
      "PodDisruptionBudget allows no disruption (InsufficientPods); it expects pods labelled app=web.",
      "PodDisruptionBudget allows no disruption (InsufficientPods); it expects pods labelled tier=fe.",
    ]);
    expect(results[0]?.error[1]?.Sensitive?.map((s) => s.Unmasked)).toEqual(["tier", "fe"]);
  });
});

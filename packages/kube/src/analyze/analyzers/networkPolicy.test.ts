import { describe, expect, it } from "vitest";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { networkPolicyAnalyzer } from "./networkPolicy";

const np = (name: string, podSelector: object, ns = "a") => ({
  kind: "NetworkPolicy",
  metadata: { name, namespace: ns },
  spec: { podSelector },
});

describe("NetworkPolicy analyzer", () => {
  it("flags policies selecting every pod or no pod, counting pods in the policy's namespace", async () => {
    const results = await runAnalyzer(networkPolicyAnalyzer, [
      np("default-deny", {}),
      np("exprs-only", { matchExpressions: [{ key: "app", operator: "Exists" }] }),
      np("nobody", { matchLabels: { app: "ghost" } }),
      np("web", { matchLabels: { app: "web" } }),
      np("elsewhere", { matchLabels: { app: "web" } }, "b"),
      { kind: "Pod", metadata: { name: "w", namespace: "a", labels: { app: "web" } } },
    ]);
    expect(results.map((r) => r.name)).toEqual([
      "a/default-deny",
      "a/exprs-only",
      "a/nobody",
      "b/elsewhere",
    ]);
    expect(texts(results)).toEqual([
      "NetworkPolicy default-deny applies to every pod in its namespace.",
      "NetworkPolicy exprs-only applies to every pod in its namespace.",
      "NetworkPolicy nobody selects no pod.",
      "NetworkPolicy elsewhere selects no pod.",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { ref, type Draft } from "./Candidate";
import { rankDrafts } from "./rank";

const draft = (over: Partial<Draft>): Draft => ({
  category: "Other",
  severity: "high",
  score: 0.5,
  primary: { kind: "Deployment", namespace: "a", name: "x" },
  related: [],
  summary: "",
  rootCause: "",
  evidence: [],
  fixes: [],
  ...over,
});

describe("rankDrafts", () => {
  it("puts the cause before a louder symptom it explains", () => {
    const symptom = draft({
      category: "Unschedulable",
      score: 0.95,
      primary: { kind: "Deployment", namespace: "a", name: "web" },
    });
    const cause = draft({
      category: "NodeNotReady",
      score: 0.8,
      primary: { kind: "Node", name: "n1" },
      related: [ref("Deployment", "a", "web")],
    });
    expect(rankDrafts([symptom, cause]).map((d) => d.category)).toEqual([
      "NodeNotReady",
      "Unschedulable",
    ]);
  });

  it("lets a candidate declare what it depends on (a Service whose pods crash)", () => {
    const service = draft({
      category: "NoEndpoints",
      score: 0.9,
      primary: { kind: "Service", namespace: "a", name: "web" },
      related: [ref("Pod", "a", "web-1")],
      dependsOn: ["Pod/a/web-1"],
    });
    const crash = draft({
      category: "CrashLoop",
      score: 0.6,
      related: [ref("Pod", "a", "web-1"), ref("Service", "a", "web")],
    });
    expect(rankDrafts([service, crash]).map((d) => d.category)).toEqual([
      "CrashLoop",
      "NoEndpoints",
    ]);
  });

  it("merges candidates with the same category and primary, keeping the stronger text", () => {
    const a = draft({
      category: "CrashLoop",
      score: 0.9,
      rootCause: "strong",
      related: [ref("Pod", "a", "p1")],
    });
    const b = draft({
      category: "CrashLoop",
      score: 0.4,
      rootCause: "weak",
      related: [ref("Pod", "a", "p2")],
    });
    const [merged, ...rest] = rankDrafts([b, a]);
    expect(rest).toEqual([]);
    expect(merged?.rootCause).toBe("strong");
    expect(merged?.related.map((r) => r.name)).toEqual(["p1", "p2"]);
  });

  it("breaks ties by the taxonomy's order, deterministically", () => {
    const x = draft({
      category: "RolloutStuck",
      score: 0.7,
      primary: { kind: "Deployment", namespace: "a", name: "b" },
    });
    const y = draft({
      category: "CrashLoop",
      score: 0.7,
      primary: { kind: "Deployment", namespace: "a", name: "c" },
    });
    expect(rankDrafts([x, y]).map((d) => d.category)).toEqual(["CrashLoop", "RolloutStuck"]);
  });
});

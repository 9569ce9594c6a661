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

  it("keeps an explained candidate that may be a cause of its own, at half its score", () => {
    const crash = draft({ category: "CrashLoop", score: 0.9 });
    const quota = draft({
      category: "QuotaExceeded",
      score: 0.95,
      primary: { kind: "ResourceQuota", namespace: "a", name: "q" },
      related: [ref("Deployment", "a", "x")],
    });
    expect(rankDrafts([crash, quota]).map((d) => [d.category, d.score])).toEqual([
      ["QuotaExceeded", 0.95],
      ["CrashLoop", 0.45],
    ]);
  });

  it("folds a self-declared symptom into its cause (a Service whose pods crash)", () => {
    const service = draft({
      category: "NoEndpoints",
      severity: "critical",
      score: 0.9,
      primary: { kind: "Service", namespace: "a", name: "web" },
      summary: "Service a/web has no ready endpoint.",
      related: [ref("Pod", "a", "web-1"), ref("Pod", "a", "web-2")],
      evidence: [{ source: "kubectl", command: "get endpoints web -n a", excerpt: "web <none>" }],
      dependsOn: ["Pod/a/web-1"],
    });
    const crash = draft({
      category: "CrashLoop",
      severity: "high",
      score: 0.6,
      rootCause: "It crashes.",
      related: [ref("Pod", "a", "web-1"), ref("Service", "a", "web")],
    });
    const ranked = rankDrafts([service, crash]);
    expect(ranked.map((d) => d.category)).toEqual(["CrashLoop"]);
    const [cause] = ranked;
    expect(cause?.score).toBe(0.6);
    // The outage the symptom describes makes the cause critical.
    expect(cause?.severity).toBe("critical");
    expect(cause?.related).toEqual([
      ref("Pod", "a", "web-1"),
      ref("Service", "a", "web", "symptom: NoEndpoints"),
      ref("Pod", "a", "web-2"),
    ]);
    expect(cause?.rootCause).toBe("It crashes. Symptom: Service a/web has no ready endpoint.");
    expect(cause?.evidence.map((e) => e.command)).toEqual(["get endpoints web -n a"]);
    // The inputs are not edited.
    expect(crash.related[1]).toEqual(ref("Service", "a", "web"));
  });

  it("folds through a chain of symptoms into the first candidate that is not one", () => {
    const ingress = draft({
      category: "IngressMisconfig",
      score: 0.4,
      primary: { kind: "Ingress", namespace: "a", name: "web" },
      summary: "Ingress a/web has no backend.",
      dependsOn: ["Service/a/web"],
    });
    const service = draft({
      category: "NoEndpoints",
      score: 0.45,
      primary: { kind: "Service", namespace: "a", name: "web" },
      summary: "Service a/web has no ready endpoint.",
      dependsOn: ["Deployment/a/x"],
    });
    const crash = draft({ category: "CrashLoop", score: 0.9, rootCause: "It crashes." });
    const ranked = rankDrafts([ingress, service, crash]);
    expect(ranked.map((d) => d.category)).toEqual(["CrashLoop"]);
    expect(ranked[0]?.related.map((r) => `${r.kind}/${r.name} ${r.status ?? ""}`).sort()).toEqual([
      "Ingress/web symptom: IngressMisconfig",
      "Service/web symptom: NoEndpoints",
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

import { describe, expect, it } from "vitest";
import { DemoClusterError } from "../errors";
import { generateScenario } from "./generate-scenario";
import { mergeScenarios } from "./merge-scenarios";

describe("generateScenario", () => {
  it("builds exactly the requested pods, spread over namespaces and nodes, with unique names", () => {
    const s = generateScenario({ pods: 1234, namespaces: 3, seed: 5 });
    const pods = s.objects.filter((o) => o.object.kind === "Pod").map((o) => o.object);
    expect(pods).toHaveLength(1234);
    expect(new Set(pods.map((p) => `${p.metadata.namespace ?? ""}/${p.metadata.name}`)).size).toBe(
      1234,
    );
    expect(new Set(pods.map((p) => p.metadata.namespace))).toEqual(
      new Set(["gen-0", "gen-1", "gen-2"]),
    );
    expect(s.objects.filter((o) => o.object.kind === "Node")).toHaveLength(13);
    expect(JSON.stringify(pods[0]).length).toBeGreaterThan(2000);
  });

  it("is deterministic for a seed and honours faultyShare", () => {
    const a = generateScenario({ pods: 500, seed: 9, faultyShare: 0.5 });
    const b = generateScenario({ pods: 500, seed: 9, faultyShare: 0.5 });
    const faulty = (s: typeof a): string[] =>
      s.objects
        .filter(
          (o) =>
            o.object.kind === "Pod" && JSON.stringify(o.object.status).includes("CrashLoopBackOff"),
        )
        .map((o) => o.object.metadata.name);
    expect(faulty(a)).toEqual(faulty(b));
    expect(faulty(a).length).toBeGreaterThan(100);
    expect(faulty(generateScenario({ pods: 500, faultyShare: 0 }))).toEqual([]);
    expect(a.expect.category).toBe("CrashLoop");
    expect(a.logs.length).toBe(faulty(a).length);
  });

  it("merges like a loaded scenario and refuses impossible options", () => {
    expect(
      mergeScenarios([generateScenario({ pods: 50 })]).objects.some(
        (o) => o.object.kind === "Namespace" && o.object.metadata.name === "default",
      ),
    ).toBe(true);
    expect(() => generateScenario({ pods: 0 })).toThrow(DemoClusterError);
    expect(() => generateScenario({ pods: 10, faultyShare: 2 })).toThrow("faultyShare");
  });
});

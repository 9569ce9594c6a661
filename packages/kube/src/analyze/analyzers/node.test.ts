import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { isBadNodeCondition, nodeAnalyzer } from "./node";

describe("Node analyzer", () => {
  it("flags the NotReady edge node whatever the namespace asked for", async () => {
    const f = await readScenario("node-notready");
    const results = await runAnalyzer(nodeAnalyzer, f.objects, { namespace: "iot" });
    expect(results.map((r) => r.name)).toEqual(["edge-worker-1"]);
    expect(texts(results).join("\n")).toContain("Ready=Unknown");
    expect(results[0]?.error[0]?.Sensitive?.map((s) => s.Unmasked)).toEqual(["edge-worker-1"]);
  });

  it("follows k8sgpt's condition rules", () => {
    expect(isBadNodeCondition({ type: "Ready", status: "True" })).toBe(false);
    expect(isBadNodeCondition({ type: "Ready", status: "Unknown" })).toBe(true);
    expect(isBadNodeCondition({ type: "MemoryPressure", status: "False" })).toBe(false);
    expect(isBadNodeCondition({ type: "DiskPressure", status: "Unknown" })).toBe(true);
    expect(isBadNodeCondition({ type: "EtcdIsVoter", status: "False" })).toBe(false);
    expect(isBadNodeCondition({ type: "KernelDeadlock", status: "False" })).toBe(true);
  });
});

import type { RootCauseCandidate } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { refKey } from "../src/correlate/Candidate";
import { analyzeSnapshot, correlateSnapshot } from "../src/index";
import {
  fullClusterSnapshot,
  readScenario,
  scenarioNames,
} from "../src/model/testing/scenarioFixture";

/** The primary and related objects of a candidate, as `Kind/namespace/name`. */
function keysOf(c: RootCauseCandidate): string[] {
  return [refKey(c.primary), ...c.related.map(refKey)];
}

/** Analysis and correlation are peers over one snapshot: what one finds, the other must explain. */
describe("analyzer findings and correlation candidates over the full built-in cluster", () => {
  it("links every analyzer finding to a candidate, and no symptom stands as a root cause of its own", async () => {
    // Regression: the scan view ranks each finding by the candidates that name it. A
    // NotReady node or a Service emptied by crashing pods must be named by a cause, and
    // a Service without endpoints is a root cause only where nothing else explains it.
    const snapshot = await fullClusterSnapshot();
    const [all, analysis] = await Promise.all([
      correlateSnapshot(snapshot),
      analyzeSnapshot(snapshot),
    ]);
    const named = new Set(all.flatMap(keysOf));
    const unlinked = (analysis.results ?? [])
      .map((r) => {
        const [ns, name] = r.name.includes("/") ? r.name.split("/") : [undefined, r.name];
        return refKey({ kind: r.kind, namespace: ns, name: name ?? "" });
      })
      .filter((key) => !named.has(key));
    expect(unlinked).toEqual([]);
    const expectedNoEndpoints = (await Promise.all(scenarioNames().map(readScenario)))

      .filter((f) => f.expect.category === "NoEndpoints")
      .map((f) => f.expect.resource);
    expect(all.filter((c) => c.category === "NoEndpoints").map((c) => refKey(c.primary))).toEqual(
      expectedNoEndpoints,
    );
    const node = all.find((c) => c.category === "NodeNotReady");
    expect(node?.severity).toBe("critical");
    expect(keysOf(node!)).toContain("Service/iot/sensor-gateway");
    // The whole built-in cluster (39 scenarios) is analyzed and correlated twice: on a busy
    // 2-core CI machine that takes ~20 s, past vitest's default.
  }, 60_000);
});

import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

describe("a Service without endpoints because its Deployment runs no pod", () => {
  it("scaled to zero: NoEndpoints, with the scale-down event that says when (noendpoints-scaled-to-zero)", async () => {
    const { snapshot } = await scenarioVariant("noendpoints-scaled-to-zero");
    const [top] = await correlateSnapshot(snapshot, { namespace: "docs" });
    expect(top?.category).toBe("NoEndpoints");
    expect(refKey(top!.primary)).toBe("Service/docs/docs-site");
    expect(top?.rootCause).toMatch(
      /is scaled to 0 replicas \(56m ago: "Scaled down replica set docs-site-59d8c7b6f8 from 2 to 0"\)/,
    );
    expect(
      top?.evidence.some((e) => e.source === "events" && e.excerpt.includes("from 2 to 0")),
    ).toBe(true);
    expect(top?.fixes[0]?.command).toBe("scale deployment/docs-site --replicas=1 -n docs");
  });

  it("pods never created: a symptom of the workload, folded into its cause", async () => {
    const { snapshot } = await scenarioVariant("podsecurity-rejects-pods");
    const candidates = await correlateSnapshot(snapshot, { namespace: "compliance" });
    expect(candidates.map((c) => c.category)).toEqual(["Other"]);
    const [cause] = candidates;
    expect(cause?.rootCause).toContain(
      "Symptom: Service compliance/audit-exporter has no endpoints: Deployment compliance/audit-exporter has no pod.",
    );
    expect(
      cause?.evidence.some((e) => e.command === "get endpoints audit-exporter -n compliance"),
    ).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { refKey } from "../Candidate";
import { correlateSnapshot } from "../correlateSnapshot";

describe("a rollout stuck on a quota (rollout-stuck-quota)", () => {
  it("names the ResourceQuota, with the stuck rollout it explains as its symptom, degraded rather than down", async () => {
    const { snapshot } = await scenarioVariant("rollout-stuck-quota");
    const [top, ...rest] = await correlateSnapshot(snapshot, { namespace: "fulfilment" });
    expect(top?.category).toBe("QuotaExceeded");
    expect(refKey(top!.primary)).toBe("ResourceQuota/fulfilment/fulfilment-quota");
    expect(top?.rootCause).toContain(
      "requested limits.memory=2Gi, used limits.memory=7Gi, limited limits.memory=8Gi",
    );
    // Three v3.4.2 pods still serve: high, not critical.
    expect(top?.severity).toBe("high");
    // The stuck rollout is what the quota causes, not a root cause of its own.
    expect(rest.find((c) => c.category === "RolloutStuck")).toBeUndefined();
    expect(top?.related).toContainEqual(
      expect.objectContaining({
        kind: "Deployment",
        name: "shipping-api",
        status: "symptom: RolloutStuck",
      }),
    );
    expect(top?.rootCause).toContain("Symptom: ");
  });

  it("is critical when no pod of the workload serves (podsecurity-rejects-pods)", async () => {
    const { snapshot } = await scenarioVariant("podsecurity-rejects-pods");
    const [top] = await correlateSnapshot(snapshot, { namespace: "compliance" });
    expect(top?.severity).toBe("critical");
  });
});

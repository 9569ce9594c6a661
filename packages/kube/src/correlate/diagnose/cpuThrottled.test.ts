import { describe, expect, it } from "vitest";
import { scenarioVariant } from "../../model/testing/scenarioVariant";
import { correlateSnapshot } from "../correlateSnapshot";

const NAME = "cpu-throttled-probe-timeouts";
const FIX = "set resources deployment/pricing-api -c pricing-api --limits=cpu=500m -n tariffs";

type Usage = { containers: { usage: { cpu: string } }[] };

describe("a readiness probe that times out at the CPU limit (cpu-throttled-probe-timeouts)", () => {
  it("names the throttling from the metrics, with the usage as evidence and a higher limit as the fix", async () => {
    const { snapshot } = await scenarioVariant(NAME);
    const [top] = await correlateSnapshot(snapshot, { namespace: "tariffs" });
    expect(top?.category).toBe("ProbeFailure");
    expect(top?.score).toBe(0.9);
    expect(top?.summary).toContain("throttled at its 250m CPU limit");
    expect(top?.rootCause).toContain("pricing-api-7b9f6c5d84-x8n4d 250m");
    expect(top?.evidence[0]?.command).toBe("top pod -n tariffs -l app=pricing-api --containers");
    expect(top?.fixes[0]).toMatchObject({ command: FIX, requiresApproval: true });
  });

  it("is decided by the usage: without metrics, or below the limit, it is a bare probe failure", async () => {
    const without = await scenarioVariant(NAME, { drop: (o) => o.kind === "PodMetrics" });
    const idle = await scenarioVariant(NAME, {
      edit: (objects) => {
        for (const o of objects)
          if (o.kind === "PodMetrics")
            for (const c of (o as unknown as Usage).containers) c.usage.cpu = "120m";
      },
    });
    for (const { snapshot } of [without, idle]) {
      const [top] = await correlateSnapshot(snapshot, { namespace: "tariffs" });
      expect(top?.category).toBe("ProbeFailure");
      expect(top?.rootCause).not.toContain("CPU limit");
      expect(top?.fixes.some((f) => f.command === FIX)).toBe(false);
    }
  });

  it("needs a timeout: a refused probe at the CPU limit is still about the probe", async () => {
    const { snapshot } = await scenarioVariant(NAME, {
      edit: (objects) => {
        for (const o of objects)
          if (o.kind === "Event" && typeof o.message === "string")
            o.message = o.message.replace(
              /context deadline exceeded.*$/,
              "dial tcp 10.244.1.93:8080: connect: connection refused",
            );
      },
    });
    const [top] = await correlateSnapshot(snapshot, { namespace: "tariffs" });
    expect(top?.rootCause).not.toContain("throttles");
  });
});

import { describe, expect, it } from "vitest";
import { formatMicroTime, formatTime, relativeOffset, resolveRelativeTimes } from "./relative-time";

const now = Date.parse("2026-11-22T10:00:00.000Z");

describe("relative times", () => {
  it("parse single and compound units", () => {
    expect(relativeOffset("-5m")).toBe(300_000);
    expect(relativeOffset("-1h30m")).toBe(5_400_000);
    expect(relativeOffset("-2d")).toBe(172_800_000);
    expect(relativeOffset("now")).toBe(0);
    expect(relativeOffset("5m")).toBeUndefined();
    expect(relativeOffset("2026-11-22T10:00:00Z")).toBeUndefined();
  });

  it("resolve only time fields, with MicroTime precision where the API uses it", () => {
    const o = {
      metadata: { creationTimestamp: "-1h" },
      eventTime: "-5m",
      spec: { containers: [{ args: ["--since=-5m", "-5m"] }] },
      taints: [{ timeAdded: "-14m" }],
      timestamp: "-20s",
    };
    resolveRelativeTimes(o, now);
    expect(o.metadata.creationTimestamp).toBe("2026-11-22T09:00:00Z");
    expect(o.eventTime).toBe("2026-11-22T09:55:00.000000Z");
    expect(o.spec.containers[0]?.args).toEqual(["--since=-5m", "-5m"]);
    expect(o.taints[0]?.timeAdded).toBe("2026-11-22T09:46:00Z");
    expect(o.timestamp).toBe("2026-11-22T09:59:40Z");
    expect(formatTime(now + 999)).toBe("2026-11-22T10:00:00Z");
    expect(formatMicroTime(now + 5)).toBe("2026-11-22T10:00:00.005000Z");
  });
});

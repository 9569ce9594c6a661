import { describe, expect, it } from "vitest";
import { FrameBudget, userBudget, type FrameBudgetLimits } from "./frame-budget";

const LIMITS: FrameBudgetLimits = {
  framesPerSecond: 20,
  frameBurst: 60,
  bytesPerSecond: 100_000,
  userFramesPerSecond: 60,
  userBytesPerSecond: 200_000,
  maxFrameBytes: 65_536,
};

describe("FrameBudget", () => {
  it("is the regression for a user freezing the server within the rate limit: 32 sockets share one byte budget", () => {
    const user = userBudget(LIMITS);
    const sockets = Array.from({ length: 32 }, () => new FrameBudget(LIMITS, user));
    // One second of the attack: each socket sends 20 frames of 60 KB (38 MB in all).
    let accepted = 0;
    let now = 0;
    for (let frame = 0; frame < 20; frame++) {
      for (const socket of sockets) if (socket.take(60_000, now) === "ok") accepted++;
      now += 50;
    }
    // The user's burst (4 s of 200 KB/s) and one second of refill, not 640 frames.
    expect(accepted).toBeLessThanOrEqual(Math.floor((800_000 + 200_000) / 60_000));
    expect(accepted).toBeGreaterThan(0);
  });

  it("counts bytes as well as frames, per connection, and charges nothing for a refused frame", () => {
    const budget = new FrameBudget(LIMITS, userBudget(LIMITS));
    // 400 KB burst per connection: six frames of 64 KB, then the seventh waits.
    expect(Array.from({ length: 7 }, () => budget.take(64_000, 0))).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
      "ok",
      "ok",
      "bytes",
    ]);
    // Small frames still pass (bytes left), up to the frame burst.
    const small = Array.from({ length: 60 }, () => budget.take(100, 0));
    expect(small.filter((v) => v === "ok")).toHaveLength(54);
    expect(small.at(-1)).toBe("frames");
    // Half a second later: 10 frames and 50 KB more.
    expect(budget.take(50_000, 500)).toBe("ok");
  });

  it("always lets a frame of the largest size through a quiet connection, whatever the byte rate", () => {
    const tiny = { ...LIMITS, bytesPerSecond: 1_000, userBytesPerSecond: 1_000 };
    expect(new FrameBudget(tiny, userBudget(tiny)).take(65_536, 0)).toBe("ok");
  });
});

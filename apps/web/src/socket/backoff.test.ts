import { describe, expect, it } from "vitest";
import { backoffDelay, defaultBackoff } from "./backoff";

describe("backoffDelay", () => {
  it("grows exponentially up to the cap", () => {
    const noJitter = { ...defaultBackoff, jitter: 0 };
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => backoffDelay(a, noJitter))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000,
    ]);
  });

  it("spreads each delay over its jitter share", () => {
    expect(backoffDelay(2, defaultBackoff, () => 0)).toBe(1000);
    expect(backoffDelay(2, defaultBackoff, () => 1)).toBe(2000);
    expect(backoffDelay(2, defaultBackoff, () => 0.5)).toBe(1500);
  });

  it("stays within bounds for hostile inputs", () => {
    for (const attempt of [-3, 0, 1e6, Number.MAX_SAFE_INTEGER]) {
      for (const r of [-1, 0, 0.3, 1, 7, Number.NaN]) {
        const d = backoffDelay(attempt, defaultBackoff, () => r);
        expect(d, `attempt ${attempt} r ${r}`).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(defaultBackoff.maxMs);
      }
    }
  });
});

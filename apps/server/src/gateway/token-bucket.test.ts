import { describe, expect, it } from "vitest";
import { TokenBucket } from "./token-bucket";

describe("TokenBucket", () => {
  it("allows a burst, then the sustained rate", () => {
    const bucket = new TokenBucket(2, 3, 0);
    expect([0, 0, 0, 0].map(() => bucket.take(0))).toEqual([true, true, true, false]);
    expect(bucket.take(400)).toBe(false); // 0.8 token
    expect(bucket.take(500)).toBe(true); // 1 token after 500 ms at 2/s
    expect(bucket.take(500)).toBe(false);
    // Never more than the burst, however long it was idle.
    expect([0, 0, 0, 0].map(() => bucket.take(60_000))).toEqual([true, true, true, false]);
  });
});

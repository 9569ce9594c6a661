import { describe, expect, it } from "vitest";
import { clientKey, SignInThrottle } from "./sign-in-throttle";

describe("SignInThrottle", () => {
  it("is the regression for 2,000 wrong tokens in 2.5 s: after 5 free tries each wrong token doubles the wait", () => {
    let now = 0;
    const throttle = new SignInThrottle({ now: () => now });
    const tries: boolean[] = [];
    for (let i = 0; i < 2_000; i++) {
      const verdict = throttle.check("10.0.0.1");
      tries.push(verdict.ok);
      if (verdict.ok) throttle.fail("10.0.0.1");
      now += 1.25; // 2,000 in 2.5 s
    }
    // 5 free, then one after the 1 s wait, then the 2 s wait outlasts the burst.
    expect(tries.filter(Boolean)).toHaveLength(7);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const verdict = throttle.check("10.0.0.1");
      if (verdict.ok) throw new Error("expected a wait");
      waits.push(verdict.retryAfterMs);
      now += verdict.retryAfterMs;
      throttle.fail("10.0.0.1");
    }
    expect(waits.slice(1)).toEqual([4_000, 8_000, 16_000, 32_000]);
  });

  it("refuses even the right token while waiting, clears on success, caps the wait, and keeps addresses apart", () => {
    let now = 0;
    const throttle = new SignInThrottle({ now: () => now, freeFailures: 1, maxDelayMs: 5_000 });
    throttle.fail("a");
    throttle.fail("a");
    expect(throttle.check("a")).toEqual({ ok: false, retryAfterMs: 1_000 });
    expect(throttle.check("b")).toEqual({ ok: true });
    for (let i = 0; i < 20; i++) throttle.fail("a");
    expect(throttle.check("a")).toEqual({ ok: false, retryAfterMs: 5_000 });
    now += 5_000;
    expect(throttle.check("a").ok).toBe(true);
    throttle.succeed("a");
    throttle.fail("a");
    expect(throttle.check("a").ok).toBe(true);
  });

  it("forgets an address after an hour without wrong tokens, and bounds how many it remembers", () => {
    let now = 0;
    const throttle = new SignInThrottle({ now: () => now, freeFailures: 0, maxAddresses: 3 });
    throttle.fail("a");
    now += 3_600_000 + 1_001;
    expect(throttle.check("a").ok).toBe(true);
    for (const address of ["b", "c", "d", "e"]) throttle.fail(address);
    expect(throttle.check("b").ok).toBe(true); // the oldest was forgotten
    expect(throttle.check("e").ok).toBe(false);
  });
});

describe("clientKey", () => {
  it("takes IPv4 as is (mapped too) and IPv6 by its /64", () => {
    expect(clientKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientKey("10.1.2.3")).toBe("10.1.2.3");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

/**
 * A token bucket: `burst` tokens at once, then `perSecond` sustained (a token
 * is a frame, or a byte). Time is passed in so tests need no clock.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number = performance.now(),
  ) {
    this.tokens = burst;
    this.last = now;
  }

  /** Whether `amount` tokens are there, without taking them. */
  has(amount: number, now: number = performance.now()): boolean {
    this.refill(now);
    return this.tokens >= amount;
  }

  /** Whether the bucket is full (nothing to remember about its past). */
  full(now: number = performance.now()): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }

  /** Takes `amount` tokens (one by default); false, taking none, when there are fewer. */
  take(now: number = performance.now(), amount = 1): boolean {
    this.refill(now);
    if (this.tokens < amount) return false;
    this.tokens -= amount;
    return true;
  }

  /** Time going backwards (a test's clock) refills nothing and restarts from `now`. */
  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.last);
    this.tokens = Math.min(this.burst, this.tokens + (elapsed / 1000) * this.perSecond);
    this.last = now;
  }
}

import { isIPv6 } from "node:net";
import type { Logger } from "../logger";

export interface SignInThrottleOptions {
  /** Wrong tokens an address may try before it has to wait. @default 5 */
  freeFailures?: number;
  /** The first wait; each further wrong token doubles it. @default 1_000 */
  baseDelayMs?: number;
  /** The longest wait. @default 900_000 (15 minutes) */
  maxDelayMs?: number;
  /** An address with no wrong token for this long starts again from zero. @default 3_600_000 */
  forgetAfterMs?: number;
  /** Addresses remembered at once; the least recently seen is forgotten beyond. @default 10_000 */
  maxAddresses?: number;
  logger?: Logger;
  /** @default Date.now */
  now?: () => number;
}

interface Entry {
  failures: number;
  lockedUntil: number;
  lastFailure: number;
}

export type ThrottleVerdict = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Slows down guessing the login token, per client address: a few wrong tokens
 * are free, then each one makes the address wait twice as long as the last
 * (1 s, 2 s, 4 s… up to 15 minutes), and while it waits every sign-in from it
 * is refused unchecked, the right token included (else the waits would tell an
 * attacker nothing). A right token resets the address. Every way a token is
 * checked counts: the login link, the sign-in form, and a bearer token on the
 * API or the WebSocket. IPv6 addresses count per /64, the block one machine
 * usually holds. Known limit: behind a proxy every client has the proxy's
 * address, so they share one budget (the proxy should throttle itself).
 */
export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly free: number;
  private readonly base: number;
  private readonly max: number;
  private readonly forget: number;
  private readonly capacity: number;
  private readonly now: () => number;

  constructor(private readonly options: SignInThrottleOptions = {}) {
    this.free = options.freeFailures ?? 5;
    this.base = options.baseDelayMs ?? 1_000;
    this.max = options.maxDelayMs ?? 900_000;
    this.forget = options.forgetAfterMs ?? 3_600_000;
    this.capacity = options.maxAddresses ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether `address` may try a token now. */
  check(address: string | undefined): ThrottleVerdict {
    const entry = this.entry(clientKey(address));
    if (entry === undefined) return { ok: true };
    const wait = entry.lockedUntil - this.now();
    return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
  }

  /** A wrong token from `address`. */
  fail(address: string | undefined): void {
    const key = clientKey(address);
    const now = this.now();
    const entry = this.entry(key) ?? { failures: 0, lockedUntil: 0, lastFailure: now };
    entry.failures++;
    entry.lastFailure = now;
    if (entry.failures > this.free) {
      const delay = Math.min(
        this.max,
        this.base * 2 ** Math.min(30, entry.failures - this.free - 1),
      );
      entry.lockedUntil = now + delay;
      this.options.logger?.warn(
        { address: key, failures: entry.failures, waitMs: delay },
        "sign-in throttled: too many wrong tokens from this address",
      );
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) this.evict();
  }

  /** A right token from `address`: its slate is clean. */
  succeed(address: string | undefined): void {
    this.entries.delete(clientKey(address));
  }

  private entry(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (
      entry !== undefined &&
      this.now() - Math.max(entry.lastFailure, entry.lockedUntil) > this.forget
    ) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Forgets what has expired, then the least recently failed, down to capacity. */
  private evict(): void {
    const now = this.now();
    for (const [key, e] of this.entries) {
      if (now - Math.max(e.lastFailure, e.lockedUntil) > this.forget) this.entries.delete(key);
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(key);
    }
  }
}

/** The throttled unit of an address: IPv4 as is (also when IPv4-mapped), IPv6 by /64. */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === "") return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head = "", tail = ""] = address.split("%")[0]!.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const fill = address.includes("::") ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(Math.max(0, fill)).fill("0"), ...right].map((g) =>
    g.toLowerCase().replace(/^0+(?=.)/, ""),
  );
}

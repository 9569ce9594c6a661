import type { RequestHandler } from "express";
import { ServerError } from "../errors";
import { Semaphore } from "../gateway/semaphore";
import { TokenBucket } from "../gateway/token-bucket";
import { setRetryAfter, userOf } from "./require-user";

export interface RestLimits {
  /** Requests per second one user may make, sustained. @default 20 */
  perSecond: number;
  /** Requests one user may make at once before the rate applies. @default 60 */
  burst: number;
  /** Requests of one user handled at the same time; the next ones wait. @default 8 */
  concurrency: number;
  /** Requests of one user waiting for a slot; beyond, `429`. @default 32 */
  queue: number;
}

interface UserState {
  bucket: TokenBucket;
  slots: Semaphore;
}

/** Users remembered at once; idle ones with a full bucket are forgotten beyond. @default 10_000 */
const MAX_USERS = 10_000;

/**
 * Per-user limits on the REST API, after authentication: a token bucket
 * (requests per second) and a bound on requests in flight, the rest waiting
 * in arrival order up to a short queue. Beyond either, `429 rate_limited` with
 * `Retry-After`. What this protects is the database: on the embedded one every
 * query of every user goes through ONE connection, and 48 concurrent
 * conversation reads from one user used to queue `/healthz` behind them.
 * A request that waits and whose client goes away leaves the queue.
 */
export function restLimits(limits: RestLimits): RequestHandler {
  const users = new Map<string, UserState>();
  const stateOf = (user: string): UserState => {
    let state = users.get(user);
    if (state === undefined) {
      if (users.size >= MAX_USERS) forgetIdle(users);
      state = {
        bucket: new TokenBucket(limits.perSecond, limits.burst),
        slots: new Semaphore(limits.concurrency),
      };
      users.set(user, state);
    }
    return state;
  };
  return async (req, res, next) => {
    const state = stateOf(userOf(res));
    if (!state.bucket.take()) {
      setRetryAfter(res, 1000 / limits.perSecond);
      next(
        new ServerError(
          "rate_limited",
          `more than ${limits.perSecond} requests per second; slow down`,
        ),
      );
      return;
    }
    if (state.slots.running >= limits.concurrency && state.slots.queued >= limits.queue) {
      setRetryAfter(res, 1000);
      next(new ServerError("rate_limited", "too many requests at once; wait for the others"));
      return;
    }
    const gone = new AbortController();
    const onClose = () => gone.abort();
    res.once("close", onClose);
    if (!(await state.slots.acquire(gone.signal))) return; // the client left while waiting
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      state.slots.release();
    };
    res.off("close", onClose);
    res.once("close", release);
    res.once("finish", release);
    next();
  };
}

function forgetIdle(users: Map<string, UserState>): void {
  for (const [user, state] of users) {
    if (state.slots.running === 0 && state.slots.queued === 0 && state.bucket.full()) {
      users.delete(user);
    }
  }
}

/** Reconnect delays: exponential, capped, with jitter so a restarted server is not hit by every tab at once. */
export interface BackoffOptions {
  /** @default 500 */
  baseMs: number;
  /** @default 15_000 */
  maxMs: number;
  /** @default 2 */
  factor: number;
  /** Share of each delay that is random, 0..1. @default 0.5 */
  jitter: number;
}

export const defaultBackoff: BackoffOptions = {
  baseMs: 500,
  maxMs: 15_000,
  factor: 2,
  jitter: 0.5,
};

/**
 * The delay before reconnect attempt `attempt` (0 for the first retry):
 * `min(maxMs, baseMs · factor^attempt)`, of which the `jitter` share is drawn
 * uniformly from `random()`. Never negative, never above `maxMs`.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = defaultBackoff,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * options.factor ** Math.max(0, attempt));
  const jitter = Math.min(1, Math.max(0, options.jitter));
  const drawn = random();
  const r = Number.isFinite(drawn) ? Math.min(1, Math.max(0, drawn)) : 0.5;
  return Math.round(ceiling * (1 - jitter) + ceiling * jitter * r);
}

/**
 * How `pnpm bench` asked this benchmark to run. The runner (bench/run.mjs)
 * passes BENCH_QUICK=1 for `--quick`: a smoke run with few repetitions whose
 * figures prove the bench works, not how fast anything is. An explicit
 * BENCH_RUNS (or a bench's own variable) always wins, so one case can be
 * re-measured by hand.
 */
export const quick = process.env.BENCH_QUICK === "1";

/** Repetitions: `$env` when set, else `full`, or `smoke` in a quick run. */
export function reps(full: number, smoke: number, env = "BENCH_RUNS"): number {
  const set = process.env[env];
  if (set !== undefined && set !== "") {
    const n = Number(set);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`${env}=${set}: expected a positive integer`);
    return n;
  }
  return quick ? smoke : full;
}

/** A comma-separated list of numbers: `$env` when set, else `full`, or `smoke` in a quick run. */
export function numberList(
  env: string,
  full: readonly number[],
  smoke: readonly number[],
): number[] {
  const set = process.env[env];
  if (set === undefined || set === "") return [...(quick ? smoke : full)];
  const list = set.split(",").map((s) => Number(s.trim()));
  if (list.some((n) => !Number.isFinite(n) || n <= 0))
    throw new Error(`${env}=${set}: expected comma-separated positive numbers`);
  return list;
}

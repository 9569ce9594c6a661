/**
 * The attacker of bench/security as its own process (so its writes never
 * delay the health prober's reads): floods BENCH_URL as the user of
 * BENCH_TOKEN for BENCH_DURATION_MS, then prints one JSON line with what it
 * wrote (FloodResult) and exits.
 */
import { flood } from "../test/ws-flood";

const url = process.env.BENCH_URL ?? "";
const token = process.env.BENCH_TOKEN ?? "";
const durationMs = Number(process.env.BENCH_DURATION_MS ?? "15000");
const result = await flood({ url, headers: { authorization: `Bearer ${token}` }, durationMs });
console.log(JSON.stringify({ url, pid: process.pid, result }));
process.exit(0);

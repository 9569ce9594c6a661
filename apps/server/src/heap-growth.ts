import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the heap grow past what survived the last full collection
 * before it collects again, in percent. Left to itself on a machine with
 * gigabytes of memory, V8 grows the heap up to about 4× the live data when
 * allocation is fast, which a streaming server always is: under bench/gateway's
 * 1,000 sockets the live heap was ~150 MB and the process grew to ~970 MB.
 * At 50 % it stayed under 500 MB, and throughput did not measurably change
 * (docs/benchmarks.md). This only moves when full collections happen, never
 * a limit: a server whose live data grows keeps growing, it is never cut
 * short. 0 leaves V8's own policy. Process-wide; set once at start.
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}

// One measurement process (forked by main.ts, so its memory is its own and
// the simulator's is not counted): runs analyze + correlate over the whole
// cluster `runs` times, in our way or the baseline's, and reports timings,
// peak RSS and sampled peak heap through IPC.
import { KubeConfig } from "@kubernetes/client-node";
import { analyzeSnapshot } from "../../src/analyze/analyzeSnapshot";
import { loadSnapshot } from "../../src/model/snapshot/loadSnapshot";
import { correlateSnapshot } from "../../src/correlate/correlateSnapshot";
import { naiveAnalyzeCorrelate } from "./naive";

export interface WorkerResult {
  mode: "ours" | "naive";
  totalMs: number[];
  loadMs: number[];
  analyzeMs: number[];
  correlateMs: number[];
  baseRssMB: number;
  maxRssMB: number;
  peakHeapMB: number;
  problems: number;
  candidates: number;
  requests: number;
  objects: number;
}

const mode = process.env.BENCH_MODE === "naive" ? "naive" : "ours";
const runs = Number(process.env.BENCH_RUNS ?? 5);
const warmup = Number(process.env.BENCH_WARMUP ?? 1);
const kc = new KubeConfig();
kc.loadFromFile(process.env.BENCH_KUBECONFIG ?? "");

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const baseRssMB = mb(process.memoryUsage().rss);
let peakHeap = 0;
const sample = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};
const sampler = setInterval(sample, 2);
const now = () => Number(process.hrtime.bigint()) / 1e6;

const result: WorkerResult = {
  mode,
  totalMs: [],
  loadMs: [],
  analyzeMs: [],
  correlateMs: [],
  baseRssMB,
  maxRssMB: 0,
  peakHeapMB: 0,
  problems: 0,
  candidates: 0,
  requests: 0,
  objects: 0,
};
for (let i = 0; i < warmup + runs; i++) {
  const measured = i >= warmup;
  const t0 = now();
  if (mode === "ours") {
    const snapshot = await loadSnapshot(kc);
    sample();
    const t1 = now();
    const analysis = await analyzeSnapshot(snapshot);
    sample();
    const t2 = now();
    const candidates = await correlateSnapshot(snapshot);
    sample();
    const t3 = now();
    snapshot.close();
    if (measured) {
      result.loadMs.push(t1 - t0);
      result.analyzeMs.push(t2 - t1);
      result.correlateMs.push(t3 - t2);
      result.totalMs.push(t3 - t0);
    }
    result.problems = analysis.problems;
    result.candidates = candidates.length;
    result.objects = snapshot.size();
  } else {
    const out = await naiveAnalyzeCorrelate(kc);
    sample();
    if (measured) result.totalMs.push(now() - t0);
    result.problems = out.analysis.problems;
    result.candidates = out.candidates.length;
    result.requests = out.requests;
  }
}
clearInterval(sampler);
result.maxRssMB = mb(process.resourceUsage().maxRSS * 1024);
result.peakHeapMB = mb(peakHeap);
process.send?.(result);

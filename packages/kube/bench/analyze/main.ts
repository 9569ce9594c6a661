import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as DemoClusterModule from "@kubemedic/demo-cluster";
import type { WorkerResult } from "./worker";

type DemoModule = typeof DemoClusterModule;

export interface SizeResult {
  pods: number;
  startMs: number;
  ours: WorkerResult;
  naive: WorkerResult | undefined;
}

/**
 * For each cluster size: generate a cluster with the demo cluster's
 * generator, serve it, and measure analyze + correlate in a fresh process per
 * approach (ours: one snapshot with indexes; naive: k8sgpt's per-object
 * lookups and linear scans), so each process's peak memory is its own.
 */
export async function runAnalyzeBench(options: {
  sizes: number[];
  runs: (pods: number) => number;
  naiveUpTo: number;
  log: (line: string) => void;
}): Promise<SizeResult[]> {
  const demo = (await import("@kubemedic/demo-cluster")) as DemoModule & {
    generateScenario?: (o: { pods: number }) => unknown;
  };
  if (typeof demo.generateScenario !== "function")
    throw new Error(
      "@kubemedic/demo-cluster does not export generateScenario() yet: the analyze benchmark needs it",
    );
  const dir = await mkdtemp(join(tmpdir(), "kubemedic-bench-analyze-"));
  const out: SizeResult[] = [];
  try {
    for (const pods of options.sizes) {
      const t0 = Date.now();
      const scenario = demo.generateScenario({ pods });
      const cluster = await demo.startDemoCluster({ scenarios: [scenario], port: 0 });
      const startMs = Date.now() - t0;
      const kubeconfig = join(dir, `kubeconfig-${pods}`);
      await cluster.writeKubeconfig(kubeconfig);
      try {
        options.log(`${pods} pods: cluster ready in ${startMs} ms`);
        const runs = options.runs(pods);
        const ours = withMemory(
          await measure("ours", kubeconfig, runs, 1),
          await measure("ours", kubeconfig, 1, 0),
        );
        options.log(
          `  ours: median ${median(ours.totalMs).toFixed(0)} ms, peak RSS ${ours.maxRssMB} MB`,
        );
        const naive =
          pods <= options.naiveUpTo
            ? withMemory(
                await measure("naive", kubeconfig, Math.max(1, Math.ceil(runs / 2)), 1),
                await measure("naive", kubeconfig, 1, 0),
              )
            : undefined;
        if (naive !== undefined)
          options.log(
            `  naive: median ${median(naive.totalMs).toFixed(0)} ms, ${naive.requests} requests, peak RSS ${naive.maxRssMB} MB`,
          );
        out.push({ pods, startMs, ours, naive });
      } finally {
        await cluster.close();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return out;
}

/**
 * Timings come from a process that repeats the run; memory from a fresh
 * process that runs once, as the CLI or one agent call does (a process that
 * repeats runs holds the garbage of earlier ones until the collector runs).
 */
function withMemory(timed: WorkerResult, once: WorkerResult): WorkerResult {
  return {
    ...timed,
    baseRssMB: once.baseRssMB,
    maxRssMB: once.maxRssMB,
    peakHeapMB: once.peakHeapMB,
  };
}

function measure(
  mode: "ours" | "naive",
  kubeconfig: string,
  runs: number,
  warmup: number,
): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL("./worker.ts", import.meta.url)), [], {
      execArgv: ["--import", "tsx"],
      env: {
        ...process.env,
        BENCH_MODE: mode,
        BENCH_KUBECONFIG: kubeconfig,
        BENCH_RUNS: String(runs),
        BENCH_WARMUP: String(warmup),
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let result: WorkerResult | undefined;
    child.on("message", (m) => (result = m as WorkerResult));
    child.on("error", reject);
    child.on("exit", (code) =>
      result === undefined
        ? reject(new Error(`${mode} worker exited with ${code}`))
        : resolve(result),
    );
  });
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0
    ? Number.NaN
    : s.length % 2 === 1
      ? (s[mid] ?? 0)
      : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

// The in-flight capacity case of bench/scale (issue #18): one replica, the
// OpenAI stub in its own process at 1.5 s to the first token and 20 tokens/s,
// conversations added level by level until p99 event latency passes 100 ms
// or the replica's RSS 1 GB. Reports each level (in flight, p99, RSS, CPU),
// memory per in-flight turn and CPU per streamed token; when the largest
// passing level is under the target, one more replica runs the first failing
// level under `--cpu-prof`, and the profile says where its CPU went.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as gw from "@kubemedic/server/bench/gateway-load";
import { CapacityLoad, cpuMsOf, startCommitProbe } from "@kubemedic/server/bench/scale-capacity";
import { summarizeCpuProfile, type CpuShare } from "../lib/cpu-profile";
import { quantile } from "../lib/stats";

export const CAPACITY_P99_MS = 100;
export const CAPACITY_RSS_MB = 1024;
export const CAPACITY_TARGET = 1_000;

interface CapacityLevel {
  conversations: number;
  /** Median of the turns in flight sampled during the window. */
  inFlight: number;
  p50: number;
  p99: number;
  rssMb: number;
  /** Replica CPU over the window, as a share of one core. */
  cpuCores: number;
  /** Deltas (≈ tokens) streamed per second, and replica CPU ms per delta. */
  tokensPerS: number;
  cpuMsPerToken: number;
  /** PostgreSQL commit latency (one-row insert, ms) probed during the window. */
  commitP50: number;
  commitP99: number;
  /** Share of a core the model stub and this load generator used in the window (they share the machine). */
  stubCores: number;
  loaderCores: number;
  /** RSS growth from the warm-up, per in-flight turn added since (KB). */
  kbPerTurn: number;
  errors: Record<string, number>;
  passed: boolean;
  /** Event types whose own p99 is over the goal, with it. */
  slowTypes: string[];
  /** Every event's latency in the window (not written to the result: summarized). */
  latencyMs: number[];
}

export interface CapacityResult {
  idleRssMb: number;
  /** RSS after the warm-up (WARM_CONVERSATIONS turns in flight). */
  warmRssMb: number;
  levels: CapacityLevel[];
  /** Largest level that passed (0 if none). */
  best: number;
  profile?: { level: number; areas: CpuShare[]; functions: CpuShare[]; samples: number };
}

interface Options {
  start: (nodeArgs?: string[]) => Promise<gw.Proc>;
  /** The replicas' database: its commit latency is probed during each window. */
  databaseUrl: string;
  /** The model stub's process, whose CPU is reported beside the replica's. */
  stubPid: number;
  token: string;
  levels: number[];
  windowMs: number;
  log: (line: string) => void;
}

/** Spread of the first messages of a level's new conversations: about one turn's length. */
const STAGGER_MS = 10_000;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Conversations of the warm-up, which then stay in the first level. */
const WARM_CONVERSATIONS = 10;

/**
 * Grows the load on `proc` level by level; `stopAtFailure` ends the ramp at
 * the first failing level. A warm-up of WARM_CONVERSATIONS for a turn and a
 * half first: a fresh replica's first turns compile code and fill caches,
 * which would count against the first level; memory per turn is the RSS
 * growth from there.
 */
async function ramp(
  proc: gw.Proc,
  o: Options,
  levels: number[],
  stopAtFailure: boolean,
  onWindow?: () => void,
): Promise<{ levels: CapacityLevel[]; warmRssMb: number }> {
  const load = new CapacityLoad(proc.url, o.token);
  const out: CapacityLevel[] = [];
  const warm = Math.min(WARM_CONVERSATIONS, levels[0] ?? 0);
  let warmRssMb: number;
  try {
    await load.grow(warm, STAGGER_MS);
    await sleep(STAGGER_MS * 1.5);
    warmRssMb = gw.rssMbOf(proc.pid);
    for (const conversations of levels) {
      // A turn is ~10 s (two model calls, 1.5 s to each first token, ~7 s of answer): first
      // messages spread over one turn's length, and the window opens once they are all out,
      // so the window sees every phase of a turn in its usual share (a steady state).
      await load.grow(conversations, STAGGER_MS);
      await sleep(STAGGER_MS);
      onWindow?.();
      const cpu0 = cpuMsOf(proc.pid);
      const stub0 = cpuMsOf(o.stubPid);
      const self0 = process.cpuUsage();
      const probe = await startCommitProbe(o.databaseUrl);
      const rss: number[] = [];
      const sampler = setInterval(() => rss.push(gw.rssMbOf(proc.pid)), 500);
      const w = await load.measure(o.windowMs);
      clearInterval(sampler);
      const cpuMs = cpuMsOf(proc.pid) - cpu0;
      const self = process.cpuUsage(self0);
      const commits = sorted(await probe.stop());
      const lat = sorted(w.latencyMs);
      const inFlight = quantile(sorted(w.inFlight), 0.5);
      const rssMb = Math.max(...rss, gw.rssMbOf(proc.pid));
      const level: CapacityLevel = {
        conversations,
        inFlight,
        p50: quantile(lat, 0.5),
        p99: quantile(lat, 0.99),
        rssMb,
        cpuCores: cpuMs / o.windowMs,
        commitP50: quantile(commits, 0.5),
        commitP99: quantile(commits, 0.99),
        stubCores: (cpuMsOf(o.stubPid) - stub0) / o.windowMs,
        loaderCores: (self.user + self.system) / 1000 / o.windowMs,
        tokensPerS: w.deltas / (o.windowMs / 1000),
        cpuMsPerToken: w.deltas === 0 ? Number.NaN : cpuMs / w.deltas,
        kbPerTurn: inFlight <= warm ? Number.NaN : ((rssMb - warmRssMb) * 1024) / (inFlight - warm),
        errors: w.errors,
        passed: false,
        latencyMs: w.latencyMs,
        slowTypes: [],
      };
      level.passed = lat.length > 0 && level.p99 < CAPACITY_P99_MS && rssMb < CAPACITY_RSS_MB;
      out.push(level);
      o.log(
        `  ${conversations} conversations: ${inFlight} in flight, p99 ${level.p99.toFixed(0)} ms, RSS ${rssMb.toFixed(0)} MB, ` +
          `CPU ${(level.cpuCores * 100).toFixed(0)} % of a core (stub ${(level.stubCores * 100).toFixed(0)} %, load generator ${(level.loaderCores * 100).toFixed(0)} %), ${level.tokensPerS.toFixed(0)} tokens/s, ` +
          `PostgreSQL commit p50 ${level.commitP50.toFixed(0)} ms p99 ${level.commitP99.toFixed(0)} ms` +
          `${Object.keys(w.errors).length > 0 ? `, errors ${JSON.stringify(w.errors)}` : ""}`,
      );
      // Which events lag: the types whose own p99 is over the goal.
      level.slowTypes = [...w.byType.entries()]
        .map(([type, ms]) => ({ type, p99: quantile(sorted(ms), 0.99), n: ms.length }))
        .filter((t) => t.p99 >= CAPACITY_P99_MS)
        .sort((a, b) => b.p99 - a.p99)
        .map((t) => `${t.type} ${t.p99.toFixed(0)} ms (n=${t.n})`);
      if (level.slowTypes.length > 0) o.log(`    slow: ${level.slowTypes.join(", ")}`);
      if (stopAtFailure && !level.passed) break;
    }
  } finally {
    await load.stop();
  }
  return { levels: out, warmRssMb };
}

export async function measureCapacity(o: Options): Promise<CapacityResult> {
  const proc = await o.start();
  let levels: CapacityLevel[];
  let idleRssMb: number;
  let warmRssMb: number;
  try {
    await sleep(1_000);
    idleRssMb = gw.rssMbOf(proc.pid);
    ({ levels, warmRssMb } = await ramp(proc, o, o.levels, true));
  } finally {
    await proc.stop();
  }
  const best = Math.max(0, ...levels.filter((l) => l.passed).map((l) => l.conversations));
  const result: CapacityResult = { idleRssMb, warmRssMb, levels, best };
  if (best >= CAPACITY_TARGET) return result;

  // Where the CPU goes: the same ramp up to the first failing level (or the last one) under --cpu-prof.
  const at = levels.find((l) => !l.passed)?.conversations ?? Math.max(...o.levels);
  o.log(`  profiling one replica at ${at} conversations…`);
  const dir = mkdtempSync(join(tmpdir(), "kubemedic-bench-cpuprof-"));
  const spawnedAt = Date.now();
  const profiled = await o.start(["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  let windowFrom = 0;
  try {
    await ramp(profiled, o, [at], false, () => {
      windowFrom = Date.now() - spawnedAt;
    });
  } finally {
    await profiled.stop();
  }
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (file !== undefined)
    result.profile = { level: at, ...summarizeCpuProfile(join(dir, file), windowFrom, 12) };
  else o.log("  (no CPU profile was written)");
  rmSync(dir, { recursive: true, force: true });
  return result;
}

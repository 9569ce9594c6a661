// Issue #18: replicas on one PostgreSQL. The model is the OpenAI stub in its
// own process (300 ms to the first token, then 20 tokens/s); every turn runs
// one kubectl read and streams a ~100-word answer. Conversations are driven
// by one socket each on a "driver" replica; 500 watcher sockets follow them.
// Cases (same load each): one replica with scale-out off (the in-process bus:
// baseline), one replica with it on (every frame logged and NOTIFYed), two
// replicas with drivers and watchers spread over both, the cross-replica case
// (turns on A, every watcher on B), and a kill -9 of A under that load.
// Goals: cross-replica p99 < 50 ms at 500 sockets; kill -9: every acknowledged
// turn completes on B, 0 duplicated or missing events on any watcher.
// Run: node_modules/.bin/tsx bench/scale/run.ts   (BENCH_SOCKETS=500 BENCH_CONVERSATIONS=50 BENCH_MEASURE_MS=15000)
import * as gw from "@kubemedic/server/bench/gateway-load";
import * as load from "@kubemedic/server/bench/scale-load";
import type { Proc } from "@kubemedic/server/bench/gateway-load";
import type { ScaleLoadResult as LoadResult } from "@kubemedic/server/bench/scale-load";
import { scriptPath } from "../lib/script-path";
import { benchCase, writeResult, type BenchCase, type BenchGoal } from "../lib/result";
import { numberList } from "../lib/options";
import { quantile } from "../lib/stats";

const SERVER = scriptPath("@kubemedic/server/bench/scale-server");
const STUB = scriptPath("@kubemedic/server/bench/scale-stub");

const TOKEN = "bench-token-0123456789abcdef";
const LEASE_MS = 3_000;
const [sockets = 500] = numberList("BENCH_SOCKETS", [500], [100]);
const [conversations = 50] = numberList("BENCH_CONVERSATIONS", [50], [10]);
const [measureMs = 15_000] = numberList("BENCH_MEASURE_MS", [15_000], [5_000]);
const warmupMs = 4_000;
const p = (xs: number[], q: number) =>
  xs.length === 0
    ? Number.NaN
    : quantile(
        [...xs].sort((a, b) => a - b),
        q,
      );

const db = await gw.freshDatabase();
if (db === undefined) throw new Error("bench/scale needs PostgreSQL (KUBEMEDIC_TEST_DATABASE_URL)");
const stub = await gw.startProcess(STUB, {});
const procs: Proc[] = [];
const replica = async (scaleOut = true) => {
  const proc = await gw.startProcess(SERVER, {
    BENCH_DATABASE_URL: db.url,
    BENCH_TOKEN: TOKEN,
    OPENAI_BASE_URL: stub.url,
    OPENAI_API_KEY: "stub-key",
    KUBEMEDIC_SCALE_OUT: String(scaleOut),
    KUBEMEDIC_TURN_LEASE_MS: String(LEASE_MS),
  });
  procs.push(proc);
  return proc;
};

const results: { name: string; r: LoadResult; rss: number[] }[] = [];
async function scenario(
  name: string,
  drivers: Proc[],
  watchers: Proc[],
  extra: Record<string, unknown> = {},
): Promise<LoadResult> {
  console.log(`scale: ${name}…`);
  const r = await load.runScaleLoad({
    drivers: drivers.map((d) => d.url),
    watchers: watchers.map((w) => w.url),
    token: TOKEN,
    conversations,
    sockets,
    warmupMs,
    measureMs,
    thinkMs: 1_000,
    ...extra,
  });
  const rss = [...new Set([...drivers, ...watchers])].map((x) => gw.rssMbOf(x.pid));
  results.push({ name, r, rss });
  return r;
}

let kill: LoadResult;
try {
  const off = await replica(false);
  await scenario("one replica, scale-out off (in-process bus)", [off], [off]);
  await off.stop();
  const a = await replica();
  await scenario("one replica, scale-out on", [a], [a]);
  const b = await replica();
  await scenario("two replicas, load spread over both", [a, b], [a, b]);
  await scenario("two replicas, turns on A, every watcher on B", [a], [b]);
  kill = await scenario("kill -9 of A mid-window (turns on A, watchers on B)", [a], [b], {
    at: { ms: Math.floor(measureMs / 3), run: () => a.child.kill("SIGKILL") },
    drainMs: 60_000,
  });
} finally {
  for (const proc of procs) await proc.stop().catch(() => undefined);
  await stub.stop();
  await db.drop();
}

const cases: BenchCase[] = results.map(({ name, r, rss }) =>
  benchCase(name, r.latencyMs, "ms", {
    p99: Number(p(r.latencyMs, 0.99).toFixed(1)),
    eventsPerS: Math.round(r.events / (measureMs / 1000)),
    turnsPerS: Number((r.turns / (measureMs / 1000)).toFixed(2)),
    rssMb: rss.map((x) => Math.round(x)).join("+"),
    ...(Object.keys(r.errors).length > 0 ? { errors: JSON.stringify(r.errors) } : {}),
  }),
);
const byName = (prefix: string) => results.find((x) => x.name.startsWith(prefix))?.r as LoadResult;
const cross = byName("two replicas, turns on A");
const one = byName("one replica, scale-out on");
const two = byName("two replicas, load spread");
const offR = byName("one replica, scale-out off");
const faults = kill.seqs.map((s) => load.sequenceFaults(s));
const duplicated = faults.reduce((n, f) => n + f.duplicated, 0);
const missing = faults.reduce((n, f) => n + f.missing, 0);
const unfinished = [...kill.acked].filter((t) => kill.ended.get(t) !== "turn.completed");
const crossP99 = p(cross.latencyMs, 0.99);
const goals: BenchGoal[] = [
  {
    goal: `cross-replica event latency (turns on A, sockets on B): p99 under 50 ms at ${sockets} sockets`,
    actual: `${crossP99.toFixed(0)} ms (median ${p(cross.latencyMs, 0.5).toFixed(0)} ms)`,
    met: crossP99 < 50,
  },
  {
    goal: "kill -9 of one of 2 replicas under load: every acknowledged turn completes on the other",
    actual: `${kill.acked.size - unfinished.length} of ${kill.acked.size} completed`,
    met: unfinished.length === 0,
  },
  {
    goal: "kill -9 under load: 0 duplicated or missing events on any client",
    actual: `${duplicated} duplicated, ${missing} missing over ${kill.seqs.length} conversations`,
    met: duplicated === 0 && missing === 0,
  },
];
writeResult({
  name: "scale",
  title: "Scale-out: replicas on one PostgreSQL (issue #18)",
  cases,
  comparisons: [
    {
      name: "p99 event latency, one replica: scale-out on vs off (the cost of the event log)",
      ours: `${p(one.latencyMs, 0.99).toFixed(0)} ms`,
      baseline: `${p(offR.latencyMs, 0.99).toFixed(0)} ms`,
      ratio: p(offR.latencyMs, 0.99) / p(one.latencyMs, 0.99),
    },
    {
      name: "events delivered per second: 2 replicas vs 1 (same load)",
      ours: `${Math.round(two.events / (measureMs / 1000))}/s, p99 ${p(two.latencyMs, 0.99).toFixed(0)} ms`,
      baseline: `${Math.round(one.events / (measureMs / 1000))}/s, p99 ${p(one.latencyMs, 0.99).toFixed(0)} ms`,
      ratio: two.events / one.events,
    },
  ],
  goals,
  notes: [
    `${conversations} conversations, ${sockets} watcher sockets (${sockets / conversations} per conversation), one driver socket per conversation, 1 s between a turn's end and the next message; ${warmupMs / 1000} s warm-up, ${measureMs / 1000} s measured. Latency: receive time − the frame's \`at\` (set by the replica running the turn), every event on every watcher.`,
    `The same load on 1 and 2 replicas: the load is paced by the model (20 tokens/s), so the event rate is the same; what 2 replicas change on 2 shared cores is latency, not throughput.`,
    `kill -9: lease ${LEASE_MS / 1000} s (the default is 15 s). Time to resume = from the kill to the next event a watcher got in each conversation with a turn running then: median ${p(kill.resumeMs, 0.5).toFixed(0)} ms, max ${Math.max(0, ...kill.resumeMs).toFixed(0)} ms over ${kill.resumeMs.length} turns.`,
  ],
});

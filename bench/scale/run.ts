// Issue #18: replicas on one PostgreSQL. The model is the OpenAI stub in its
// own process (300 ms to the first token, then 20 tokens/s); every turn runs
// one kubectl read and streams a ~100-word answer. Conversations are driven
// by one socket each on a "driver" replica; 500 watcher sockets follow them.
// Cases (same load each): one replica with scale-out off (the in-process bus:
// baseline), one replica with it on (every frame logged and NOTIFYed), two
// replicas with drivers and watchers spread over both, the cross-replica case
// (turns on A, every watcher on B), and a kill -9 of A under that load.
// Then the in-flight capacity of one replica (bench/scale/capacity.ts) with a
// slower stub (1.5 s to the first token, 20 tokens/s).
// Goals: cross-replica p99 < 50 ms at 500 sockets; kill -9: every acknowledged
// turn completes on B, 0 duplicated or missing events on any watcher; one
// replica holds ≥ 1,000 turns in flight with p99 < 100 ms and RSS < 1 GB.
// Run: node_modules/.bin/tsx bench/scale/run.ts   (BENCH_SOCKETS=500 BENCH_CONVERSATIONS=50
// BENCH_MEASURE_MS=15000 BENCH_CAPACITY_LEVELS=100,250,… BENCH_CAPACITY_WINDOW_MS=8000)
import * as gw from "@kubemedic/server/bench/gateway-load";
import * as load from "@kubemedic/server/bench/scale-load";
import type { Proc } from "@kubemedic/server/bench/gateway-load";
import type { ScaleLoadResult as LoadResult } from "@kubemedic/server/bench/scale-load";
import { scriptPath } from "../lib/script-path";
import { benchCase, writeResult, type BenchCase, type BenchGoal } from "../lib/result";
import { numberList } from "../lib/options";
import { quantile } from "../lib/stats";
import {
  CAPACITY_P99_MS,
  CAPACITY_RSS_MB,
  CAPACITY_TARGET,
  measureCapacity,
  type CapacityResult,
} from "./capacity";

const SERVER = scriptPath("@kubemedic/server/bench/scale-server");
const STUB = scriptPath("@kubemedic/server/bench/scale-stub");

const TOKEN = "bench-token-0123456789abcdef";
const LEASE_MS = 3_000;
const [sockets = 500] = numberList("BENCH_SOCKETS", [500], [100]);
const [conversations = 50] = numberList("BENCH_CONVERSATIONS", [50], [10]);
const [measureMs = 15_000] = numberList("BENCH_MEASURE_MS", [15_000], [5_000]);
const warmupMs = 4_000;
const capacityLevels = numberList(
  "BENCH_CAPACITY_LEVELS",
  [100, 250, 500, 750, 1_000, 1_500, 2_000],
  [20, 50],
);
const [capacityWindowMs = 12_000] = numberList("BENCH_CAPACITY_WINDOW_MS", [12_000], [6_000]);
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
// The capacity case's model: as slow as a hosted one under load.
const slowStub = await gw.startProcess(STUB, {
  BENCH_FIRST_TOKEN_MS: "1500",
  BENCH_CHUNK_MS: "50",
});
const procs: Proc[] = [];
const replica = async (scaleOut = true, model = stub, nodeArgs: string[] = []) => {
  const proc = await gw.startProcess(
    SERVER,
    {
      BENCH_DATABASE_URL: db.url,
      BENCH_TOKEN: TOKEN,
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "stub-key",
      KUBEMEDIC_SCALE_OUT: String(scaleOut),
      KUBEMEDIC_TURN_LEASE_MS: String(LEASE_MS),
      BENCH_MAX_RUNNING_TURNS: "10000",
    },
    nodeArgs,
  );
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
  const q = (x: number) => p(r.latencyMs, x).toFixed(0);
  console.log(
    `  ${r.events} events, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, RSS ${rss.map(Math.round).join("+")} MB` +
      `${Object.keys(r.errors).length > 0 ? `, errors ${JSON.stringify(r.errors)}` : ""}`,
  );
  return r;
}

let kill: LoadResult;
let capacity: CapacityResult;
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
  await b.stop();
  console.log("scale: in-flight capacity of one replica (1.5 s to the first token, 20 tokens/s)…");
  capacity = await measureCapacity({
    start: (nodeArgs) => replica(true, slowStub, nodeArgs),
    stubPid: slowStub.pid,
    databaseUrl: db.url,
    token: TOKEN,
    levels: capacityLevels,
    windowMs: capacityWindowMs,
    log: (line) => console.log(line),
  });
} finally {
  for (const proc of procs) await proc.stop().catch(() => undefined);
  await stub.stop();
  await slowStub.stop();
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
const capacityCases: BenchCase[] = capacity.levels.map((l) =>
  benchCase(
    `in-flight capacity, one replica: ${l.conversations} conversations`,
    l.latencyMs,
    "ms",
    {
      inFlight: l.inFlight,
      p99: Number(l.p99.toFixed(1)),
      rssMb: Math.round(l.rssMb),
      kbPerTurn: Math.round(l.kbPerTurn),
      cpuCores: Number(l.cpuCores.toFixed(2)),
      stubCores: Number(l.stubCores.toFixed(2)),
      loaderCores: Number(l.loaderCores.toFixed(2)),
      commitP50: Number(l.commitP50.toFixed(1)),
      commitP99: Number(l.commitP99.toFixed(1)),
      tokensPerS: Math.round(l.tokensPerS),
      tokensPerTurnS: Number((l.tokensPerS / Math.max(1, l.inFlight)).toFixed(1)),
      ...(l.slowTypes.length > 0 ? { slow: l.slowTypes.slice(0, 4).join(", ") } : {}),
      cpuMsPerToken: Number(l.cpuMsPerToken.toFixed(3)),
      passed: l.passed ? "yes" : "no",
      ...(Object.keys(l.errors).length > 0 ? { errors: JSON.stringify(l.errors) } : {}),
    },
  ),
);
const bestLevel = capacity.levels.find((l) => l.conversations === capacity.best);
const firstFailing = capacity.levels.find((l) => !l.passed);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const capacityNotes = [
  `In-flight capacity: one replica (scale-out on) and its own OpenAI stub process at 1.5 s to the first token and 20 tokens/s (4-character chunks, one \`assistant.delta\` each); every conversation has its own socket and sends its next message 0.3 s after a turn ends (a turn is ~10 s: a kubectl call, then a ~145-chunk answer). Levels ${capacityLevels.join(", ")} conversations (a level's new conversations send their first message over 10 s, about one turn), ${capacityWindowMs / 1000} s measured each once they all have; the ramp stops at the first level over p99 ${CAPACITY_P99_MS} ms or RSS ${CAPACITY_RSS_MB} MB. Idle replica RSS ${capacity.idleRssMb.toFixed(0)} MB; after a warm-up of 10 conversations for 15 s (they stay in the first level) ${capacity.warmRssMb.toFixed(0)} MB, from which memory per turn is counted. The replica process also hosts its demo cluster (one kubectl read per turn), and the load generator and the stub share the same cores: on 2 cores the three compete (each level lists the CPU of all three as a share of one core; \`tokensPerTurnS\` is the streamed rate per in-flight turn, ≈ 13.7 when the model's pace is held: 20 tokens/s for ~7.3 s of each ~10.6 s turn; \`slow\`: the event types whose own p99 is over 100 ms; \`commitP50/P99\`: a one-row INSERT's commit on the same PostgreSQL, probed every 100 ms during the window — every event waits for one in scale-out mode).`,
  bestLevel === undefined
    ? "No capacity level passed."
    : `At ${bestLevel.conversations} conversations (${bestLevel.inFlight} turns in flight): ${bestLevel.kbPerTurn.toFixed(0)} KB of RSS per in-flight turn, ${bestLevel.cpuMsPerToken.toFixed(3)} ms of replica CPU per streamed token, all of a turn's work included (${bestLevel.tokensPerS.toFixed(0)} tokens/s, ${(bestLevel.cpuCores * 100).toFixed(0)} % of a core).`,
  ...(firstFailing === undefined
    ? []
    : [
        `First failing level: ${firstFailing.conversations} conversations (${firstFailing.inFlight} in flight): p99 ${firstFailing.p99.toFixed(0)} ms, RSS ${firstFailing.rssMb.toFixed(0)} MB, replica CPU ${(firstFailing.cpuCores * 100).toFixed(0)} % of a core, ${firstFailing.cpuMsPerToken.toFixed(3)} ms per token, ${(firstFailing.tokensPerS / Math.max(1, firstFailing.inFlight)).toFixed(1)} tokens/s per turn (13.7 when the model's pace is held), PostgreSQL commit p50 ${firstFailing.commitP50.toFixed(0)} ms / p99 ${firstFailing.commitP99.toFixed(0)} ms.`,
      ]),
  ...(capacity.profile === undefined
    ? []
    : [
        `Where the replica's CPU goes at ${capacity.profile.level} conversations (\`--cpu-prof\`, ${capacity.profile.samples} busy samples in the load window, idle excluded), by area (Node internals and native code charged to the package or file that called them): ${capacity.profile.areas.map((x) => `${x.name} ${pct(x.share)}`).join(", ")}.`,
        `Hottest functions (self time): ${capacity.profile.functions.map((x) => `\`${x.name}\` ${pct(x.share)}`).join(", ")}.`,
      ]),
];
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
const next =
  firstFailing === undefined
    ? ""
    : `; at ${firstFailing.conversations}: p99 ${firstFailing.p99.toFixed(0)} ms, RSS ${firstFailing.rssMb.toFixed(0)} MB`;
const goals: BenchGoal[] = [
  {
    goal: `cross-replica event latency (turns on A, sockets on B): p99 under 50 ms at ${sockets} sockets`,
    actual: `${crossP99.toFixed(0)} ms (median ${p(cross.latencyMs, 0.5).toFixed(0)} ms)`,
    met: crossP99 < 50,
  },
  {
    goal: "kill -9 of one of 2 replicas under load: every acknowledged turn completes on the other",
    actual: `${kill.acked.size - unfinished.length} of ${kill.acked.size} completed; resumed after ${p(kill.resumeMs, 0.5).toFixed(0)} ms median (lease ${LEASE_MS / 1000} s)`,
    met: unfinished.length === 0,
  },
  {
    goal: "kill -9 under load: 0 duplicated or missing events on any client",
    actual: `${duplicated} duplicated, ${missing} missing on ${kill.seqs.length} watcher sockets`,
    met: duplicated === 0 && missing === 0,
  },
  {
    goal: `in-flight capacity of one replica (1.5 s to the first token, 20 tokens/s): at least ${CAPACITY_TARGET.toLocaleString("en")} turns with p99 event latency under ${CAPACITY_P99_MS} ms and RSS under 1 GB`,
    actual: `${capacity.best} conversations (${bestLevel?.inFlight ?? 0} in flight)${next}`,
    met: capacity.best >= CAPACITY_TARGET && (bestLevel?.inFlight ?? 0) >= CAPACITY_TARGET * 0.85,
  },
];
writeResult({
  name: "scale",
  title: "Scale-out: replicas on one PostgreSQL (issue #18)",
  cases: [...cases, ...capacityCases],
  comparisons: [
    {
      name: "p99 event latency, one replica: scale-out on vs off (the cost of the event log)",
      ours: `${p(one.latencyMs, 0.99).toFixed(0)} ms`,
      baseline: `${p(offR.latencyMs, 0.99).toFixed(0)} ms`,
      ratio: p(offR.latencyMs, 0.99) / p(one.latencyMs, 0.99),
    },
    {
      name: "events delivered per second: 2 replicas vs 1 (same load)",
      ours: `${Math.round(two.events / (measureMs / 1000))}/s (${(two.turns / (measureMs / 1000)).toFixed(1)} turns/s), p99 ${p(two.latencyMs, 0.99).toFixed(0)} ms`,
      baseline: `${Math.round(one.events / (measureMs / 1000))}/s (${(one.turns / (measureMs / 1000)).toFixed(1)} turns/s), p99 ${p(one.latencyMs, 0.99).toFixed(0)} ms`,
      ratio: two.events / one.events,
    },
  ],
  goals,
  notes: [
    `${conversations} conversations, ${sockets} watcher sockets (${sockets / conversations} per conversation), one driver socket per conversation, 1 s between a turn's end and the next message; ${warmupMs / 1000} s warm-up, ${measureMs / 1000} s measured. Latency: receive time − the frame's \`at\` (set by the replica running the turn), every event on every watcher.`,
    `The same load on 1 and 2 replicas: the load is paced by the model (20 tokens/s), so the event rate is the same; what 2 replicas change on 2 shared cores is latency, not throughput.`,
    `kill -9: lease ${LEASE_MS / 1000} s (the default is 15 s). Time to resume = from the kill to the first event stamped after it that a watcher got, in each conversation with a turn running then: median ${p(kill.resumeMs, 0.5).toFixed(0)} ms, max ${Math.max(0, ...kill.resumeMs).toFixed(0)} ms over ${kill.resumeMs.length} turns. A replica claims at most 8 lapsed turns per sweep (one every half lease or so), so with many turns on the dead replica the last ones resume a few sweeps after the first.`,
    ...capacityNotes,
  ],
  charts: [
    {
      kind: "line",
      id: "capacity",
      title: "In-flight capacity of one replica: p99 event latency against conversations",
      x: { label: "conversations (each with a turn in flight but for 0.3 s pauses)" },
      y: { label: "ms", log: true },
      lines: [
        {
          name: "p99 event latency",
          points: capacity.levels.map((l) => ({ x: l.conversations, y: l.p99 })),
        },
        {
          name: "median",
          points: capacity.levels.map((l) => ({ x: l.conversations, y: Math.max(1, l.p50) })),
        },
      ],
      threshold: { y: CAPACITY_P99_MS, label: "goal: p99 100 ms" },
    },
  ],
});

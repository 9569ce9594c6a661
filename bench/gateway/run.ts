// The gateway under load: 100 and 1,000 concurrent sockets, each running turns
// back to back (send → events → turn.completed → send) against the real
// server on PostgreSQL, with a zero-latency scripted model making one kubectl
// read per turn on the demo cluster. Beside it, in the same run and with the
// same load generator, a bare `ws` server replaying the gateway's own frames
// for each message (no agent, no database): our event throughput as a ratio of
// it. Each server runs in its own process; the load generator runs here.
// Goals at 1,000 sockets: ≥ 0.5× the bare event throughput, p99 event latency
// under 50 ms, server RSS under 500 MB.
// The socket counts are swept (BENCH_SOCKETS, default 10,100,300,1000) so the
// report can draw latency and throughput against load; the goals are judged
// at the highest level.
// Run: node_modules/.bin/tsx bench/gateway/run.ts   (BENCH_MEASURE_MS=15000, BENCH_WARMUP_MS=4000)
import * as load from "@kubemedic/server/bench/gateway-load";
import type { LoadResult } from "@kubemedic/server/bench/gateway-load";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  benchCase,
  writeResult,
  type BenchCase,
  type BenchComparison,
  type BenchGoal,
  type Chart,
} from "../lib/result";
import { numberList, quick } from "../lib/options";
import { summarize, quantile } from "../lib/stats";

const TOKEN = "bench-token-0123456789abcdef";
const LEVELS = numberList("BENCH_SOCKETS", [10, 100, 300, 1_000], [100, 1_000]);
const [measureMs = 15_000] = numberList("BENCH_MEASURE_MS", [15_000], [4_000]);
const [warmupMs = 4_000] = numberList("BENCH_WARMUP_MS", [4_000], [1_500]);

const p = (xs: number[], q: number) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    q,
  );
const median = (xs: number[]) => summarize(xs).median;

const ours = new Map<number, LoadResult>();
const bare = new Map<number, LoadResult>();
let pattern: unknown[] | undefined;

for (const sockets of LEVELS) {
  const database = await load.freshDatabase();
  if (database === undefined)
    throw new Error(
      "bench/gateway needs PostgreSQL (KUBEMEDIC_TEST_DATABASE_URL or 127.0.0.1:5432/test)",
    );
  const server = await load.startProcess(load.SERVER_SCRIPT, {
    BENCH_DATABASE_URL: database.url,
    BENCH_TOKEN: TOKEN,
  });
  try {
    console.log(`gateway: ${sockets} sockets…`);
    const result = await load.runLoad({
      url: server.url,
      token: TOKEN,
      sockets,
      warmupMs,
      measureMs,
      pid: server.pid,
      recordPattern: pattern === undefined,
    });
    pattern ??= result.pattern;
    ours.set(sockets, result);
  } finally {
    await server.stop();
    await database.drop();
  }
}

// The same top level with V8's own heap growth (KUBEMEDIC_HEAP_GROWTH_PERCENT=0), to show
// what the server's default of 50 % buys in memory and costs in throughput.
const V8_GROWTH = "V8's own heap growth";
let v8Growth: LoadResult | undefined;
if (process.env.BENCH_SKIP_V8_GROWTH !== "1" && !quick) {
  const top = Math.max(...LEVELS);
  const database = await load.freshDatabase();
  if (database !== undefined) {
    const server = await load.startProcess(load.SERVER_SCRIPT, {
      BENCH_DATABASE_URL: database.url,
      BENCH_TOKEN: TOKEN,
      KUBEMEDIC_HEAP_GROWTH_PERCENT: "0",
    });
    try {
      console.log(`gateway with ${V8_GROWTH}: ${top} sockets…`);
      v8Growth = await load.runLoad({
        url: server.url,
        token: TOKEN,
        sockets: top,
        warmupMs,
        measureMs,
        pid: server.pid,
      });
    } finally {
      await server.stop();
      await database.drop();
    }
  }
}

if (pattern === undefined) throw new Error("no complete turn was recorded");
const dir = mkdtempSync(join(tmpdir(), "kubemedic-bench-echo-"));
const patternFile = join(dir, "pattern.json");
writeFileSync(patternFile, JSON.stringify(pattern));
try {
  for (const sockets of LEVELS) {
    const echo = await load.startProcess(load.ECHO_SCRIPT, { BENCH_PATTERN: patternFile });
    try {
      console.log(`bare ws: ${sockets} sockets…`);
      bare.set(
        sockets,
        await load.runLoad({
          url: echo.url,
          token: TOKEN,
          sockets,
          warmupMs,
          measureMs,
          pid: echo.pid,
        }),
      );
    } finally {
      await echo.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const cases: BenchCase[] = [];
const comparisons: BenchComparison[] = [];
for (const sockets of LEVELS) {
  const g = ours.get(sockets)!;
  const b = bare.get(sockets)!;
  const extra = {
    turns: g.turns,
    events: g.events,
    errors: g.errors,
    eventP50: Number(p(g.eventLatencyMs, 0.5).toFixed(1)),
    eventP99: Number(p(g.eventLatencyMs, 0.99).toFixed(1)),
    rssPeakMb: Math.round(Math.max(...g.rssMb)),
  };
  cases.push(
    benchCase(
      `gateway, ${sockets} sockets: turns per second (1 s buckets)`,
      g.turnsPerSecond,
      "turns/s",
      {
        total: g.turns,
        errors: g.errors,
      },
    ),
    benchCase(`gateway, ${sockets} sockets: events per second`, g.eventsPerSecond, "events/s", {
      total: g.events,
    }),
    benchCase(`gateway, ${sockets} sockets: event latency, every event`, g.eventLatencyMs, "ms", {
      p99: extra.eventP99,
    }),
    benchCase(
      `gateway, ${sockets} sockets: event latency, streamed events`,
      g.streamLatencyMs,
      "ms",
      {
        p99: Number(p(g.streamLatencyMs, 0.99).toFixed(1)),
      },
    ),
    benchCase(
      `gateway, ${sockets} sockets: turn latency (send → turn.completed)`,
      g.turnLatencyMs,
      "ms",
      {
        p99: Number(p(g.turnLatencyMs, 0.99).toFixed(1)),
      },
    ),
    benchCase(`gateway, ${sockets} sockets: server RSS`, g.rssMb, "MB", { peak: extra.rssPeakMb }),
    benchCase(`bare ws, ${sockets} sockets: events per second`, b.eventsPerSecond, "events/s", {
      total: b.events,
    }),
    benchCase(`bare ws, ${sockets} sockets: event latency`, b.eventLatencyMs, "ms", {
      p99: Number(p(b.eventLatencyMs, 0.99).toFixed(1)),
    }),
    benchCase(`bare ws, ${sockets} sockets: server RSS`, b.rssMb, "MB", {
      peak: Math.round(Math.max(...b.rssMb)),
    }),
  );
  comparisons.push({
    name: `event throughput at ${sockets} sockets, gateway vs bare ws (same frames)`,
    ours: `${Math.round(median(g.eventsPerSecond))} events/s`,
    baseline: `${Math.round(median(b.eventsPerSecond))} events/s`,
    ratio: median(g.eventsPerSecond) / median(b.eventsPerSecond),
  });
}

const top = Math.max(...LEVELS);
if (v8Growth !== undefined) {
  const label = `gateway, ${V8_GROWTH}, ${top} sockets`;
  cases.push(
    benchCase(`${label}: turns per second`, v8Growth.turnsPerSecond, "turns/s", {
      total: v8Growth.turns,
      errors: v8Growth.errors,
    }),
    benchCase(`${label}: events per second`, v8Growth.eventsPerSecond, "events/s"),
    benchCase(`${label}: event latency`, v8Growth.eventLatencyMs, "ms", {
      p99: Number(p(v8Growth.eventLatencyMs, 0.99).toFixed(1)),
    }),
    benchCase(`${label}: server RSS`, v8Growth.rssMb, "MB", {
      peak: Math.round(Math.max(...v8Growth.rssMb)),
    }),
  );
  const oursAtTop = ours.get(top)!;
  comparisons.push({
    name: `server RSS peak at ${top} sockets, heap growth 50 % (default) vs ${V8_GROWTH}`,
    ours: `${Math.round(Math.max(...oursAtTop.rssMb))} MB`,
    baseline: `${Math.round(Math.max(...v8Growth.rssMb))} MB`,
    ratio: Math.max(...v8Growth.rssMb) / Math.max(...oursAtTop.rssMb),
  });
}
const g = ours.get(top)!;
const ratio = median(g.eventsPerSecond) / median(bare.get(top)!.eventsPerSecond);
const p99 = p(g.eventLatencyMs, 0.99);
const rssPeak = Math.max(...g.rssMb);
const goals: BenchGoal[] = [
  {
    goal: `at ${top} sockets, event throughput at least 0.5× the bare ws server's`,
    actual: `${ratio.toFixed(3)}×`,
    met: ratio >= 0.5,
  },
  {
    goal: `at ${top} sockets, p99 event latency under 50 ms`,
    actual: `${p99.toFixed(1)} ms (streamed events only: ${p(g.streamLatencyMs, 0.99).toFixed(1)} ms)`,
    met: p99 < 50,
  },
  {
    goal: `at ${top} sockets, server RSS under 500 MB`,
    actual: `peak ${rssPeak.toFixed(0)} MB`,
    met: rssPeak < 500,
  },
];

const levelPoints = (f: (r: LoadResult) => number, from: Map<number, LoadResult>) =>
  LEVELS.map((sockets) => ({ x: sockets, y: f(from.get(sockets)!) }));
const charts: Chart[] = [
  {
    kind: "line",
    id: "latency",
    title: "Event latency vs concurrent sockets (send time to receipt)",
    x: { label: "concurrent sockets running turns", log: true },
    y: { label: "ms" },
    lines: [
      { name: "gateway p99", points: levelPoints((r) => p(r.eventLatencyMs, 0.99), ours) },
      { name: "gateway p50", points: levelPoints((r) => p(r.eventLatencyMs, 0.5), ours) },
      { name: "bare ws p99", points: levelPoints((r) => p(r.eventLatencyMs, 0.99), bare) },
    ],
    threshold: { y: 50, label: "goal at 1,000 sockets: p99 50 ms" },
  },
  {
    kind: "line",
    id: "throughput",
    title: "Events per second vs concurrent sockets (median of 1 s buckets)",
    x: { label: "concurrent sockets running turns", log: true },
    y: { label: "events/s", log: true },
    lines: [
      { name: "gateway (real turns)", points: levelPoints((r) => median(r.eventsPerSecond), ours) },
      {
        name: "bare ws (same frames)",
        points: levelPoints((r) => median(r.eventsPerSecond), bare),
      },
    ],
  },
  {
    kind: "line",
    id: "rss",
    title: "Server RSS (peak) vs concurrent sockets",
    x: { label: "concurrent sockets running turns", log: true },
    y: { label: "MB" },
    lines: [
      { name: "gateway", points: levelPoints((r) => Math.max(...r.rssMb), ours) },
      { name: "bare ws", points: levelPoints((r) => Math.max(...r.rssMb), bare) },
    ],
    threshold: { y: 500, label: "goal at 1,000 sockets: 500 MB" },
  },
];

writeResult({
  name: "gateway",
  title: `Gateway under load: ${LEVELS.join(", ")} sockets running turns (scripted zero-latency model, demo cluster, PostgreSQL) vs a bare ws server`,
  cases,
  comparisons,
  goals,
  charts,
  notes: [
    `Each socket runs turns back to back; a turn is ${pattern.length} frames (ack, user.message, turn.started, a short message, one kubectl call on the demo cluster, a ~150-word answer streamed word by word, turn.completed): the pattern the bare server replays.`,
    `Measured window ${measureMs} ms after a ${warmupMs} ms warm-up; rates are per 1 s bucket (median and spread), latencies over every event of the window.`,
    "Event latency = receipt time − the frame's `at` (set when the gateway numbers the event; ms precision; same clock). A turn's last event is committed to the database before it is sent, so its latency includes the commit: 'streamed events' excludes those.",
    "Backend: PostgreSQL 15 on 127.0.0.1 (pool of 10), a fresh database per level. PGlite (the embedded default) serves one connection, so every commit and checkpoint queues on it: not benchmarked at this concurrency.",
    "Server process: kubemedic's startServer with the demo cluster (one scenario) in the same process, as `kubemedic serve` runs it; its RSS includes the demo cluster. Load generator: this process (one Node.js, one user, bearer token).",
    `RSS: an idle server is ~310 MB (the modules, sources transpiled by tsx, the demo cluster); under load the live heap is ~150 MB at 1,000 sockets (replay buffers, one running or queued turn per socket). V8 left to itself grows the heap to ~4× that between full collections; the server's default (KUBEMEDIC_HEAP_GROWTH_PERCENT=50) lets it grow 50 %. The '${V8_GROWTH}' rows run the same load with 0 (V8's policy) to show what the default buys.`,
    "Where a turn's CPU goes (profiled at 10 sockets): LangChain and LangGraph ~45 % (message objects, the checkpoint's history revived at each turn, per-step runnable config and tracing contexts), GC ~9 %, the 8 SQL statements and 2 checkpoint statements ~6 %, socket writes ~3 %. The bare server does none of that per turn; the ratio measures what a LangGraph turn costs against writing its frames.",
  ],
});

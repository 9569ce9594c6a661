/**
 * What docs/benchmarks.md says besides the figures: per bench, what is
 * compared with what; and every performance goal the issues set, matched to
 * the goal a bench records, so a goal whose bench did not run shows as not
 * measured instead of disappearing.
 */

/** In the order `pnpm bench` runs them (bench/run.mjs). */
export const BENCH_ORDER = [
  "demo-cluster",
  "kubectl-engine",
  "analyze",
  "agent-overhead",
  "gateway",
  "web",
  "db-startup",
  "persistence",
  "token-economy",
  "security",
  "scale",
] as const;

export const COMPARED: Record<string, string> = {
  scale:
    "Replicas on one PostgreSQL (`kubemedic serve` processes, the OpenAI stub in its own process streaming 20 tokens/s): event latency on 500 watcher sockets with one replica (scale-out off, then on), two replicas sharing the load, turns on one replica and every socket on the other, a kill -9 of the replica running the turns, then the turns one replica holds in flight with a slower model (1.5 s to the first token), ramped until p99 passes 100 ms or RSS 1 GB.",
  security:
    "`/healthz` latency, polled every 100 ms from another process, while one signed-in user's 32 sockets each send 20 frames/s of ~60 KB JSON (half nested ~30,000 deep, half valid frames padded flat) from a third process, against the same server with no flood; embedded PGlite and default limits, as `kubemedic serve` runs.",
  "demo-cluster":
    "List latency of the demo cluster (our Kubernetes API simulator) at 1k, 5k and 20k generated pods, over HTTPS as JSON, gzip JSON and kubectl's Table; in process, its cached list path against `JSON.stringify` of the list and its label index against a scan of every object.",
  "kubectl-engine":
    "Ten read commands through kubemedic's in-process kubectl engine against spawning the real `kubectl` binary, same demo cluster, interleaved, both warm.",
  analyze:
    "`analyze` + root-cause correlation on generated clusters of 1k, 5k and 20k pods, end to end over HTTPS: ours (one snapshot, indexes) against a naive baseline that makes k8sgpt's per-object requests and linear scans. Each approach runs in its own process for an honest peak RSS.",
  "agent-overhead":
    "One agent turn (6 model calls, 5 kubectl calls, zero-latency scripted model) through the LangGraph graph against the same model and tools in a plain loop, with LangGraph's prebuilt ReAct agent and a bare graph as references.",
  gateway:
    "The WebSocket gateway under load (sockets running turns back to back, scripted zero-latency model, demo cluster, PostgreSQL) against a bare `ws` server replaying the same frames: throughput, event latency, server RSS, swept over socket counts.",
  web: "The SPA's initial JavaScript (gzip) and, in headless Chromium, rendering a 500-message conversation virtualized (what ships) against rendering every row.",
  "db-startup":
    "Database start-up: embedded PGlite first start and restart, migrations applied in-process against spawning `prisma migrate deploy`, and one turn's commit on each backend.",
  persistence:
    "Committing a turn with 20 tool logs in one transaction (the server's TurnUnitOfWork) against 20 separate commits, on embedded PGlite and on PostgreSQL.",
  "token-economy":
    "The prompt size (o200k_base tokens) of every request sent to the LLM during a scripted investigation of each built-in scenario and of a generated 2,000-pod namespace, through the real graph, tools and demo cluster with the OpenAI stub recording requests; the same 2,000-pod investigation with the context economy off as the baseline.",
};

export interface IssueGoal {
  issue: number;
  /** The goal in the issue's words. */
  goal: string;
  bench: string;
  /** Substrings, one per bench goal that measures it (case-insensitive). */
  match: string[];
}

export const ISSUE_GOALS: IssueGoal[] = [
  {
    issue: 3,
    goal: "bench/demo-cluster: a 5k-pod list in under 100 ms",
    bench: "demo-cluster",
    match: ["5k-pod list as JSON under 100 ms (HTTPS, median, no", "gzip", "as Table"],
  },
  {
    issue: 4,
    goal: "bench/kubectl-engine: at least 10× faster per call than spawning kubectl",
    bench: "kubectl-engine",
    match: ["10×"],
  },
  {
    issue: 4,
    goal: "bench/analyze: analyze + correlate at 5k pods under 1 s",
    bench: "analyze",
    match: ["under 1 s"],
  },
  {
    issue: 4,
    goal: "bench/analyze: … and under 300 MB at 5k pods",
    bench: "analyze",
    match: ["300 MB"],
  },
  {
    issue: 5,
    goal: "bench/agent-overhead: median overhead under 2 ms per step",
    bench: "agent-overhead",
    match: ["(wall clock)", "(CPU time)"],
  },
  {
    issue: 6,
    goal: "bench/gateway at 1,000 sockets: at least half the bare ws throughput",
    bench: "gateway",
    match: ["0.5×"],
  },
  {
    issue: 6,
    goal: "bench/gateway at 1,000 sockets: p99 event latency under 50 ms",
    bench: "gateway",
    match: ["p99 event latency"],
  },
  {
    issue: 6,
    goal: "bench/gateway at 1,000 sockets: server RSS under 500 MB",
    bench: "gateway",
    match: ["RSS under 500 MB"],
  },
  {
    issue: 7,
    goal: "bench/web: initial JS under 250 KB gzip",
    bench: "web",
    match: ["250 KB"],
  },
  {
    issue: 8,
    goal: "token economy: no request over 16k tokens",
    bench: "token-economy",
    match: ["16k tokens"],
  },
  {
    issue: 19,
    goal: "bench/security: /healthz p99 under 100 ms while one user floods 32 sockets × 20 frames/s × 60 KB",
    bench: "security",
    match: ["p99 under 100 ms"],
  },
  {
    issue: 18,
    goal: "bench/scale: cross-replica event latency p99 under 50 ms at 500 sockets",
    bench: "scale",
    match: ["cross-replica event latency"],
  },
  {
    issue: 18,
    goal: "bench/scale: kill -9 of one of 2 replicas under load: every turn it ran completes on the other",
    bench: "scale",
    match: ["every acknowledged turn completes"],
  },
  {
    issue: 18,
    goal: "bench/scale: kill -9 under load: 0 duplicated or missing events on any client",
    bench: "scale",
    match: ["0 duplicated or missing"],
  },
  {
    issue: 18,
    goal: "bench/scale: one replica holds at least 1,000 turns in flight (stub: 1.5 s to the first token, 20 tokens/s) with p99 under 100 ms and RSS under 1 GB",
    bench: "scale",
    match: ["in-flight capacity"],
  },
];

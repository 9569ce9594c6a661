// `pnpm bench [--only a,b] [--quick] [name…]`: runs the benchmarks one after
// another, each in its own process (one bench's heap, JIT state or leftover
// sockets cannot skew the next), then regenerates docs/benchmarks.md from
// bench/results/*.json. A failing bench does not stop the others; the exit
// code says whether all of them passed.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { prepare } from "../scripts/lib/prepare.mjs";
import { watchOtherCpu } from "./other-cpu.mjs";

const root = new URL("..", import.meta.url).pathname;
const tsx = join(root, "node_modules/tsx/dist/cli.mjs");

/** Every benchmark, in the order a full run takes them (cheap and independent first). */
const BENCHES = [
  "demo-cluster",
  "kubectl-engine",
  "analyze",
  "agent-overhead",
  "planned-route",
  "gateway",
  "web",
  "db-startup",
  "persistence",
  "token-economy",
  "security",
  "scale",
];

function usage() {
  return [
    "usage: pnpm bench [--only name,name] [--quick] [--no-report] [name…]",
    `  benchmarks: ${BENCHES.join(", ")}`,
    "  --quick      few repetitions: a smoke run, its figures are marked as such",
    "  --no-report  do not regenerate docs/benchmarks.md",
  ].join("\n");
}

function parseArgs(argv) {
  const wanted = [];
  let quick = false;
  let report = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--quick") quick = true;
    else if (arg === "--no-report") report = false;
    else if (arg === "--help" || arg === "-h") {
      console.log(usage());
      process.exit(0);
    } else if (arg === "--only" || arg.startsWith("--only=")) {
      const value = arg === "--only" ? argv[++i] : arg.slice("--only=".length);
      if (value === undefined || value === "") fail("--only needs a comma-separated list of names");
      wanted.push(
        ...value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      );
    } else if (arg === "--") continue;
    else if (arg.startsWith("-")) fail(`unknown option ${arg}`);
    else wanted.push(arg);
  }
  const unknown = wanted.filter((n) => !BENCHES.includes(n));
  if (unknown.length > 0)
    fail(`unknown benchmark${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`);
  const selected = wanted.length === 0 ? BENCHES : BENCHES.filter((n) => wanted.includes(n));
  return { selected, quick, report, all: wanted.length === 0 };
}

function fail(message) {
  console.error(`pnpm bench: ${message}\n${usage()}`);
  process.exit(2);
}

const pct = (share) => `${Math.round(share * 100)} %`;

/** Adds what other processes used during the run to the bench's result file. */
function recordOtherCpu(name, share) {
  const file = join(root, "bench/results", `${name}.json`);
  if (!existsSync(file)) return;
  const result = JSON.parse(readFileSync(file, "utf8"));
  result.otherCpuShare = Math.round(share * 1000) / 1000;
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
}

function run(file, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, file], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: "inherit",
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const { selected, quick, report, all } = parseArgs(process.argv.slice(2));
// A fresh clone has no dependencies and no Prisma client yet: the benches import
// @kubemedic/* packages and the server. Skipped in milliseconds when up to date.
// The SPA is not built here: bench/web builds its own.
prepare({ web: false });
const started = Date.now();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(
  `pnpm bench${quick ? " --quick" : ""}: ${selected.join(", ")}\nload average ${load()} at start`,
);

const timesFile = join(root, "bench/results/run-times.json");
const times = existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, "utf8")) : {};
times.benches ??= {};
const outcome = [];
for (const name of selected) {
  console.log(`\n=== bench ${name} (${new Date().toISOString()}, load ${load()})`);
  const t0 = Date.now();
  const others = watchOtherCpu();
  const code = await run(`bench/${name}/run.ts`, quick ? { BENCH_QUICK: "1" } : {});
  const seconds = Math.round((Date.now() - t0) / 1000);
  const otherCpu = others.stop();
  outcome.push({ name, code, seconds });
  if (code === 0) {
    times.benches[name] = { seconds, mode: quick ? "quick" : "full", at: new Date().toISOString() };
    if (otherCpu !== undefined) recordOtherCpu(name, otherCpu);
  }
  const share = otherCpu === undefined ? "" : `; other processes used ${pct(otherCpu)} of the CPU`;
  console.log(
    `=== bench ${name}: ${code === 0 ? "ok" : `FAILED (exit ${code})`} in ${seconds} s${share}`,
  );
}
const totalSeconds = Math.round((Date.now() - started) / 1000);
const failed = outcome.filter((o) => o.code !== 0);
if (all && failed.length === 0)
  times.lastCompleteRun = {
    seconds: totalSeconds,
    mode: quick ? "quick" : "full",
    at: new Date().toISOString(),
    loadAtEnd: load(),
  };
writeFileSync(timesFile, `${JSON.stringify(times, null, 2)}\n`);

if (report) {
  const code = await run("bench/report/generate.ts", {});
  if (code !== 0) failed.push({ name: "report", code, seconds: 0 });
}
console.log(`\npnpm bench: ${totalSeconds} s in all; load average ${load()} at end`);
for (const o of outcome)
  console.log(
    `  ${o.name.padEnd(16)} ${String(o.seconds).padStart(5)} s  ${o.code === 0 ? "ok" : "FAILED"}`,
  );
if (failed.length > 0) {
  console.error(`pnpm bench: failed: ${failed.map((f) => f.name).join(", ")}`);
  process.exit(1);
}

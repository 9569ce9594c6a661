import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem, release, platform } from "node:os";
import { join } from "node:path";
import type { Chart } from "./charts";
import { quick } from "./options";
import { summarize, type Summary } from "./stats";

export type { Chart, ChartPoint } from "./charts";

/** The load average when this bench started (this module is imported first thing). */
const loadAtStart = roundedLoad();

/**
 * The one result format every benchmark writes to bench/results/<name>.json and
 * that docs/benchmarks.md is generated from. A `comparison` puts our number
 * beside a baseline measured in the same run (ratio = baseline / ours for
 * times, so > 1 means we are faster; ours / baseline for throughputs).
 */
export interface BenchCase {
  name: string;
  unit: string;
  summary: Summary;
  /** Extra figures for this case (peak RSS in MB, bytes, counts…). */
  extra?: Record<string, number | string>;
}

export interface BenchComparison {
  name: string;
  ours: string;
  baseline: string;
  /** How many times better we are (> 1 is better), whatever the unit. */
  ratio: number;
}

export interface BenchGoal {
  goal: string;
  actual: string;
  met: boolean;
}

export interface BenchResult {
  name: string;
  title: string;
  date: string;
  /** `quick`: a smoke run with few repetitions (`pnpm bench --quick`); its figures are not results. */
  mode: "full" | "quick";
  /** Wall time of the whole bench process, seconds. */
  durationS: number;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; os: string };
  /**
   * 1, 5 and 15-minute load averages when the bench started and when it
   * ended: on a shared machine, other work running alongside shows here.
   */
  load: { start: number[]; end: number[] };
  /**
   * Share of the machine's CPU (all cores, 0..1) that processes other than the
   * bench's own used while it ran; added by bench/run.mjs (bench/other-cpu.mjs).
   */
  otherCpuShare?: number;
  cases: BenchCase[];
  comparisons: BenchComparison[];
  goals: BenchGoal[];
  notes: string[];
  charts?: Chart[];
}

function machineInfo(): BenchResult["machine"] {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? "unknown",
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    os: `${platform()} ${release()}`,
  };
}

export function benchCase(
  name: string,
  samples: readonly number[],
  unit = "ms",
  extra?: BenchCase["extra"],
): BenchCase {
  return extra === undefined
    ? { name, unit, summary: summarize(samples) }
    : { name, unit, summary: summarize(samples), extra };
}

const resultsDir = new URL("../results/", import.meta.url).pathname;

/** Prints a readable summary and writes bench/results/<name>.json. */
export function writeResult(
  result: Omit<BenchResult, "date" | "machine" | "mode" | "durationS" | "load">,
): BenchResult {
  const full: BenchResult = {
    name: result.name,
    title: result.title,
    date: new Date().toISOString(),
    mode: quick ? "quick" : "full",
    durationS: Math.round(process.uptime()),
    machine: machineInfo(),
    load: { start: loadAtStart, end: roundedLoad() },
    cases: result.cases,
    comparisons: result.comparisons,
    goals: result.goals,
    notes: result.notes,
    ...(result.charts === undefined ? {} : { charts: result.charts }),
  };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${result.name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  const m = full.machine;
  console.log(
    `\n# ${full.title}${quick ? "  [QUICK smoke run: not a result]" : ""}\n` +
      `${full.date} · ${m.cpu} × ${m.cores} · ${m.memoryGiB} GiB · Node ${m.node} · ` +
      `load ${full.load.start.join(" ")} at start, ${full.load.end.join(" ")} at end · ${full.durationS} s`,
  );
  for (const c of full.cases) {
    const s = c.summary;
    const extra = c.extra
      ? `  ${Object.entries(c.extra)
          .map(([k, v]) => `${k}=${v}`)
          .join(" ")}`
      : "";
    console.log(
      `  ${c.name.padEnd(44)} median ${fmt(s.median)} ${c.unit}  (p25 ${fmt(s.p25)} · p75 ${fmt(s.p75)} · n=${s.n}, ±${(s.spread * 50).toFixed(1)}%)${extra}`,
    );
  }
  for (const c of full.comparisons) {
    console.log(`  ${c.name}: ours ${c.ours} vs ${c.baseline} → ${c.ratio.toFixed(2)}×`);
  }
  for (const g of full.goals)
    console.log(`  goal ${g.met ? "MET" : "NOT MET"}: ${g.goal} (actual: ${g.actual})`);
  return full;
}

function roundedLoad(): number[] {
  return loadavg().map((l) => Math.round(l * 100) / 100);
}

function fmt(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem, release, platform } from "node:os";
import { join } from "node:path";
import { summarize, type Summary } from "./stats";

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
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; os: string };
  cases: BenchCase[];
  comparisons: BenchComparison[];
  goals: BenchGoal[];
  notes: string[];
}

export function machineInfo(): BenchResult["machine"] {
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
export function writeResult(result: Omit<BenchResult, "date" | "machine">): BenchResult {
  const full: BenchResult = { ...result, date: new Date().toISOString(), machine: machineInfo() };
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${result.name}.json`), `${JSON.stringify(full, null, 2)}\n`);
  const m = full.machine;
  console.log(
    `\n# ${full.title}\n${full.date} · ${m.cpu} × ${m.cores} · ${m.memoryGiB} GiB · Node ${m.node}`,
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

function fmt(n: number): string {
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

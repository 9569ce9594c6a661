import { mkdtemp, rm } from "node:fs/promises";
import { cpus, platform, arch, tmpdir } from "node:os";
import { join } from "node:path";
import type { Scenario } from "@kubemedic/demo-cluster";
import type { ScenarioFolder } from "./findScenarios";
import { QUALITY_REPORT_VERSION, type QualityReport, type ScenarioResult } from "./QualityReport";
import { qualityTotals } from "./qualityTotals";
import { runScenario, type RunContext } from "./runScenario";

export interface RunQualityOptions {
  folders: ScenarioFolder[];
  /** Scenarios run at once (each has its own demo cluster). @default 1 */
  concurrency: number;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  /** Called as each scenario finishes, in completion order. */
  onResult?: (row: ScenarioResult, done: number, total: number) => void;
}

/**
 * Runs every scenario folder and gathers the report. Rows keep the order of
 * the folders whatever the concurrency; a scenario that throws becomes an
 * "error" row and the rest still run.
 */
export async function runQuality(options: RunQualityOptions): Promise<QualityReport> {
  const startedAt = new Date();
  const t0 = performance.now();
  const [agent, kube, demo] = await Promise.all([
    import("@kubemedic/agent"),
    import("@kubemedic/kube"),
    import("@kubemedic/demo-cluster"),
  ]);
  const model = agent.createModel(options.env);
  const scratch = await mkdtemp(join(tmpdir(), "kubemedic-quality-"));
  const ctx: RunContext = {
    agent,
    kube,
    demo,
    model,
    scratch,
    cache: new Map<string, Scenario>(),
    signal: options.signal,
  };
  const rows: (ScenarioResult | undefined)[] = new Array<ScenarioResult | undefined>(
    options.folders.length,
  );
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < options.folders.length && !options.signal.aborted) {
      const i = next++;
      const folder = options.folders[i] as ScenarioFolder;
      const row = await runScenario(ctx, folder, i);
      rows[i] = row;
      done++;
      if (row !== undefined) options.onResult?.(row, done, options.folders.length);
    }
  };
  try {
    await Promise.all(
      Array.from(
        { length: Math.max(1, Math.min(options.concurrency, options.folders.length)) },
        worker,
      ),
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const scenarios = rows.filter((r): r is ScenarioResult => r !== undefined);
  return {
    version: QUALITY_REPORT_VERSION,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - t0),
    model: model.label,
    machine: { node: process.version, platform: `${platform()} ${arch()}`, cpus: cpus().length },
    concurrency: options.concurrency,
    totals: qualityTotals(scenarios),
    scenarios,
  };
}

import { mkdtemp, rm } from "node:fs/promises";
import { cpus, platform, arch, tmpdir } from "node:os";
import { join } from "node:path";
import type { Scenario } from "@kubemedic/demo-cluster";
import type { ScenarioFolder } from "./findScenarios";
import { runConversation } from "./conversations/runConversation";
import {
  QUALITY_REPORT_VERSION,
  type ConversationResult,
  type QualityReport,
  type ScenarioResult,
} from "./QualityReport";
import { qualityTotals } from "./qualityTotals";
import { runScenario, type RunContext } from "./runScenario";

export interface RunQualityOptions {
  folders: ScenarioFolder[];
  /** Conversation script files, run after the scenarios. @default [] */
  scripts?: string[];
  /** Scenarios run at once (each has its own demo cluster). @default 1 */
  concurrency: number;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  /** Also score fixing every scenario (docs/quality.md#fix-scoring). @default false */
  fix?: boolean;
  /** Called as each scenario finishes, in completion order. */
  onResult?: (row: ScenarioResult, done: number, total: number) => void;
  /** Called as each conversation script finishes, in completion order. */
  onConversation?: (row: ConversationResult, done: number, total: number) => void;
}

/**
 * Runs every scenario folder, then every conversation script, and gathers the
 * report. Rows keep the order of the folders and files whatever the
 * concurrency; a scenario or script that throws becomes an "error" row and
 * the rest still run.
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
    fix: options.fix === true,
  };
  const scripts = options.scripts ?? [];
  let rows: (ScenarioResult | undefined)[];
  let conversations: ConversationResult[];
  try {
    rows = await inPool(
      options.folders,
      options,
      (folder, i) => runScenario(ctx, folder, i),
      (row, done) => {
        if (row !== undefined) options.onResult?.(row, done, options.folders.length);
      },
    );
    conversations = (
      await inPool(
        scripts,
        options,
        (file, i) => runConversation(ctx, file, i),
        (row, done) => options.onConversation?.(row, done, scripts.length),
      )
    ).filter((r): r is ConversationResult => r !== undefined);
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
    totals: qualityTotals(scenarios, conversations),
    scenarios,
    conversations,
  };
}

/**
 * Runs `work` over `items`, `options.concurrency` at a time, results in the
 * items' order (undefined for those an abort left unrun).
 */
async function inPool<T, R>(
  items: readonly T[],
  options: { concurrency: number; signal: AbortSignal },
  work: (item: T, index: number) => Promise<R>,
  onDone: (row: R, done: number) => void,
): Promise<(R | undefined)[]> {
  const out = new Array<R | undefined>(items.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !options.signal.aborted) {
      const i = next++;
      const row = await work(items[i] as T, i);
      out[i] = row;
      done++;
      onDone(row, done);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency, items.length)) }, worker),
  );
  return out;
}

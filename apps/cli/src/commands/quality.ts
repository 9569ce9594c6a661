import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { UsageError, type Command } from "../command";
import { ScenarioDirError, scenarioFolders, type ScenarioFolder } from "../quality/findScenarios";

const USAGE = "kubemedic quality [--scenarios DIR]... [--strict] [--out FILE] [--concurrency N]";

/** Where the JSON goes without --out (relative to the working directory; .kubemedic/ is git-ignored). */
export const DEFAULT_QUALITY_OUT = ".kubemedic/quality.json";
const MAX_CONCURRENCY = 8;

export interface QualityFlags {
  /** --scenarios arguments, in order; none = the built-ins. */
  scenarios: string[];
  strict: boolean;
  out: string;
  concurrency: number;
}

export function parseQualityFlags(args: string[]): QualityFlags {
  const flags: QualityFlags = {
    scenarios: [],
    strict: false,
    out: DEFAULT_QUALITY_OUT,
    concurrency: 1,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [name, inline] =
      arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "" || (inline === undefined && v.startsWith("--")))
        throw new UsageError(`${name} needs a value`);
      return v;
    };
    switch (name) {
      case "--scenarios":
        flags.scenarios.push(value());
        break;
      case "--strict":
        flags.strict = true;
        break;
      case "--out":
        flags.out = value();
        break;
      case "-j":
      case "--concurrency": {
        const v = value();
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > MAX_CONCURRENCY)
          throw new UsageError(
            `--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, not "${v}"`,
          );
        flags.concurrency = n;
        break;
      }
      default:
        throw new UsageError(
          arg.startsWith("-")
            ? `unknown option '${arg}'`
            : `unexpected argument '${arg}' (scenario directories go after --scenarios)`,
        );
    }
  }
  return flags;
}

/**
 * The quality suite (docs/quality.md): every scenario through the full agent
 * graph on its own demo cluster, scored with the brief's rule, plus the
 * analyzers' recall and false findings; a table on stdout, JSON in --out.
 * Exit codes: 0 (also when scenarios fail, unless --strict), 1 with --strict
 * when any scenario failed or errored (or the run was interrupted), 2 on bad
 * usage.
 */
export const qualityCommand: Command = {
  name: "quality",
  summary:
    "Score the diagnosis of every scenario (built-ins or --scenarios DIR) and the analyzers; table + JSON",
  usage: USAGE,
  async run(args) {
    const flags = parseQualityFlags(args);
    const folders = await resolveFolders(flags.scenarios);
    const { runQuality } = await import("../quality/runQuality");
    const { formatQualityTable } = await import("../quality/formatQualityTable");
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once("SIGINT", stop);
    try {
      console.error(
        `kubemedic quality: ${folders.length} scenario folder${folders.length === 1 ? "" : "s"}, concurrency ${flags.concurrency}`,
      );
      const width = String(folders.length).length;
      const report = await runQuality({
        folders,
        concurrency: flags.concurrency,
        env: process.env,
        signal: controller.signal,
        onResult: (row, done, total) =>
          console.error(
            `  [${String(done).padStart(width)}/${total}] ${row.status.toUpperCase().padEnd(5)} ${row.name} (${(row.durationMs.total / 1000).toFixed(1)}s)`,
          ),
      });
      process.stdout.write(`${formatQualityTable(report)}\n`);
      const out = resolve(flags.out);
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
      console.error(`kubemedic quality: wrote ${flags.out}`);
      if (controller.signal.aborted) {
        console.error("kubemedic quality: interrupted; the report holds the scenarios that ran");
        return 1;
      }
      const t = report.totals;
      return flags.strict && t.failed + t.errors > 0 ? 1 : 0;
    } finally {
      process.off("SIGINT", stop);
    }
  },
};

/** The folders to run: each --scenarios argument's, or every built-in scenario. */
async function resolveFolders(dirs: string[]): Promise<ScenarioFolder[]> {
  if (dirs.length === 0) {
    // Imported here, not at the top: `kubemedic --help` loads every command module.
    const { builtinScenarioDir, builtinScenarioNames } = await import("@kubemedic/demo-cluster");
    return builtinScenarioNames().map((label) => ({ label, dir: builtinScenarioDir(label) }));
  }
  try {
    return dirs.flatMap(scenarioFolders);
  } catch (error) {
    if (error instanceof ScenarioDirError) throw new UsageError(error.message);
    throw error;
  }
}

import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { UsageError, type Command } from "../command";
import { ScenarioDirError, scenarioFolders, type ScenarioFolder } from "../quality/findScenarios";

const USAGE =
  "kubemedic quality [--scenarios DIR]... [--conversations DIR|FILE]... [--fix] [--strict] [--out FILE] [--concurrency N]";

/** Where the JSON goes without --out (relative to the working directory; .kubemedic/ is git-ignored). */
export const DEFAULT_QUALITY_OUT = ".kubemedic/quality.json";
const MAX_CONCURRENCY = 8;

export interface QualityFlags {
  /** --scenarios arguments, in order; none (and no --conversations) = the built-ins. */
  scenarios: string[];
  /** --conversations arguments, in order; none (and no --scenarios) = the built-in scripts. */
  conversations: string[];
  strict: boolean;
  /** Also approve each scenario's proposed fixes and judge the cluster afterwards. */
  fix: boolean;
  out: string;
  concurrency: number;
}

export function parseQualityFlags(args: string[]): QualityFlags {
  const flags: QualityFlags = {
    scenarios: [],
    conversations: [],
    strict: false,
    fix: false,
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
      case "--conversations":
        flags.conversations.push(value());
        break;
      case "--strict":
        flags.strict = true;
        break;
      case "--fix":
        flags.fix = true;
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
 * analyzers' recall and false findings; then every conversation script, turn
 * by turn through the same graph; tables on stdout, JSON in --out. With
 * neither --scenarios nor --conversations, the built-ins of both run.
 * Exit codes: 0 (also when scenarios or scripts fail, unless --strict), 1 with
 * --strict when any scenario or script failed or errored (or the run was
 * interrupted), 2 on bad usage.
 */
export const qualityCommand: Command = {
  name: "quality",
  summary:
    "Score every scenario's diagnosis and the analyzers, and every conversation script (built-ins, or --scenarios / --conversations); table + JSON",
  usage: USAGE,
  async run(args) {
    const flags = parseQualityFlags(args);
    const builtins = flags.scenarios.length === 0 && flags.conversations.length === 0;
    const folders =
      builtins || flags.scenarios.length > 0 ? await resolveFolders(flags.scenarios) : [];
    const scripts = await resolveScripts(flags.conversations, builtins);
    const { runQuality } = await import("../quality/runQuality");
    const { formatQualityTable } = await import("../quality/formatQualityTable");
    const { formatConversationTable } =
      await import("../quality/conversations/formatConversationTable");
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once("SIGINT", stop);
    try {
      console.error(
        `kubemedic quality: ${folders.length} scenario folder${folders.length === 1 ? "" : "s"}, ${scripts.length} conversation script${scripts.length === 1 ? "" : "s"}, concurrency ${flags.concurrency}`,
      );
      const width = String(Math.max(folders.length, scripts.length)).length;
      const progress = (
        row: { status: string; name: string; durationMs: number },
        done: number,
        total: number,
      ): void =>
        console.error(
          `  [${String(done).padStart(width)}/${total}] ${row.status.toUpperCase().padEnd(5)} ${row.name} (${(row.durationMs / 1000).toFixed(1)}s)`,
        );
      const report = await runQuality({
        folders,
        scripts,
        concurrency: flags.concurrency,
        env: process.env,
        signal: controller.signal,
        fix: flags.fix,
        onResult: (row, done, total) =>
          progress({ ...row, durationMs: row.durationMs.total }, done, total),
        onConversation: progress,
      });
      if (folders.length > 0) process.stdout.write(`${formatQualityTable(report)}\n`);
      if (scripts.length > 0) {
        if (folders.length > 0) process.stdout.write("\n");
        process.stdout.write(`${formatConversationTable(report)}\n`);
      }
      const out = resolve(flags.out);
      await mkdir(dirname(out), { recursive: true });
      await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
      console.error(`kubemedic quality: wrote ${flags.out}`);
      if (controller.signal.aborted) {
        console.error(
          "kubemedic quality: interrupted; the report holds the scenarios and scripts that ran",
        );
        return 1;
      }
      const t = report.totals;
      const c = t.conversations;
      return flags.strict && t.failed + t.errors + c.failed + c.errors > 0 ? 1 : 0;
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

/** The script files to run: each --conversations argument's, or the built-ins. */
async function resolveScripts(args: string[], builtins: boolean): Promise<string[]> {
  const { conversationScriptFiles } =
    await import("../quality/conversations/findConversationScripts");
  if (builtins) {
    const { BUILTIN_CONVERSATIONS_DIR } = await import("@kubemedic/demo-cluster");
    return conversationScriptFiles(BUILTIN_CONVERSATIONS_DIR);
  }
  try {
    return args.flatMap(conversationScriptFiles);
  } catch (error) {
    if (error instanceof ScenarioDirError) throw new UsageError(error.message);
    throw error;
  }
}

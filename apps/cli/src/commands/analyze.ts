import {
  analyzeSnapshot,
  anonymizeAnalysis,
  correlateSnapshot,
  findK8sgptBinary,
  formatAnalysisText,
  formatCandidatesText,
  isKubeError,
  listAnalyzers,
  loadKubeConfig,
  loadSnapshot,
  analyze,
} from "@kubemedic/kube";
import type { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";
import type { Command } from "../command";
import { UsageError } from "../command";

const NO_BINARY =
  "--k8sgpt always: no k8sgpt binary on PATH or at K8SGPT_PATH (install k8sgpt, or use --k8sgpt auto for the built-in analyzers)";

const USAGE =
  "kubemedic analyze [--kubeconfig PATH] [--context NAME] [-n NAMESPACE] [--filter NAME]... [--selector SELECTOR] [--anonymize] [--output text|json] [--correlate] [--k8sgpt auto|never|always] [--list-filters]";

interface Options {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  filters: string[];
  selector?: string;
  anonymize: boolean;
  output: "text" | "json";
  correlate: boolean;
  k8sgpt: "auto" | "never" | "always";
  listFilters: boolean;
}

/**
 * k8sgpt-compatible analysis from the command line. JSON output has k8sgpt's
 * shape key for key (with `--correlate`, one more key, `rootCauses`, holds the
 * ranked candidates); text output numbers the findings like k8sgpt, then lists
 * the root causes. Exit code 0 even when problems are found (as k8sgpt), 1
 * when the analysis itself failed or reported errors (`--k8sgpt always`
 * without a binary too), 2 on bad usage.
 */
export const analyzeCommand: Command = {
  name: "analyze",
  summary:
    "k8sgpt-compatible findings for a namespace or the cluster, with --correlate the ranked root causes",
  usage: USAGE,
  async run(args: string[]): Promise<number> {
    const options = parseOptions(args);
    if (options.listFilters) {
      for (const a of listAnalyzers()) console.log(`${a.name}${a.core ? "" : " (optional)"}`);
      return 0;
    }
    // Checked first, the same way with or without --correlate: nothing to run is a failure, not a usage error.
    if (options.k8sgpt === "always" && findK8sgptBinary() === undefined) {
      console.error(`kubemedic analyze: ${NO_BINARY}`);
      return 1;
    }
    const controller = new AbortController();
    const onSignal = (): void => controller.abort();
    process.once("SIGINT", onSignal);
    try {
      const kc = loadKubeConfig({
        ...(options.kubeconfig === undefined ? {} : { kubeconfigPath: options.kubeconfig }),
        ...(options.context === undefined ? {} : { context: options.context }),
      });
      const request = {
        namespace: options.namespace,
        filters: options.filters,
        labelSelector: options.selector,
        // With --correlate, findings and root causes are masked together below (one pseudonym per name).
        anonymize: options.anonymize && !options.correlate,
        signal: controller.signal,
        useBinary: options.k8sgpt,
      };
      let analysis: AnalysisOutput;
      let candidates: RootCauseCandidate[] | undefined;
      if (options.correlate) {
        // One snapshot serves both; the binary, when used, analyzes on its own.
        const snapshot = await loadSnapshot(kc, {
          namespace: options.namespace,
          signal: controller.signal,
        });
        try {
          const binary = options.k8sgpt === "never" ? undefined : findK8sgptBinary();
          analysis =
            binary === undefined
              ? await analyzeSnapshot(snapshot, request)
              : await analyze(kc, request);
          candidates = await correlateSnapshot(snapshot, {
            namespace: options.namespace,
            signal: controller.signal,
          });
        } finally {
          snapshot.close();
        }
        if (options.anonymize) {
          const masked = anonymizeAnalysis(analysis, undefined, candidates);
          analysis = masked.output;
          candidates = masked.candidates;
        }
      } else analysis = await analyze(kc, request);
      if (options.output === "json") process.stdout.write(toJson(analysis, candidates));
      else {
        process.stdout.write(formatAnalysisText(analysis));
        if (candidates !== undefined) process.stdout.write(`\n${formatCandidatesText(candidates)}`);
      }
      return analysis.errors === null ? 0 : 1;
    } catch (error) {
      if (isKubeError(error)) {
        if (error.code === "usage") throw new UsageError(error.message);
        console.error(`kubemedic analyze: ${error.message}`);
        return 1;
      }
      throw error;
    } finally {
      process.off("SIGINT", onSignal);
    }
  },
};

/**
 * Pretty-printed with two spaces like k8sgpt, and with Go's escaping of <, >,
 * & and the line/paragraph separators, so the bytes match what k8sgpt prints.
 */
function toJson(analysis: AnalysisOutput, candidates: RootCauseCandidate[] | undefined): string {
  const body = candidates === undefined ? analysis : { ...analysis, rootCauses: candidates };
  return `${JSON.stringify(body, null, 2)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")}\n`;
}

function parseOptions(args: string[]): Options {
  const options: Options = {
    filters: [],
    anonymize: false,
    output: "text",
    correlate: false,
    k8sgpt: "auto",
    listFilters: false,
  };
  for (let i = 0; i < args.length; i++) {
    const raw = args[i] ?? "";
    const eq = raw.startsWith("--") ? raw.indexOf("=") : -1;
    const flag = eq === -1 ? raw : raw.slice(0, eq);
    const value = (): string => {
      if (eq !== -1) return raw.slice(eq + 1);
      const next = args[++i];
      if (next === undefined || next === "") throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case "--kubeconfig":
        options.kubeconfig = value();
        break;
      case "--context":
        options.context = value();
        break;
      case "-n":
      case "--namespace":
        options.namespace = value();
        break;
      case "-f":
      case "--filter":
        options.filters.push(
          ...value()
            .split(",")
            .filter((f) => f !== ""),
        );
        break;
      case "-L":
      case "--selector":
        options.selector = value();
        break;
      case "-a":
      case "--anonymize":
        options.anonymize = true;
        break;
      case "-o":
      case "--output": {
        const output = value();
        if (output !== "text" && output !== "json")
          throw new UsageError(`--output must be text or json, not "${output}"`);
        options.output = output;
        break;
      }
      case "--correlate":
        options.correlate = true;
        break;
      case "--k8sgpt": {
        const mode = value();
        if (mode !== "auto" && mode !== "never" && mode !== "always")
          throw new UsageError(`--k8sgpt must be auto, never or always, not "${mode}"`);
        options.k8sgpt = mode;
        break;
      }
      case "--list-filters":
        options.listFilters = true;
        break;
      default:
        throw new UsageError(`unknown option ${raw}`);
    }
  }
  return options;
}

import {
  Cluster,
  Flags,
  KubectlEngine,
  isKubeError,
  loadKubeConfig,
  parseCommand,
  quoteWord,
  type ParsedCommand,
} from "@kubemedic/kube";
import type { Command } from "../command";
import { UsageError } from "../command";

const USAGE =
  "kubemedic kubectl [--kubeconfig PATH] [--context NAME] [--allow-mutations] [--max-lines N] [--max-bytes N] -- <kubectl arguments>";

/**
 * Runs one kubectl command line through kubemedic's in-process engine (the
 * same one the agent uses): read-only unless --allow-mutations; output bounded
 * and redacted; a manifest for `-f -` is read from stdin. Exit code 1 when the
 * command failed or was refused.
 */
export const kubectlCommand: Command = {
  name: "kubectl",
  summary: "run a kubectl command through kubemedic's engine (read-only unless --allow-mutations)",
  usage: USAGE,
  async run(args: string[]): Promise<number> {
    const options = parseOptions(args);
    let kc;
    try {
      kc = loadKubeConfig({
        ...(options.kubeconfig ? { kubeconfigPath: options.kubeconfig } : {}),
        ...(options.context ? { context: options.context } : {}),
      });
    } catch (error) {
      if (isKubeError(error)) {
        console.error(`kubemedic kubectl: ${error.message}`);
        return 1;
      }
      throw error;
    }
    const cluster = new Cluster(kc);
    const engine = new KubectlEngine(cluster, {
      ...(options.maxLines ? { maxLines: options.maxLines } : {}),
      ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
    });
    const controller = new AbortController();
    const onSignal = (): void => controller.abort();
    process.once("SIGINT", onSignal);
    try {
      // Parsed once: the engine runs the parse (or reports why the line does not parse).
      const parsed = parseCommand(options.line);
      const manifest = parsed.ok && readsManifest(parsed.command) ? await readStdin() : undefined;
      const result = await engine.run(parsed.ok ? parsed.command : options.line, {
        allowMutations: options.allowMutations,
        signal: controller.signal,
        ...(manifest === undefined ? {} : { manifest }),
      });
      if (result.output !== "") (result.ok ? console.log : console.error)(result.output);
      return result.ok ? 0 : 1;
    } finally {
      process.off("SIGINT", onSignal);
      cluster.close();
    }
  },
};

interface Options {
  kubeconfig?: string;
  context?: string;
  allowMutations: boolean;
  maxLines?: number;
  maxBytes?: number;
  line: string;
}

function parseOptions(args: string[]): Options {
  const dash = args.indexOf("--");
  const own = dash === -1 ? [] : args.slice(0, dash);
  const rest = dash === -1 ? args : args.slice(dash + 1);
  const options: Options = { allowMutations: false, line: "" };
  for (let i = 0; i < own.length; i++) {
    const arg = own[i]!;
    const value = (): string => {
      const next = own[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    switch (arg) {
      case "--kubeconfig":
        options.kubeconfig = value();
        break;
      case "--context":
        options.context = value();
        break;
      case "--allow-mutations":
        options.allowMutations = true;
        break;
      case "--max-lines":
        options.maxLines = positive(arg, value());
        break;
      case "--max-bytes":
        options.maxBytes = positive(arg, value());
        break;
      default:
        throw new UsageError(`unknown option ${arg} (kubectl arguments go after --)`);
    }
  }
  if (rest.length === 0) throw new UsageError("no kubectl command given");
  // The shell already split the words: re-quote them so the engine reads the same words.
  // A word that is shell syntax (`pods;`, `|`, `$(…)`) reached us unexpanded — quoted, or
  // from a program — and asks for more than one kubectl command: the words go to the
  // engine as typed, so it refuses them with its own reason. Syntax inside a word is data
  // (a jsonpath filter `?(@.x>1)`, a selector `app in (a)`): only an operator at a word's
  // edge, or an expansion, counts.
  const shell = rest.some(isShellWord);
  options.line =
    rest.length === 1 ? rest[0]! : shell ? rest.join(" ") : rest.map(quoteWord).join(" ");
  return options;
}

function isShellWord(word: string): boolean {
  return /^(?:\d*[<>]|[;|&])|[;|&]$|\$[({A-Za-z_]|`/.test(word);
}

function readsManifest(command: ParsedCommand): boolean {
  return new Flags(command.flags).strings("filename").includes("-");
}

function positive(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} needs a positive integer`);
  return n;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

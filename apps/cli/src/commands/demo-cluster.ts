import { resolve } from "node:path";
import { UsageError, type Command } from "../command";

const USAGE =
  "kubemedic demo-cluster [--scenario NAME|DIR]... [--port <number>] [--host <address>] [--kubeconfig-out <path>] [--token <token>] [--latency <ms>] [--list]";

const VALUE_FLAGS = new Set([
  "--scenario",
  "--port",
  "--host",
  "--kubeconfig-out",
  "--token",
  "--latency",
]);

/** Where the kubeconfig goes without --kubeconfig-out (.kubemedic/ is git-ignored). */
const DEFAULT_KUBECONFIG = ".kubemedic/demo-cluster.kubeconfig";

export interface DemoClusterFlags {
  scenarios: string[];
  port: number;
  host: string;
  kubeconfigOut: string;
  token: string | undefined;
  /** A delay before every answer, like a remote API server's round trip. */
  latencyMs: number;
  list: boolean;
}

export function parseDemoClusterFlags(args: string[]): DemoClusterFlags {
  const flags: DemoClusterFlags = {
    scenarios: [],
    port: 0,
    host: "127.0.0.1",
    kubeconfigOut: DEFAULT_KUBECONFIG,
    token: undefined,
    latencyMs: 0,
    list: false,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    const [name, inline] =
      arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    if (name === "--list") {
      flags.list = true;
      continue;
    }
    const value = inline ?? args[++i];
    if (!VALUE_FLAGS.has(name ?? "")) throw new UsageError(`unknown option '${arg}'`);
    if (value === undefined || value === "") throw new UsageError(`${name ?? arg} needs a value`);
    switch (name) {
      case "--scenario":
        flags.scenarios.push(value);
        break;
      case "--port": {
        const port = Number(value);
        if (!Number.isInteger(port) || port < 0 || port > 65_535)
          throw new UsageError(`--port must be a number from 0 to 65535, not '${value}'`);
        flags.port = port;
        break;
      }
      case "--host":
        flags.host = value;
        break;
      case "--kubeconfig-out":
        flags.kubeconfigOut = value;
        break;
      case "--token":
        flags.token = value;
        break;
      case "--latency": {
        const ms = /^\d+$/.test(value) ? Number(value) : Number.NaN;
        if (!(ms <= 10_000))
          throw new UsageError(
            `--latency must be a number of milliseconds from 0 to 10000, not '${value}'`,
          );
        flags.latencyMs = ms;
        break;
      }
      default:
        break;
    }
  }
  return flags;
}

/**
 * Runs the Kubernetes API simulator (packages/demo-cluster) until stopped:
 * every built-in scenario, one namespace each, unless --scenario picks some.
 * docs/demo-cluster.md describes what it serves.
 */
export const demoClusterCommand: Command = {
  name: "demo-cluster",
  summary:
    "Run the built-in demo cluster (a Kubernetes API simulator) and write a kubeconfig for it",
  usage: USAGE,
  async run(args) {
    const flags = parseDemoClusterFlags(args);
    const {
      startDemoCluster,
      builtinScenarioNames,
      builtinScenarioDir,
      loadScenario,
      DemoClusterError,
    } = await import("@kubemedic/demo-cluster");
    if (flags.list) {
      for (const name of builtinScenarioNames()) {
        const s = await loadScenario(builtinScenarioDir(name));
        console.log(
          `${name.padEnd(28)} ${s.namespace.padEnd(12)} ${s.expect.category.padEnd(24)} ${s.question}`,
        );
      }
      return 0;
    }
    let cluster: Awaited<ReturnType<typeof startDemoCluster>>;
    try {
      cluster = await startDemoCluster({
        ...(flags.scenarios.length > 0 && { scenarios: flags.scenarios }),
        host: flags.host,
        port: flags.port,
        ...(flags.token !== undefined && { token: flags.token }),
        latencyMs: flags.latencyMs,
      });
    } catch (error) {
      if (error instanceof DemoClusterError) {
        console.error(`kubemedic demo-cluster: ${error.message}`);
        return 1;
      }
      throw error;
    }
    const kubeconfig = resolve(flags.kubeconfigOut);
    try {
      await cluster.writeKubeconfig(kubeconfig);
    } catch (error) {
      // A bad path is the user's to fix: one line saying which and why, not a stack trace.
      await cluster.close();
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      console.error(
        `kubemedic demo-cluster: cannot write the kubeconfig to ${kubeconfig} (${code}); choose a writable path with --kubeconfig-out`,
      );
      return 1;
    }
    const names = cluster.scenarios.map((s) => `${s.name} (${s.namespace})`).join(", ");
    console.log(
      `kubemedic demo cluster listening on ${cluster.url}${flags.latencyMs > 0 ? ` (answers after ${flags.latencyMs} ms)` : ""}`,
    );
    console.log(`kubeconfig: ${kubeconfig}`);
    console.log(`scenarios: ${names}`);
    console.log(`try: kubectl --kubeconfig ${kubeconfig} get pods -A`);
    console.log(
      "Ctrl+C stops it (changes are kept in memory only; a restart restores the scenarios).",
    );
    const signal = await new Promise<NodeJS.Signals>((done) => {
      process.once("SIGINT", done);
      process.once("SIGTERM", done);
    });
    console.log(`${signal}: stopping the demo cluster`);
    await cluster.close();
    return 0;
  },
};

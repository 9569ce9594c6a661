import { UsageError, type Command } from "../command";

const USAGE =
  "kubemedic serve [--host <address>] [--port <number>] [--data-dir <path>] [--demo | --kubeconfig <path>] [--context <name>]";

/** Flags beat HOST, PORT, KUBEMEDIC_DATA_DIR… (docs/configuration.md). */
const VALUE_FLAGS = {
  "--host": "host",
  "--port": "port",
  "--data-dir": "dataDir",
  "--kubeconfig": "kubeconfig",
  "--context": "context",
} as const;
type ValueKey = (typeof VALUE_FLAGS)[keyof typeof VALUE_FLAGS];
type Overrides = Partial<Record<ValueKey, string>> & { demo?: boolean };

export function parseServeFlags(args: string[]): Overrides {
  const overrides: Overrides = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--demo") {
      overrides.demo = true;
      continue;
    }
    const [name, inline] =
      arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const key = VALUE_FLAGS[name as keyof typeof VALUE_FLAGS] as ValueKey | undefined;
    if (key === undefined) throw new UsageError(`unknown option '${arg}'`);
    const value = inline ?? args[++i];
    if (value === undefined || value === "") throw new UsageError(`${name} needs a value`);
    overrides[key] = value;
  }
  return overrides;
}

export const serveCommand: Command = {
  name: "serve",
  summary:
    "Start the server: web UI, API, gateway; the demo cluster without a kubeconfig, the offline diagnostician without an LLM key",
  usage: USAGE,
  async run(args) {
    const overrides = parseServeFlags(args);
    // Loaded here so other commands never pay for the server's imports.
    const { loadConfig, startServer, isServerError } = await import("@kubemedic/server");
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer(loadConfig(process.env, overrides));
    } catch (error) {
      if (isServerError(error)) {
        // Bad configuration ends with one line: what is wrong and what to do.
        console.error(`kubemedic: ${error.oneLine}`);
        return 1;
      }
      console.error(`kubemedic: unexpected error while starting: ${(error as Error).message}`);
      if (process.env.LOG_LEVEL?.toLowerCase() === "debug") console.error(error);
      return 1;
    }
    // The one line a newcomer needs, on stderr so stdout stays JSON logs.
    console.error(readyLine(server));
    const signal = await new Promise<NodeJS.Signals>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    server.logger.info({ signal }, "shutting down");
    // A second signal while closing means "now".
    const force = () => process.exit(1);
    process.once("SIGINT", force);
    process.once("SIGTERM", force);
    await server.close();
    process.off("SIGINT", force);
    process.off("SIGTERM", force);
    return 0;
  },
};

function readyLine(server: {
  loginUrl: string;
  auth: { source: string };
  model: { label: string; offline: boolean };
  clusters: { isDemo: boolean; defaultContext: string | undefined };
}): string {
  const cluster = server.clusters.isDemo
    ? "the built-in demo cluster"
    : (server.clusters.defaultContext ?? "no cluster");
  const model = server.model.offline ? "the offline diagnostician" : server.model.label;
  const how =
    server.auth.source === "env" && !server.loginUrl.includes("token=")
      ? " and sign in with KUBEMEDIC_AUTH_TOKEN"
      : "";
  return `kubemedic is ready — open ${server.loginUrl}${how} (${cluster}, ${model})`;
}

import { connectTarget, type Target, type TargetFlags } from "../clusterTarget";
import type { Command } from "../command";
import { checkTarget, parseTargetArgs } from "../targetArgs";

const USAGE =
  "kubemedic mcp [--kubeconfig <path>] [--context <name>] [-n <namespace>] [--demo [--scenario <name>]…]";

export function parseMcpFlags(args: string[]): TargetFlags {
  const { target } = parseTargetArgs(args);
  checkTarget(target);
  return target;
}

/**
 * An MCP server over stdio for one cluster (the kubeconfig, or the demo
 * cluster): the tools kubectl (read-only), analyze, correlate and diagnose.
 * No database here, so no stored reports as resources: those are served by
 * `kubemedic serve` at /mcp. Logs go to stderr; stdout is the protocol.
 * docs/mcp.md.
 */
export const mcpCommand: Command = {
  name: "mcp",
  summary:
    "serve kubemedic's tools to MCP clients over stdio (read-only kubectl, analyze, diagnose)",
  usage: USAGE,
  async run(args) {
    const flags = parseMcpFlags(args);
    const { createModel, loadGraphConfig } = await import("@kubemedic/agent");
    const { serveStdio } = await import("@kubemedic/mcp");
    let target: Target;
    try {
      target = await connectTarget(flags);
    } catch (error) {
      console.error(`kubemedic mcp: ${(error as Error).message}`);
      return 1;
    }
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    try {
      const model = createModel(process.env);
      const cluster = target.cluster;
      console.error(
        `kubemedic mcp: serving on stdio (model ${model.label}, context ${cluster.context})`,
      );
      await serveStdio(
        {
          clusters: {
            clusterFor: () => cluster,
            hasContext: (name) => name === cluster.context,
          },
          model,
          graphConfig: loadGraphConfig(),
          user: "mcp",
        },
        { signal: controller.signal },
      );
      return 0;
    } catch (error) {
      console.error(`kubemedic mcp: ${(error as Error).message}`);
      return 1;
    } finally {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      await target.close();
    }
  },
};

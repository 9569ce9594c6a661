import type { Command } from "../command";

/**
 * Every sub-command, loaded lazily so `kubemedic kubectl …` never pays for the
 * server's or the agent's imports.
 */
export const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import("./serve")).serveCommand,
  analyze: async () => (await import("./analyze")).analyzeCommand,
  kubectl: async () => (await import("./kubectl")).kubectlCommand,
  diagnose: async () => (await import("./diagnose")).diagnoseCommand,
  "demo-cluster": async () => (await import("./demo-cluster")).demoClusterCommand,
  quality: async () => (await import("./quality")).qualityCommand,
  mcp: async () => (await import("./mcp")).mcpCommand,
};

import type { Cluster } from "@kubemedic/kube";
import { createAgent, type Agent } from "./agent";
import { createMemoryCheckpointer } from "./checkpointer";
import { loadGraphConfig, parseGraphConfig, type GraphConfig } from "./config/graph-config";
import type { AgentLogger, ModelHandle } from "./graph/deps";

export interface HeadlessAgentOptions {
  model: ModelHandle;
  clusterFor: (contextName?: string) => Promise<Cluster> | Cluster;
  /** The base config, made headless. @default loadGraphConfig() (KUBEMEDIC_GRAPH_CONFIG or the defaults) */
  config?: GraphConfig;
  logger?: AgentLogger;
  /**
   * `approve-mutations` only for a caller that decides approvals itself (`diagnose --fix` asks
   * in the terminal). @default "suggest-only"
   */
  policy?: "suggest-only" | "approve-mutations";
}

/**
 * The agent as headless callers run it (`kubemedic diagnose`, the quality
 * suite, the MCP server's `diagnose` tool): the graph config made headless —
 * nothing changes the cluster (`suggest-only`: a fix is a recommendation,
 * never run, since nobody is there to approve it) unless the caller decides
 * approvals itself, any investigation ends in a report — and checkpoints kept
 * in memory, gone with the agent.
 */
export function createHeadlessAgent(opts: HeadlessAgentOptions): Agent {
  const base = opts.config ?? loadGraphConfig();
  const config = parseGraphConfig({
    ...base,
    approval: { policy: opts.policy ?? "suggest-only" },
    nodes: { ...base.nodes, report: { ...base.nodes.report, when: "always" } },
  });
  return createAgent({
    model: opts.model,
    checkpointer: createMemoryCheckpointer(),
    config,
    clusterFor: opts.clusterFor,
    ...(opts.logger === undefined ? {} : { logger: opts.logger }),
  });
}

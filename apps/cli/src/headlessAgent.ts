import type * as AgentExports from "@kubemedic/agent";
import type { Cluster } from "@kubemedic/kube";

type AgentModule = typeof AgentExports;
type ModelHandle = ReturnType<AgentModule["createModel"]>;

/**
 * The agent as the terminal commands (`diagnose`, `quality`) run it: the
 * agent's `createHeadlessAgent` on one cluster — nothing changes the cluster
 * (`suggest-only`) unless the caller decides approvals itself (`diagnose
 * --fix`: `approve-mutations`), any investigation ends in a report, and
 * checkpoints stay in memory. The agent module is passed in because the
 * commands import it lazily, to keep `kubemedic --help` fast.
 */
export function createHeadlessAgent(
  agentModule: AgentModule,
  model: ModelHandle,
  cluster: Cluster,
  policy: "suggest-only" | "approve-mutations" = "suggest-only",
): AgentExports.Agent {
  return agentModule.createHeadlessAgent({ model, clusterFor: () => cluster, policy });
}

import {
  END,
  START,
  StateGraph,
  type BaseCheckpointSaver,
  type RetryPolicy,
} from "@langchain/langgraph";
import type { GraphConfig } from "../config/graph-config";
import { isAbortError, llmFailureOf } from "../llm-errors";
import type { GraphDeps } from "./deps";
import { agentNode } from "./nodes/agent";
import { approveNode } from "./nodes/approve";
import { prepareNode } from "./nodes/prepare";
import { reportNode } from "./nodes/report";
import { toolsNode } from "./nodes/tools";
import { collectNode } from "./plan/collect-node";
import { plannerNode } from "./plan/planner-node";
import { dispatchSteps, reflectNode } from "./plan/reflect-node";
import { routeAfterRoute, routeNode } from "./plan/route-node";
import { stepNode } from "./plan/step-node";
import { verifyNode } from "./nodes/verify";
import { routeAfterAgent, routeAfterTools } from "./route";
import { AgentState } from "./state";

/**
 * The troubleshooting graph (../shared/design/brief.md):
 *
 * ```
 * START → prepare → route ─┬─ simple / single ──► agent (below)
 *                          └─ complex ──► planner ──► step ×N (parallel) ──► reflect ─┬─ more steps ──► step
 *                                                                                     └─ done ──► collect ──► END
 *
 * agent ─┬─ read-only tool calls ──► tools ──► agent
 *        ├─ a mutating call ──► approve ─┬─ approved ──► tools ──► verify ──► agent
 *        │                               └─ rejected ──► agent
 *        ├─ diagnosis finished ──► report ──► END
 *        └─ plain answer ──► END
 * ```
 *
 * Plans (graph/plan, issue #14): each step runs a specialist's subgraph.
 * With `plan.enabled: false` the route node decides nothing: every turn goes to agent.
 */
export function buildGraph(deps: GraphDeps, checkpointer: BaseCheckpointSaver) {
  return (
    new StateGraph(AgentState)
      .addNode("prepare", prepareNode(deps))
      .addNode("agent", agentNode(deps, { hintReport: true }), {
        retryPolicy: llmRetryPolicy(deps.config),
      })
      .addNode("tools", toolsNode(deps))
      .addNode("approve", approveNode(deps), { ends: ["approve", "tools", "agent"] })
      .addNode("verify", verifyNode(deps))
      .addNode("report", reportNode(deps), { retryPolicy: llmRetryPolicy(deps.config) })
      .addNode("route", routeNode(deps))
      .addNode("planner", plannerNode(deps))
      // A `Send` target: its input is the step task, not the graph state.
      .addNode("step", stepNode(deps) as unknown as ReturnType<typeof reflectNode>)
      .addNode("reflect", reflectNode(deps))
      .addNode("collect", collectNode(deps))
      .addEdge(START, "prepare")
      .addEdge("prepare", "route")
      .addConditionalEdges("route", routeAfterRoute, ["planner", "agent"])
      .addConditionalEdges("planner", dispatchSteps(deps), ["step", "collect"])
      .addEdge("step", "reflect")
      .addConditionalEdges("reflect", dispatchSteps(deps), ["step", "collect"])
      .addEdge("collect", END)
      .addConditionalEdges("agent", routeAfterAgent(deps.config), [
        "tools",
        "approve",
        "report",
        END,
      ])
      .addConditionalEdges("tools", routeAfterTools, ["verify", "agent"])
      .addEdge("verify", "agent")
      .addEdge("report", END)
      .compile({ checkpointer, name: "kubemedic" })
  );
}

export type AgentGraph = ReturnType<typeof buildGraph>;

/** Retries transient model failures (429, 5xx, timeouts, dropped connections) with backoff. */
function llmRetryPolicy(config: GraphConfig): RetryPolicy {
  const r = config.nodes.agent.retry;
  return {
    maxAttempts: r.maxAttempts,
    initialInterval: r.initialDelayMs,
    maxInterval: r.maxDelayMs,
    backoffFactor: 2,
    jitter: r.initialDelayMs > 0,
    logWarning: false,
    retryOn: (error: unknown) => !isAbortError(error) && llmFailureOf(error).transient,
  };
}

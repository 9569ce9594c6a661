import { END, START, StateGraph } from "@langchain/langgraph";
import type { Specialist } from "@kubemedic/protocol";
import type { GraphConfig } from "../../config/graph-config";
import type { GraphDeps } from "../deps";
import { agentNode } from "../nodes/agent";
import { reportNode } from "../nodes/report";
import { toolsNode } from "../nodes/tools";
import { routeAfterAgent } from "../route";
import { AgentState } from "../state";

/**
 * One specialist as a LangGraph subgraph: the same agent ⇄ tools → report
 * nodes as the single loop, with the specialist's tools, its own iteration
 * budget (`plan.stepMaxIterations`), read-only (a plan investigates; fixes
 * are proposed in its report and go through approval in a later turn), and
 * always ending in a report.
 */
export function buildSpecialistGraph(deps: GraphDeps, name: Specialist) {
  const spec = deps.config.plan.specialists[name];
  const config: GraphConfig = {
    ...deps.config,
    limits: { ...deps.config.limits, maxIterations: deps.config.plan.stepMaxIterations },
    approval: { policy: "read-only" },
    nodes: {
      ...deps.config.nodes,
      agent: { ...deps.config.nodes.agent, tools: spec.tools },
      tools: { ...deps.config.nodes.tools, tools: spec.tools },
      report: { ...deps.config.nodes.report, when: "always" },
    },
  };
  const own: GraphDeps = { ...deps, config };
  return new StateGraph(AgentState)
    .addNode("agent", agentNode(own))
    .addNode("tools", toolsNode(own))
    .addNode("report", reportNode(own))
    .addEdge(START, "agent")
    .addConditionalEdges(
      "agent",
      routeAfterAgent(config) as (s: typeof AgentState.State) => "tools" | "report" | typeof END,
      ["tools", "report", END],
    )
    .addEdge("tools", "agent")
    .addEdge("report", END)
    .compile({ name: `specialist-${name}` });
}

export type SpecialistGraph = ReturnType<typeof buildSpecialistGraph>;

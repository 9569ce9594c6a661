import { END } from "@langchain/langgraph";
import type { GraphConfig } from "../config/graph-config";
import { isAI, isTool } from "../context/message-kinds";
import { changesCluster, pendingPlans, planContext } from "./planned-call";
import { currentTurnMessages, type AgentStateValue } from "./state";

export type AfterAgent = "tools" | "approve" | "report" | typeof END;

/**
 * After the model spoke: tool calls go to `tools`, or to `approve` when one
 * of them changes the cluster and the policy asks the user (read from the
 * calls' plans, made when the agent node ended); a finished diagnosis goes to
 * `report`; anything else ends the turn.
 */
export function routeAfterAgent(config: GraphConfig) {
  return (state: AgentStateValue): AfterAgent => {
    const last = state.messages.at(-1);
    if (state.partial || !isAI(last)) return END;
    if ((last.tool_calls ?? []).length > 0) {
      if (config.approval.policy !== "approve-mutations") return "tools";
      return pendingPlans(state, planContext(config, state)).some(changesCluster)
        ? "approve"
        : "tools";
    }
    return wantsReport(state, config) ? "report" : END;
  };
}

/** Approved changes that ran are verified before the model speaks again. */
export function routeAfterTools(state: AgentStateValue): "verify" | "agent" {
  return state.verifyPlan === null ? "agent" : "verify";
}

/** Reports follow diagnoses that used tools (config `nodes.report.when`). */
export function wantsReport(state: AgentStateValue, config: GraphConfig): boolean {
  const when = config.nodes.report.when;
  if (when === "never") return false;
  const usedTools = currentTurnMessages(state.messages, state.turn?.turnId).some(isTool);
  if (!usedTools) return false;
  if (when === "always") return true;
  const kind = state.turn?.intent.kind;
  return kind === "diagnose" || kind === "scan";
}

import { END, type LangGraphRunnableConfig } from "@langchain/langgraph";
import type { GraphConfig } from "../config/graph-config";
import { isAI, isTool } from "../context/message-kinds";
import { turnContext } from "./deps";
import { currentTurnMessages, type AgentStateValue } from "./state";
import type { ClusterBackend } from "../tools/cluster-backend";
import type { ToolCall } from "@langchain/core/messages/tool";

export type AfterAgent = "tools" | "approve" | "report" | typeof END;

/**
 * After the model spoke: tool calls go to `tools`, or to `approve` when one
 * of them changes the cluster and the policy asks the user; a finished
 * diagnosis goes to `report`; anything else ends the turn.
 */
export function routeAfterAgent(config: GraphConfig) {
  return (state: AgentStateValue, runConfig: LangGraphRunnableConfig): AfterAgent => {
    const last = state.messages.at(-1);
    if (state.partial || !isAI(last)) return END;
    const calls = last.tool_calls ?? [];
    if (calls.length > 0) {
      if (config.approval.policy !== "approve-mutations") return "tools";
      const { backend } = turnContext(runConfig);
      return calls.some((c) => isMutatingCall(c, backend)) ? "approve" : "tools";
    }
    return wantsReport(state, config) ? "report" : END;
  };
}

export function isMutatingCall(call: ToolCall, backend: ClusterBackend): boolean {
  if (call.name !== "kubectl") return false;
  const line = (call.args as { command?: unknown }).command;
  return (
    typeof line === "string" &&
    backend.classify(line.trim().replace(/^kubectl\s+/, "")).classification === "mutating"
  );
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

import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { textOf } from "../../context/message-kinds";
import { emit, type GraphDeps } from "../deps";
import { currentTurnMessages, type AgentStateUpdate, type AgentStateValue } from "../state";
import { planWithModel } from "./llm-plan";
import { planFromGroups } from "./plan-from-groups";

/**
 * Breaks a complex question into steps (`plan.created`). Offline: one step
 * per independent root cause `route` found, ranked, at most `plan.maxSteps`.
 * With an LLM: its structured plan, validated, or the offline plan when the
 * model's is unusable.
 */
export function plannerNode(deps: GraphDeps) {
  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const reason = state.routeDecision?.reason ?? "a complex question";
    let plan = deps.model.offline
      ? undefined
      : await planWithModel(deps, questionOf(state), state.rootCauses, config);
    plan ??= planFromGroups(state.rootCauses, deps.config.plan.maxSteps, reason);
    emit(config, { type: "plan.created", plan });
    return { plan };
  };
}

export function questionOf(state: AgentStateValue): string {
  const first = currentTurnMessages(state.messages, state.turn?.turnId)[0];
  return first === undefined ? "" : textOf(first);
}

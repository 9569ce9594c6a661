import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { AgentStateUpdate, AgentStateValue } from "../state";
import { emit, turnContext, type GraphDeps } from "../deps";
import { decideRoute, type RouteDecision } from "./decide-route";
import { NO_USAGE } from "../usage";
import { routeWithModel } from "./llm-plan";
import { questionOf } from "./planner-node";

/**
 * After `prepare`: simple | single | complex, streamed with its reason
 * (`route.decided`). Offline by rules on the intent and correlation; with an
 * LLM, one small structured-output call over the same summary confirms or
 * overrules a `complex` decision. Resets the
 * plan channels every turn. With `plan.enabled: false` it decides nothing
 * and emits nothing: every turn takes the single loop.
 */
export function routeNode(deps: GraphDeps) {
  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const reset: AgentStateUpdate = {
      routeDecision: null,
      plan: null,
      stepResults: null,
      rootCauses: [],
    };
    const turn = state.turn;
    if (!deps.config.plan.enabled || turn === null) return reset;
    const question = questionOf(state);
    const { backend } = turnContext(config);
    let decision: RouteDecision;
    try {
      decision = await decideRoute(question, turn.intent, backend, deps.config.plan, config.signal);
    } catch (error) {
      if (config.signal?.aborted) throw error;
      // Correlation failed (an unreachable cluster): the single loop's tools report it properly.
      decision = {
        branch: "single" as const,
        reason: "the cluster could not be correlated",
        groups: [],
      };
    }
    // The model confirms (or overrules) a plan the rules propose: one small call, made only
    // where the rules found several root causes, so single questions cost no extra model call.
    let usage = NO_USAGE;
    if (!deps.model.offline && decision.branch === "complex")
      ({ decision, usage } = await routeWithModel(deps, question, decision, config));
    // A command or a plain question streams nothing extra: its answer is the whole story.
    if (decision.branch !== "simple")
      emit(config, { type: "route.decided", branch: decision.branch, reason: decision.reason });
    const { groups, ...route } = decision;
    return {
      ...reset,
      routeDecision: route,
      rootCauses: decision.branch === "complex" ? groups : [],
      usage,
    };
  };
}

/** After `route`: the planner for complex questions, the single loop otherwise. */
export function routeAfterRoute(state: AgentStateValue): "planner" | "agent" {
  return state.routeDecision?.branch === "complex" ? "planner" : "agent";
}

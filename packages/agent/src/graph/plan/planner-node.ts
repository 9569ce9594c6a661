import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { textOf } from "../../context/message-kinds";
import type { ClusterBackend } from "../../tools/cluster-backend";
import { emit, turnContext, type GraphDeps } from "../deps";
import { currentTurnMessages, type AgentStateUpdate, type AgentStateValue } from "../state";
import { planWithModel } from "./llm-plan";
import { planFromGroups } from "./plan-from-groups";

/**
 * Breaks a complex question into steps (`plan.created`). Offline: one step
 * per independent root cause `route` found, ranked, at most `plan.maxSteps`.
 * With an LLM: its structured plan, checked against the cluster
 * (`checkModelPlan`), or the offline plan, saying why, when none of the
 * model's steps is usable.
 */
export function plannerNode(deps: GraphDeps) {
  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const reason = state.routeDecision?.reason ?? "a complex question";
    const model = deps.model.offline
      ? undefined
      : await planWithModel(
          deps,
          questionOf(state),
          state.rootCauses,
          await namespacesOf(turnContext(config).backend, config.signal),
          config,
        );
    // The rules' plan, saying why the model's was not used: the plan card shows the reason.
    const plan =
      model?.plan ??
      planFromGroups(
        state.rootCauses,
        deps.config.plan.maxSteps,
        model === undefined ? reason : `${reason}; the model's plan was not used: ${model.why}`,
      );
    emit(config, { type: "plan.created", plan });
    return { plan, ...(model === undefined ? {} : { usage: model.usage }) };
  };
}

export function questionOf(state: AgentStateValue): string {
  const first = currentTurnMessages(state.messages, state.turn?.turnId)[0];
  return first === undefined ? "" : textOf(first);
}

/** The cluster's namespaces, to check the model's scopes; undefined (unchecked) when they cannot be listed. */
async function namespacesOf(
  backend: ClusterBackend,
  signal: AbortSignal | undefined,
): Promise<ReadonlySet<string> | undefined> {
  try {
    return new Set(await backend.listNamespaces(signal));
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

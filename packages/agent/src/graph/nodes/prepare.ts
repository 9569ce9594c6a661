import { HumanMessage, RemoveMessage, type BaseMessage } from "@langchain/core/messages";
import { REMOVE_ALL_MESSAGES, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { clusterSummary } from "../../context/cluster-summary";
import { systemPrompt } from "../../context/system-prompt";
import { trimHistory } from "../../context/trim-history";
import { carryEarlier } from "../../conversation/carry-earlier";
import { renderContext } from "../../conversation/context";
import { describeFollowUp } from "../../conversation/describe-follow-up";
import { finishedTurnOf } from "../../conversation/finished-turn";
import { foldTurn } from "../../conversation/fold-turn";
import { understand } from "../../conversation/understand-message";
import { parseIntent, selectionInScope, type Intent } from "../../intent";
import { conversationLanguage } from "../../language/conversation-language";
import { answerLanguage } from "../../language/detect-language";
import { emit, turnContext, type GraphDeps } from "../deps";
import type { AgentStateUpdate, AgentStateValue, HumanMeta } from "../state";
import { NO_USAGE } from "../usage";

/** What a tool call left unanswered by an earlier turn is told. */
const DANGLING_TOOL_ANSWER =
  "Not run: the user moved on (the turn ended, was cancelled, or a new question came) before this call ran.";

/**
 * Starts a turn: scopes the question, repairs and trims the history, builds
 * the system prompt with a compact cluster summary, and appends the user's
 * message. Resets every per-turn channel.
 */
export function prepareNode(deps: GraphDeps) {
  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const input = state.turnInput;
    if (input === null) throw new Error("prepare ran without a turn input");
    const { backend } = turnContext(config);
    const finished = finishedTurnOf(state);
    const prior =
      finished === undefined ? state.conversation : foldTurn(state.conversation, finished);
    const understood = await understand(input, prior, backend, config.signal);
    const { text, scope, followUp } = understood;
    const picked = input.selectedResource;
    const namespace = scope.allNamespaces ? undefined : scope.namespaces[0];
    // The question's own scope wins over the selection: "list pods in shop" asked with web/api
    // selected is about shop, and neither the model nor the offline diagnostician hears of api.
    const selected = selectionInScope(picked, namespace, scope.allNamespaces);
    const scoped = parseIntent(text, {
      ...(namespace === undefined ? {} : { defaultNamespace: namespace }),
      ...(selected === undefined ? {} : { selected }),
    });
    const intent: Intent = { ...scoped, ...(namespace === undefined ? {} : { namespace }) };
    if (namespace === undefined) delete intent.namespace;
    const { budgets, limits, nodes, approval } = deps.config;
    const trimmed = trimHistory(state.messages, {
      historyTokens: budgets.historyTokens,
      summaryChars: budgets.summaryChars,
      danglingReason: DANGLING_TOOL_ANSWER,
    });
    const summary = nodes.prepare.healthSummary
      ? await clusterSummary(backend, namespace, config.signal)
      : undefined;
    const language = answerLanguage(
      input.text,
      prior.language ?? conversationLanguage(state.messages),
    );
    // Turns the trim dropped are summarized into the context, not lost (once: reused after).
    const carried = await carryEarlier({
      context: prior,
      kept: trimmed.messages,
      language,
      ...(deps.model.offline ? {} : { model: deps.model.model }),
      ...(config.signal === undefined ? {} : { signal: config.signal }),
    });
    const context = carried.context;
    if (carried.summarized !== undefined)
      emit(config, { type: "history.summarized", summary: carried.summarized });
    const meta: HumanMeta = {
      turnId: input.turnId,
      language,
      ...(followUp === undefined ? {} : { followUp }),
      ...(text === input.text ? {} : { means: text }),
      ...(namespace === undefined ? {} : { namespace }),
      ...(input.clusterContext === undefined ? {} : { clusterContext: input.clusterContext }),
      ...(selected === undefined ? {} : { selectedResource: selected }),
    };
    const human = new HumanMessage({ content: input.text, additional_kwargs: { kubemedic: meta } });
    const messages: BaseMessage[] = trimmed.changed
      ? [new RemoveMessage({ id: REMOVE_ALL_MESSAGES }), ...trimmed.messages, human]
      : [human];
    if (trimmed.droppedTurns > 0) {
      deps.logger?.debug?.({ droppedTurns: trimmed.droppedTurns }, "history trimmed to its budget");
    }
    return {
      messages,
      turnInput: null,
      turn: {
        turnId: input.turnId,
        user: input.user,
        startedAt: input.startedAt,
        intent,
        scope,
        ...(followUp === undefined ? {} : { followUp }),
        ...(understood.question === undefined ? {} : { question: understood.question }),
        ...(namespace === undefined ? {} : { namespace }),
        ...(input.clusterContext === undefined ? {} : { clusterContext: input.clusterContext }),
        ...(selected === undefined ? {} : { selectedResource: selected }),
      },
      conversation: { ...context, language, picker: input.namespace ?? "all" },
      systemPrompt: systemPrompt({
        summary,
        namespace,
        selected,
        policy: approval.policy,
        maxIterations: limits.maxIterations,
        language,
        now: input.startedAt,
        context: renderContext(context),
        ...(text === input.text ? {} : { means: text }),
        ...(followUp === undefined ? {} : { followUp: describeFollowUp(followUp) }),
      }),
      iterations: 0,
      pendingApprovals: [],
      decisions: [],
      verifyPlan: null,
      verifications: [],
      reportOutcome: null,
      partial: false,
      // A new turn's count starts with the summarizing call, when one was made.
      usage: { ...(carried.spent ?? NO_USAGE), reset: true },
    };
  };
}

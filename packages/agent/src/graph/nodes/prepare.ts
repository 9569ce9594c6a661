import { HumanMessage, RemoveMessage, type BaseMessage } from "@langchain/core/messages";
import { REMOVE_ALL_MESSAGES, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { clusterSummary } from "../../context/cluster-summary";
import { systemPrompt } from "../../context/system-prompt";
import { trimHistory } from "../../context/trim-history";
import { parseIntent, selectionInScope, type Intent } from "../../intent";
import { conversationLanguage } from "../../language/conversation-language";
import { answerLanguage } from "../../language/detect-language";
import type { ClusterBackend } from "../../tools/cluster-backend";
import { turnContext, type GraphDeps } from "../deps";
import type { AgentStateUpdate, AgentStateValue, HumanMeta } from "../state";

/** What a tool call left unanswered by an earlier turn is told. */
export const DANGLING_TOOL_ANSWER =
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
    const picked = input.selectedResource;
    const uiNamespace = input.namespace ?? picked?.namespace ?? backend.defaultNamespace;
    const parse = (defaultNamespace: string | undefined, selected: typeof picked) =>
      parseIntent(input.text, {
        ...(defaultNamespace === undefined ? {} : { defaultNamespace }),
        ...(selected === undefined ? {} : { selected }),
      });
    const parsed = parse(uiNamespace, picked);
    const namespace = await resolveNamespace(parsed, uiNamespace, backend, config.signal);
    // The question's own scope wins over the selection: "list pods in shop" asked with web/api
    // selected is about shop, and neither the model nor the offline diagnostician hears of api.
    const selected = selectionInScope(picked, namespace, parsed.allNamespaces);
    const scoped = selected === picked ? parsed : parse(namespace, undefined);
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
    const language = answerLanguage(input.text, conversationLanguage(state.messages));
    const meta: HumanMeta = {
      turnId: input.turnId,
      language,
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
        ...(namespace === undefined ? {} : { namespace }),
        ...(input.clusterContext === undefined ? {} : { clusterContext: input.clusterContext }),
        ...(selected === undefined ? {} : { selectedResource: selected }),
      },
      systemPrompt: systemPrompt({
        summary,
        namespace,
        selected,
        policy: approval.policy,
        maxIterations: limits.maxIterations,
        language,
      }),
      iterations: 0,
      pendingApprovals: [],
      decisions: [],
      verifyPlan: null,
      verifications: [],
      reportOutcome: null,
      partial: false,
      usage: { inputTokens: 0, outputTokens: 0 },
    };
  };
}

/**
 * The turn's namespace: one the text names explicitly; else a word after "in"
 * that is a namespace of the cluster ("why is checkout failing in shop?");
 * else the UI's (or the context's); none for a cluster-wide scan.
 */
async function resolveNamespace(
  intent: Intent,
  uiNamespace: string | undefined,
  backend: ClusterBackend,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  if (intent.namespaceExplicit) return intent.namespace;
  if (intent.allNamespaces) return undefined;
  if (intent.namespaceCandidates.length > 0) {
    try {
      const existing = new Set(await backend.listNamespaces(signal));
      const found = intent.namespaceCandidates.find((c) => existing.has(c));
      if (found !== undefined) return found;
    } catch {
      // Unreachable cluster: the tools will say so; keep the UI's namespace.
    }
  }
  return intent.namespace ?? uiNamespace;
}

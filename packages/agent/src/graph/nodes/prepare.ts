import { HumanMessage, RemoveMessage, type BaseMessage } from "@langchain/core/messages";
import { REMOVE_ALL_MESSAGES, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { clusterSummary } from "../../context/cluster-summary";
import { systemPrompt } from "../../context/system-prompt";
import { trimHistory } from "../../context/trim-history";
import type { ObjectRef, TurnScope } from "@kubemedic/protocol";
import { renderContext, type ConversationContext } from "../../conversation/context";
import { describeFollowUp } from "../../conversation/describe-follow-up";
import { findObject, nearestNames } from "../../conversation/find-object";
import { finishedTurnOf, pickedChoice } from "../../conversation/finished-turn";
import { foldTurn } from "../../conversation/fold-turn";
import { readFollowUp } from "../../conversation/follow-up";
import {
  focusNamespace,
  resolveFollowUp,
  type ResolvedFollowUp,
} from "../../conversation/resolve-follow-up";
import { scopeOf } from "../../conversation/scope-rule";
import { CLUSTER_WIDE } from "../plan/decide-route";
import { parseIntent, selectionInScope, type Intent } from "../../intent";
import { conversationLanguage } from "../../language/conversation-language";
import { answerLanguage } from "../../language/detect-language";
import type { ClusterBackend } from "../../tools/cluster-backend";
import { turnContext, type GraphDeps } from "../deps";
import type { AgentStateUpdate, AgentStateValue, HumanMeta, TurnInput } from "../state";

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
      conversation: { ...prior, language, picker: input.namespace ?? "all" },
      systemPrompt: systemPrompt({
        summary,
        namespace,
        selected,
        policy: approval.policy,
        maxIterations: limits.maxIterations,
        language,
        now: input.startedAt,
        context: renderContext(prior),
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
      usage: { inputTokens: 0, outputTokens: 0 },
    };
  };
}

/** The message understood against the conversation: what it means, where it looks, what it refers to. */
interface Understood {
  text: string;
  scope: TurnScope;
  followUp?: ResolvedFollowUp;
  /** The question to remember for "and in …?" (not set for follow-ups). */
  question?: string;
}

async function understand(
  input: TurnInput,
  prior: ConversationContext,
  backend: ClusterBackend,
  signal: AbortSignal | undefined,
): Promise<Understood> {
  let text = input.text;
  let forced: string | undefined;
  // An answer to the question the last turn asked: the choice's reply is what it means.
  const choice =
    prior.clarification === undefined ? undefined : pickedChoice(text, prior.clarification.choices);
  if (choice !== undefined) text = choice.reply;
  const follow = choice === undefined ? readFollowUp(text) : undefined;
  let followUp: ResolvedFollowUp | undefined;
  if (follow !== undefined) {
    const r = resolveFollowUp(follow, prior);
    if (r.kind === "rewrite") {
      text = r.text;
      forced = r.namespace;
    } else followUp = r;
  }
  const parsed = parseIntent(text);
  const textNamespace = forced ?? (await namedNamespace(parsed, backend, signal));
  const picker = input.namespace;
  const pickerMoved = prior.picker !== undefined && prior.picker !== (picker ?? "all");
  const followNs =
    followUp?.kind === "recheck"
      ? followUp.namespace
      : followUp?.kind === "read" || followUp?.kind === "propose"
        ? (namespaceOfCommands(followUp.commands) ?? focusNamespace(prior))
        : undefined;
  let found: ObjectRef | undefined;
  if (textNamespace === undefined && !parsed.allNamespaces && followUp === undefined) {
    const names = objectNames(parsed);
    if (names.length > 0) {
      let hit: Awaited<ReturnType<typeof findObject>>;
      try {
        hit = await findObject(backend, names, signal);
      } catch {
        // Unreachable cluster: the tools will say so.
      }
      if (hit !== undefined) {
        // Where the conversation already is wins among several of the same name.
        const near = focusNamespace(prior) ?? picker;
        const here = hit.matches.filter((m) => m.namespace === near);
        if (hit.matches.length === 1) found = hit.matches[0];
        else if (here.length === 1) found = here[0];
        else if (parsed.action === undefined)
          followUp = choose(
            text,
            hit.name,
            hit.matches,
            hit.all,
            names.length > 0 && named(parsed),
          );
      }
    }
  }
  const scope = scopeOf({
    textNamespace,
    followNamespace: followNs,
    clusterWide:
      parsed.allNamespaces ||
      (textNamespace === undefined && forced === undefined && CLUSTER_WIDE.test(text)),
    selected: input.selectedResource,
    picker,
    pickerMoved,
    focusNamespace: focusNamespace(prior),
    found,
  });
  const focus =
    followUp?.kind === "read" || followUp?.kind === "recheck" ? followUp.about : undefined;
  return {
    text,
    scope: focus === undefined || scope.focus !== undefined ? scope : { ...scope, focus },
    ...(followUp === undefined ? {} : { followUp }),
    ...(follow === undefined ? { question: text } : {}),
  };
}

/** Names an object may go by in the question: a named resource, else the keywords. */
function objectNames(intent: Intent): string[] {
  if (intent.resource !== undefined)
    return intent.resource.namespace === undefined ? [intent.resource.name] : [];
  if (intent.kind === "question") return [];
  return intent.keywords.filter((k) => /^[a-z0-9][-a-z0-9.]*$/.test(k)).slice(0, 3);
}

/** The question names its object for sure: with a kind, as `describe x`, or as a name with a dash. */
function named(intent: Intent): boolean {
  return (
    intent.resource !== undefined ||
    intent.keywords.some((k) => /^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(k))
  );
}

/**
 * Ask back instead of guessing: several objects of that name (which namespace?), or none and
 * some close names (a typo?). Each choice answers with the question asked again about it.
 */
function choose(
  text: string,
  name: string,
  matches: readonly ObjectRef[],
  all: readonly ObjectRef[],
  sure: boolean,
): ResolvedFollowUp | undefined {
  const again = (r: ObjectRef): string => {
    const swapped = text.replace(
      new RegExp(`(?<![-a-z0-9])${escapeRegExp(name)}(?![-a-z0-9])`, "gi"),
      r.name,
    );
    return r.namespace === undefined
      ? swapped
      : `${swapped.replace(/[?.!\s]+$/, "")} in the ${r.namespace} namespace`;
  };
  const label = (r: ObjectRef): string =>
    `${r.kind.toLowerCase()}/${r.name}${r.namespace === undefined ? "" : ` (${r.namespace})`}`;
  if (matches.length > 1)
    return {
      kind: "choose",
      name,
      found: "several",
      choices: matches.slice(0, 8).map((r) => ({ label: label(r), reply: again(r) })),
    };
  if (!sure) return undefined;
  const close = nearestNames(name, all);
  if (close.length === 0) return undefined;
  return {
    kind: "choose",
    name,
    found: "none",
    choices: close.map((r) => ({ label: label(r), reply: again(r) })),
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function namespaceOfCommands(commands: readonly string[]): string | undefined {
  for (const c of commands) {
    const ns = /(?:^|\s)(?:-n|--namespace)[= ](\S+)/.exec(c)?.[1];
    if (ns !== undefined) return ns;
  }
  return undefined;
}

/**
 * The namespace the text names: explicitly (`-n x`, `the x namespace`), or a
 * word after "in" that is a namespace of the cluster ("why is checkout failing in shop?").
 */
async function namedNamespace(
  intent: Intent,
  backend: ClusterBackend,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  if (intent.namespaceExplicit) return intent.namespace;
  if (intent.namespaceCandidates.length > 0) {
    try {
      const existing = new Set(await backend.listNamespaces(signal));
      return intent.namespaceCandidates.find((c) => existing.has(c));
    } catch {
      // Unreachable cluster: the tools will say so.
    }
  }
  return undefined;
}

import type { AIMessageChunk } from "@langchain/core/messages";
import { AIMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { Runnable } from "@langchain/core/runnables";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { fitRequest } from "../../context/trim-history";
import { requestBudget } from "../../context/request-budget";
import { isToolArtifact } from "../../tools/tool-result";
import { toolsNamed } from "../../tools";
import { isTool, textOf } from "../../context/message-kinds";
import { clarifyOf } from "../../conversation/clarify";
import { emit, type GraphDeps } from "../deps";
import { INVALID_ARGS_KEY, planCall, planContext } from "../planned-call";
import { wantsReport } from "../route";
import { currentTurnMessages, type AgentStateUpdate, type AgentStateValue } from "../state";
import { usageOf } from "../usage";

/**
 * The model with the configured tools bound. Counts iterations; at the limit
 * it answers honestly with what was done so far instead of calling the model.
 * Every tool call of its answer is planned here, once (`plannedCalls`).
 */
export function agentNode(
  deps: GraphDeps,
  /** The main graph's agent, whose final answer a report may follow (not a plan's specialists). */
  options: { hintReport?: boolean } = {},
) {
  const { model } = deps.model;
  if (typeof model.bindTools !== "function") {
    throw new Error(`the model ${deps.model.label} cannot call tools (no bindTools)`);
  }
  const bound: Runnable<BaseMessage[], AIMessageChunk> = model.bindTools(
    toolsNamed(deps.config.nodes.agent.tools),
  ) as Runnable<BaseMessage[], AIMessageChunk>;
  const { limits, budgets } = deps.config;

  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    if (state.iterations >= limits.maxIterations) {
      const message = partialAnswer(state, limits.maxIterations);
      emitMessage(config, message);
      return { messages: [message], partial: true };
    }
    const system = new SystemMessage(state.systemPrompt);
    const history = fitRequest(
      state.messages,
      requestBudget(budgets.historyTokens, state.systemPrompt),
      budgets.summaryChars,
    );
    // A final answer now would be followed by a report (routeAfterAgent): say so on its deltas.
    const reportMayFollow = options.hintReport === true && wantsReport(state, deps.config);
    const response = await streamReply(bound, [system, ...history], config, reportMayFollow);
    const message = normalize(response);
    emitMessage(config, message);
    const clarify = clarifyOf(response);
    if (clarify !== undefined && (message.tool_calls ?? []).length === 0)
      emit(config, {
        type: "clarification.requested",
        messageId: message.id as string,
        question: textOf(message).slice(0, 2_000),
        choices: clarify.choices.slice(0, 20),
      });
    const ctx = planContext(deps.config, state);
    return {
      messages: [message],
      plannedCalls: {
        messageId: message.id as string,
        calls: (message.tool_calls ?? []).map((c) => planCall(c, ctx)),
      },
      iterations: state.iterations + 1,
      usage: usageOf(message),
    };
  };
}

/**
 * Streams the model's answer, emitting each text piece as `assistant.delta`,
 * and returns the assembled message (tool calls are assembled from their
 * chunks by AIMessageChunk.concat). Streaming here instead of through
 * LangGraph's "messages" stream mode saves the callback handler that mode
 * attaches to every runnable of every step (measured: ~5 ms CPU per turn,
 * bench/agent-overhead); the deltas are the same. Chunks without an id get
 * `run-<runId>` from LangChain, the same for all of one answer.
 */
async function streamReply(
  bound: Runnable<BaseMessage[], AIMessageChunk>,
  request: BaseMessage[],
  config: LangGraphRunnableConfig,
  reportMayFollow: boolean,
): Promise<AIMessageChunk> {
  let whole: AIMessageChunk | undefined;
  for await (const chunk of await bound.stream(request, config)) {
    const delta = textOf(chunk);
    if (delta.length > 0 && chunk.id !== undefined) {
      emit(config, {
        type: "assistant.delta",
        messageId: chunk.id,
        delta,
        ...(reportMayFollow ? { reportMayFollow: true as const } : {}),
      });
    }
    whole = whole === undefined ? chunk : whole.concat(chunk);
  }
  if (whole === undefined) throw new Error("the model returned an empty stream");
  return whole;
}

function emitMessage(config: LangGraphRunnableConfig, message: AIMessage): void {
  emit(config, {
    type: "assistant.message",
    messageId: message.id ?? "",
    content: textOf(message),
    toolCallIds: (message.tool_calls ?? []).flatMap((c) => (c.id === undefined ? [] : [c.id])),
  });
}

/**
 * A plain AIMessage with an id, every tool call with an id, and malformed
 * calls (arguments that are not JSON) turned into calls the tools node
 * answers with an error, so the model can correct itself.
 */
function normalize(response: AIMessageChunk): AIMessage {
  const calls = [...(response.tool_calls ?? [])];
  for (const bad of response.invalid_tool_calls ?? []) {
    calls.push({
      id: bad.id ?? `call_${crypto.randomUUID()}`,
      name: bad.name ?? "unknown",
      args: { [INVALID_ARGS_KEY]: bad.args ?? "", error: bad.error ?? "not valid JSON" },
      type: "tool_call",
    });
  }
  return new AIMessage({
    id: response.id ?? `msg_${crypto.randomUUID()}`,
    content: response.content,
    tool_calls: calls.map((c) => ({ ...c, id: c.id ?? `call_${crypto.randomUUID()}` })),
    ...(response.usage_metadata === undefined ? {} : { usage_metadata: response.usage_metadata }),
    response_metadata: response.response_metadata,
    // Kept so a later turn can see the question was asked (the offline diagnostician reads it).
    additional_kwargs:
      clarifyOf(response) === undefined ? {} : { kubemedic: { clarify: clarifyOf(response) } },
  });
}

function partialAnswer(state: AgentStateValue, limit: number): AIMessage {
  const turn = currentTurnMessages(state.messages, state.turn?.turnId);
  const done = turn
    .filter(isTool)
    .map((m) => (isToolArtifact(m.artifact) ? m.artifact.summary : textOf(m).slice(0, 160)));
  const lines = [
    `I stopped after ${limit} steps, the limit for one turn, before finishing the investigation. This answer is partial.`,
  ];
  if (done.length > 0) {
    lines.push("", "What I ran so far:", ...done.slice(-12).map((s) => `- ${s}`));
  }
  lines.push("", "Ask me to continue, or narrow the question to one namespace or object.");
  return new AIMessage({ id: `msg_${crypto.randomUUID()}`, content: lines.join("\n") });
}

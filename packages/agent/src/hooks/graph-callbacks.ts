import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import type { LLMResult } from "@langchain/core/outputs";
import type { AgentHooks, HookModelCall, HookNode, HookTokenUsage, HookTurn } from "./agent-hooks";

/**
 * LangChain's callbacks of one turn as the hooks' node and model calls.
 * LangGraph runs each node as a chain named after the node (metadata
 * `langgraph_node`); every other chain (the graph itself, a node's inner
 * runnables) is only remembered for its parent, so a model call or a
 * subgraph's node is reported under the nearest enclosing node.
 */
export class GraphCallbacks extends BaseCallbackHandler {
  name = "kubemedic-hooks";
  /** In order with the event stream, so `openNode` is right when a tool event arrives. */
  override awaitHandlers = true;
  private readonly parents = new Map<string, string | undefined>();
  private readonly nodes = new Map<string, HookNode>();
  private readonly models = new Map<string, HookModelCall>();
  /** Open node runs in start order; the last is where a tool event belongs. */
  private readonly open: string[] = [];

  constructor(
    private readonly hooks: AgentHooks,
    private readonly turn: HookTurn,
    private readonly modelLabel: string,
    private readonly onError: (error: unknown) => void,
  ) {
    super();
  }

  /** The node run that started last and has not ended. */
  openNode(): string | undefined {
    return this.open.at(-1);
  }

  private nearestNode(runId: string | undefined): string | undefined {
    let id = runId;
    for (let i = 0; id !== undefined && i < 1_000; i++) {
      if (this.nodes.has(id)) return id;
      id = this.parents.get(id);
    }
    return undefined;
  }

  private call(fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.onError(error);
    }
  }

  // The argument order is the one CallbackManager calls with (@langchain/core 1.4's
  // manager.js); its .d.ts lists runType before parentRunId, which is not what arrives.
  override handleChainStart(
    _chain: unknown,
    _inputs: unknown,
    runId: string,
    parentRunId?: unknown,
    _tags?: unknown,
    metadata?: unknown,
    _runType?: unknown,
    runName?: unknown,
  ): void {
    const parentId = typeof parentRunId === "string" ? parentRunId : undefined;
    this.parents.set(runId, parentId);
    const node = (metadata as Record<string, unknown> | undefined)?.langgraph_node;
    if (typeof node !== "string" || runName !== node) return;
    const parent = this.nearestNode(parentId);
    const run: HookNode = { runId, node, ...(parent === undefined ? {} : { parentRunId: parent }) };
    this.nodes.set(runId, run);
    this.open.push(runId);
    this.call(() => this.hooks.nodeStart?.(this.turn, run));
  }

  private endChain(runId: string, error?: unknown): void {
    const run = this.nodes.get(runId);
    if (run === undefined) return;
    const at = this.open.lastIndexOf(runId);
    if (at >= 0) this.open.splice(at, 1);
    this.call(() => this.hooks.nodeEnd?.(this.turn, run, error));
  }

  override handleChainEnd(_outputs: unknown, runId: string): void {
    this.endChain(runId);
  }

  override handleChainError(error: Error, runId: string): void {
    // A LangGraph interrupt (an approval pause) is thrown too: it is no failure.
    const pause = error.name === "GraphInterrupt" || error.name === "NodeInterrupt";
    this.endChain(runId, pause ? undefined : error);
  }

  override handleChatModelStart(
    _llm: unknown,
    _messages: unknown,
    runId: string,
    parentRunId?: string,
  ): void {
    this.parents.set(runId, parentRunId);
    const parent = this.nearestNode(parentRunId);
    const call: HookModelCall = {
      runId,
      model: this.modelLabel,
      ...(parent === undefined ? {} : { parentRunId: parent }),
    };
    this.models.set(runId, call);
    this.call(() => this.hooks.modelStart?.(this.turn, call));
  }

  override handleLLMEnd(output: LLMResult, runId: string): void {
    const call = this.models.get(runId);
    if (call === undefined) return;
    this.models.delete(runId);
    const usage = usageOf(output);
    this.call(() => this.hooks.modelEnd?.(this.turn, call, usage));
  }

  override handleLLMError(error: Error, runId: string): void {
    const call = this.models.get(runId);
    if (call === undefined) return;
    this.models.delete(runId);
    this.call(() => this.hooks.modelEnd?.(this.turn, call, undefined, error));
  }
}

/** The token usage a chat model reported: the message's usage_metadata, else llmOutput. */
function usageOf(output: LLMResult): HookTokenUsage | undefined {
  const generation = output.generations[0]?.[0] as
    | { message?: { usage_metadata?: { input_tokens?: number; output_tokens?: number } } }
    | undefined;
  const meta = generation?.message?.usage_metadata;
  if (meta !== undefined) {
    return { inputTokens: meta.input_tokens ?? 0, outputTokens: meta.output_tokens ?? 0 };
  }
  const legacy = (output.llmOutput as { tokenUsage?: Record<string, number> } | undefined)
    ?.tokenUsage;
  if (legacy === undefined) return undefined;
  return { inputTokens: legacy.promptTokens ?? 0, outputTokens: legacy.completionTokens ?? 0 };
}

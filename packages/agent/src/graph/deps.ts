import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { AgentEvent } from "@kubemedic/protocol";
import type { GraphConfig } from "../config/graph-config";
import type { MutationLog } from "../run/mutation-log";
import type { ClusterBackend } from "../tools/cluster-backend";

/** A chat model with its label; `offline` is true for the offline diagnostician. */
export interface ModelHandle {
  model: BaseChatModel;
  /** Shown in the UI and on `turn.started`, e.g. `gpt-4o-mini` or `offline diagnostician`. */
  label: string;
  offline: boolean;
}

/** Structured log lines; the server passes its pino-like logger. */
export interface AgentLogger {
  debug?(obj: Record<string, unknown>, msg: string): void;
  info?(obj: Record<string, unknown>, msg: string): void;
  warn?(obj: Record<string, unknown>, msg: string): void;
  error?(obj: Record<string, unknown>, msg: string): void;
}

/** What the graph is built with, once per agent. */
export interface GraphDeps {
  model: ModelHandle;
  config: GraphConfig;
  logger?: AgentLogger;
}

/** Per-run context (LangGraph `context`: never checkpointed). */
export type TurnContext = {
  backend: ClusterBackend;
  mutationLog?: MutationLog;
};

/** An event as a node writes it; `runTurn` adds the turn id. */
export type NodeEvent = AgentEvent extends infer E
  ? E extends AgentEvent
    ? Omit<E, "turnId">
    : never
  : never;

/** The marker that tells our custom stream chunks from anything else written there. */
export interface NodeEventChunk {
  kubemedic: NodeEvent;
}

export function emit(config: LangGraphRunnableConfig, event: NodeEvent): void {
  const chunk: NodeEventChunk = { kubemedic: event };
  config.writer?.(chunk);
}

export function turnContext(config: LangGraphRunnableConfig): TurnContext {
  const ctx = config.context as TurnContext | undefined;
  if (ctx?.backend === undefined)
    throw new Error("the graph was run without a TurnContext (context.backend)");
  return ctx;
}

import type { AgentEvent } from "@kubemedic/protocol";

/** Which turn a callback is about. */
export interface HookTurn {
  conversationId: string;
  turnId: string;
}

/** A graph node's run (prepare, route, agent, tools, a specialist's nodes, …). */
export interface HookNode {
  /** The run's id (LangChain's run id); unique within the turn. */
  runId: string;
  /** The node's name in the graph. */
  node: string;
  /** The enclosing node's run (a specialist subgraph's node is inside its step's node); none at the top. */
  parentRunId?: string;
}

export interface HookModelCall {
  runId: string;
  /** The node the call was made from. */
  parentRunId?: string;
  /** The model's label, as on `turn.started`. */
  model: string;
}

export interface HookTokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * A tool call as the event stream reports it: the command is the redacted
 * command line of `tool.started`; the output never reaches a hook.
 */
export interface HookToolCall {
  toolCallId: string;
  tool: string;
  command: string;
  classification: string;
  /** The node run that was open last when the call started (its `tools` node, usually). */
  parentRunId?: string;
}

/** The events of a complex question's plan. */
export type HookPlanEvent = Extract<
  AgentEvent,
  { type: "plan.created" | "plan.revised" | "plan.step.started" | "plan.step.finished" }
>;

/** How a turn segment ended: its terminal event, or a pause for approval. */
export type HookTurnOutcome =
  "completed" | "failed" | "cancelled" | "approval_requested" | "abandoned";

/**
 * Callbacks on every phase of a turn, for what a deployment plugs in
 * (tracing, metrics, logs). Every method is optional and called
 * synchronously; a hook that throws is logged and ignored, never fails the
 * turn. An agent without hooks pays nothing for them: no callback handler
 * is attached to the graph at all.
 */
export interface AgentHooks {
  turnStart?(turn: HookTurn): void;
  turnEnd?(turn: HookTurn, outcome: HookTurnOutcome): void;
  nodeStart?(turn: HookTurn, node: HookNode): void;
  nodeEnd?(turn: HookTurn, node: HookNode, error?: unknown): void;
  modelStart?(turn: HookTurn, call: HookModelCall): void;
  /** `usage` when the model reported it (the offline diagnostician reports none). */
  modelEnd?(turn: HookTurn, call: HookModelCall, usage?: HookTokenUsage, error?: unknown): void;
  toolStart?(turn: HookTurn, call: HookToolCall): void;
  toolEnd?(turn: HookTurn, call: HookToolCall, status: string, durationMs: number): void;
  plan?(turn: HookTurn, event: HookPlanEvent): void;
}

/** Several hooks as one, each called in order; undefined when there are none. */
export function combineHooks(list: readonly (AgentHooks | undefined)[]): AgentHooks | undefined {
  const all = list.filter((h): h is AgentHooks => h !== undefined);
  if (all.length === 0) return undefined;
  if (all.length === 1) return all[0];
  const each =
    <K extends keyof AgentHooks>(key: K) =>
    (...args: Parameters<NonNullable<AgentHooks[K]>>): void => {
      for (const h of all) (h[key] as ((...a: typeof args) => void) | undefined)?.(...args);
    };
  return {
    turnStart: each("turnStart"),
    turnEnd: each("turnEnd"),
    nodeStart: each("nodeStart"),
    nodeEnd: each("nodeEnd"),
    modelStart: each("modelStart"),
    modelEnd: each("modelEnd"),
    toolStart: each("toolStart"),
    toolEnd: each("toolEnd"),
    plan: each("plan"),
  };
}

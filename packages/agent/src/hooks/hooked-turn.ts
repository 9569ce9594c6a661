import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import type { AgentEvent } from "@kubemedic/protocol";
import type { AgentLogger } from "../graph/deps";
import type { AgentHooks, HookToolCall, HookTurn, HookTurnOutcome } from "./agent-hooks";
import { GraphCallbacks } from "./graph-callbacks";

const OUTCOME: Partial<Record<AgentEvent["type"], HookTurnOutcome>> = {
  "turn.completed": "completed",
  "turn.failed": "failed",
  "turn.cancelled": "cancelled",
  "approval.requested": "approval_requested",
};

/**
 * One turn segment with hooks: the graph's callbacks give nodes and model
 * calls, the turn's own events give tools, plan events and the end. Events
 * pass through unchanged. `run` receives the callback handler to attach to
 * the graph's run.
 */
export async function* hookedTurn(
  hooks: AgentHooks,
  turn: HookTurn,
  modelLabel: string,
  logger: AgentLogger | undefined,
  run: (callbacks: BaseCallbackHandler[]) => AsyncIterable<AgentEvent>,
): AsyncGenerator<AgentEvent, void, undefined> {
  const onError = (error: unknown): void =>
    logger?.warn?.({ turnId: turn.turnId, err: String(error) }, "an agent hook threw");
  const safely = (fn: () => void): void => {
    try {
      fn();
    } catch (error) {
      onError(error);
    }
  };
  const graph = new GraphCallbacks(hooks, turn, modelLabel, onError);
  const tools = new Map<string, HookToolCall>();
  let outcome: HookTurnOutcome = "abandoned";
  safely(() => hooks.turnStart?.(turn));
  try {
    for await (const event of run([graph])) {
      // Ifs, not a switch: only these few types matter here, every other passes through.
      if (event.type === "tool.started") {
        const parent = graph.openNode();
        const call: HookToolCall = {
          toolCallId: event.toolCallId,
          tool: event.tool,
          command: event.command,
          classification: event.classification,
          ...(parent === undefined ? {} : { parentRunId: parent }),
        };
        tools.set(event.toolCallId, call);
        safely(() => hooks.toolStart?.(turn, call));
      } else if (event.type === "tool.finished") {
        const call = tools.get(event.toolCallId);
        tools.delete(event.toolCallId);
        if (call !== undefined) {
          safely(() => hooks.toolEnd?.(turn, call, event.status, event.durationMs));
        }
      } else if (
        event.type === "plan.created" ||
        event.type === "plan.revised" ||
        event.type === "plan.step.started" ||
        event.type === "plan.step.finished"
      ) {
        safely(() => hooks.plan?.(turn, event));
      } else {
        outcome = OUTCOME[event.type] ?? outcome;
      }
      yield event;
    }
  } finally {
    safely(() => hooks.turnEnd?.(turn, outcome));
  }
}

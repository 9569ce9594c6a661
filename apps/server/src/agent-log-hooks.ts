import type { AgentHooks, HookTurn } from "@kubemedic/agent";
import type { Logger } from "./logger";

/**
 * The agent's phases as debug-level log lines (`LOG_LEVEL=debug`), each with the
 * conversation and turn ids: a node ended (with its time), a model call ended
 * (time and tokens), a tool call ended (tool, status, time), a plan event. No
 * command line, argument or output is logged: only names, statuses and numbers.
 * At any other level the hooks cost a level check.
 */
export function agentLogHooks(logger: Logger): AgentHooks {
  const log = logger.child({ component: "agent" });
  // Start times of open node and model runs, per turn (dropped when the turn ends).
  const started = new Map<string, Map<string, number>>();
  const ids = (turn: HookTurn) => ({ conversationId: turn.conversationId, turnId: turn.turnId });
  const on = () => log.isLevelEnabled("debug");
  const start = (turn: HookTurn, runId: string): void => {
    if (!on()) return;
    let runs = started.get(turn.turnId);
    if (runs === undefined) started.set(turn.turnId, (runs = new Map<string, number>()));
    runs.set(runId, performance.now());
  };
  const elapsed = (turn: HookTurn, runId: string): number | undefined => {
    const runs = started.get(turn.turnId);
    const at = runs?.get(runId);
    runs?.delete(runId);
    return at === undefined ? undefined : Math.round(performance.now() - at);
  };
  return {
    turnEnd: (turn, outcome) => {
      started.delete(turn.turnId);
      if (on()) log.debug({ ...ids(turn), outcome }, "agent turn ended");
    },
    nodeStart: (turn, node) => start(turn, node.runId),
    nodeEnd: (turn, node, error) => {
      if (!on()) return;
      const durationMs = elapsed(turn, node.runId);
      const failed = error === undefined ? {} : { err: error };
      log.debug({ ...ids(turn), node: node.node, durationMs, ...failed }, "agent node ended");
    },
    modelStart: (turn, call) => start(turn, call.runId),
    modelEnd: (turn, call, usage, error) => {
      if (!on()) return;
      const durationMs = elapsed(turn, call.runId);
      const failed = error === undefined ? {} : { err: error };
      log.debug(
        { ...ids(turn), model: call.model, durationMs, ...(usage ?? {}), ...failed },
        "model call ended",
      );
    },
    toolEnd: (turn, call, status, durationMs) => {
      if (!on()) return;
      log.debug(
        { ...ids(turn), toolCallId: call.toolCallId, tool: call.tool, status, durationMs },
        "tool call ended",
      );
    },
    plan: (turn, event) => {
      if (!on()) return;
      const detail =
        event.type === "plan.created" || event.type === "plan.revised"
          ? { planVersion: event.plan.version, steps: event.plan.steps.length }
          : event.type === "plan.step.finished"
            ? { planVersion: event.planVersion, stepId: event.stepId, status: event.status }
            : { planVersion: event.planVersion, stepId: event.stepId };
      log.debug({ ...ids(turn), event: event.type, ...detail }, "plan event");
    },
  };
}

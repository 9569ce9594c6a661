import type { AgentHooks, HookTurn } from "@kubemedic/agent";
import type { ToolClassification, ToolStatus } from "@kubemedic/protocol";
import { Counter, Histogram } from "prom-client";
import type { GatewayMetrics } from "./gateway-metrics";

/** Node and model call times, in seconds: a node of the offline agent takes ms, an LLM call up to minutes. */
const STEP_BUCKETS = [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** Tool call times, in seconds: a kubectl call takes ms against the demo cluster, seconds on a slow API. */
const TOOL_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * How many distinct node or tool names become label values; any further one is
 * counted as `other`. The graph's nodes and the tool set are fixed and small, but a
 * model can name a tool that does not exist, and a label must never be unbounded.
 * @default 64
 */
const MAX_NAMES = 64;

/**
 * The agent's phases as metrics, fed by its hooks (`AgentHooks`): node and
 * model call durations, token usage, tool calls with their durations and
 * outcomes, and plan events. Labels are names and outcomes only: never a
 * command line, an argument, a namespace or an id.
 */
export class AgentMetrics {
  private readonly nodeDuration: Histogram<"node" | "outcome">;
  private readonly modelDuration: Histogram<"outcome">;
  private readonly toolDuration: Histogram<"tool" | "status">;
  private readonly planEvents: Counter<"event">;
  private readonly planSteps: Counter<"specialist" | "status">;
  private readonly names = new Set<string>();
  /** Per running turn (dropped when it ends): start times of its open node and model runs, its steps' specialists. */
  private readonly turns = new Map<string, TurnState>();

  constructor(private readonly metrics: GatewayMetrics) {
    const registers = [metrics.registry];
    this.nodeDuration = new Histogram({
      name: "kubemedic_agent_node_duration_seconds",
      help: "Run time of each graph node (a specialist's nodes included), by node and outcome (ok, error).",
      labelNames: ["node", "outcome"],
      buckets: STEP_BUCKETS,
      registers,
    });
    this.modelDuration = new Histogram({
      name: "kubemedic_llm_call_duration_seconds",
      help: "Run time of each chat model call, by outcome (ok, error).",
      labelNames: ["outcome"],
      buckets: STEP_BUCKETS,
      registers,
    });
    this.toolDuration = new Histogram({
      name: "kubemedic_tool_call_duration_seconds",
      help: "Run time of each tool call, by tool and status.",
      labelNames: ["tool", "status"],
      buckets: TOOL_BUCKETS,
      registers,
    });
    this.planEvents = new Counter({
      name: "kubemedic_plan_events_total",
      help: "Plan events of complex questions (created, revised, step_started, step_finished).",
      labelNames: ["event"],
      registers,
    });
    this.planSteps = new Counter({
      name: "kubemedic_plan_steps_total",
      help: "Plan steps finished, by specialist and status (done, failed, skipped).",
      labelNames: ["specialist", "status"],
      registers,
    });
  }

  /** The hooks to pass to `createAgent`. */
  hooks(): AgentHooks {
    return {
      turnEnd: (turn) => this.turns.delete(turn.turnId),
      nodeStart: (turn, node) => this.start(turn, node.runId),
      nodeEnd: (turn, node, error) => {
        const seconds = this.stop(turn, node.runId);
        if (seconds === undefined) return;
        const outcome = error === undefined ? "ok" : "error";
        this.nodeDuration.observe({ node: this.name(node.node), outcome }, seconds);
      },
      modelStart: (turn, call) => this.start(turn, call.runId),
      modelEnd: (turn, call, usage, error) => {
        const seconds = this.stop(turn, call.runId);
        const outcome = error === undefined ? "ok" : "error";
        if (seconds !== undefined) this.modelDuration.observe({ outcome }, seconds);
        if (usage === undefined) return;
        // Counted per call as it ends: a segment that is cancelled or fails keeps what it used.
        if (usage.inputTokens > 0)
          this.metrics.llmTokens.inc({ direction: "input" }, usage.inputTokens);
        if (usage.outputTokens > 0)
          this.metrics.llmTokens.inc({ direction: "output" }, usage.outputTokens);
      },
      toolEnd: (_turn, call, status, durationMs) => {
        const tool = this.name(call.tool);
        this.metrics.toolFinished(
          tool,
          call.classification as ToolClassification,
          status as ToolStatus,
        );
        this.toolDuration.observe({ tool, status }, durationMs / 1000);
      },
      plan: (turn, event) => {
        this.planEvents.inc({ event: event.type.slice("plan.".length).replace(".", "_") });
        const { specialists } = this.turn(turn);
        if (event.type === "plan.created" || event.type === "plan.revised") {
          for (const s of event.plan.steps) specialists.set(s.id, s.specialist);
        } else if (event.type === "plan.step.finished") {
          // The step's specialist is in the plan, not in this event.
          const specialist = specialists.get(event.stepId) ?? "other";
          this.planSteps.inc({ specialist, status: event.status });
        }
      },
    };
  }

  private turn(turn: HookTurn): TurnState {
    let state = this.turns.get(turn.turnId);
    if (state === undefined) {
      state = { started: new Map(), specialists: new Map() };
      this.turns.set(turn.turnId, state);
    }
    return state;
  }

  private start(turn: HookTurn, runId: string): void {
    this.turn(turn).started.set(runId, performance.now());
  }

  private stop(turn: HookTurn, runId: string): number | undefined {
    const { started } = this.turn(turn);
    const at = started.get(runId);
    if (at === undefined) return undefined;
    started.delete(runId);
    return (performance.now() - at) / 1000;
  }

  /** A node or tool name as a label value, or `other` past the first MAX_NAMES. */
  private name(value: string): string {
    if (this.names.has(value)) return value;
    if (this.names.size >= MAX_NAMES || !/^[A-Za-z][\w.-]{0,62}$/.test(value)) return "other";
    this.names.add(value);
    return value;
  }
}

interface TurnState {
  started: Map<string, number>;
  specialists: Map<string, string>;
}

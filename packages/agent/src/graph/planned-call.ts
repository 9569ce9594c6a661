import type { ToolCall } from "@langchain/core/messages/tool";
import type { ParsedCommand } from "@kubemedic/kube";
import { TOOL_NAMES, type ToolClassification, type ToolName } from "@kubemedic/protocol";
import type { GraphConfig } from "../config/graph-config";
import { lastAIWithAnswers } from "../context/message-kinds";
import { K8sgptArgs, k8sgptCommand } from "../tools/k8sgpt-tool";
import { KubectlArgs, planKubectl, type KubectlPlan } from "../tools/kubectl-tool";
import type { AgentStateValue } from "./state";

/** The key a malformed tool call's raw arguments are kept under, so `tools` can answer it. */
export const INVALID_ARGS_KEY = "__invalid_arguments";

/**
 * One tool call of the model's message, read once where the agent node ends
 * and kept in graph state (`plannedCalls`: plain data, checkpointed with the
 * turn). Route, approve, tools and the rejection memory read it, never the
 * call's arguments: the approval card is built from it and an approved call
 * runs its `parsed` command, so what the user approved is what runs.
 */
export type PlannedCall =
  | ({ kind: "kubectl"; id: string; tool: "kubectl" } & KubectlPlan)
  | {
      kind: "k8sgpt";
      id: string;
      tool: "k8sgpt";
      /** `analyze --namespace shop …`, as tool logs show it. */
      command: string;
      classification: "read";
      args: K8sgptArgs;
    }
  | {
      /** A call that cannot run as made: unknown or unavailable tool, arguments not valid. */
      kind: "invalid";
      id: string;
      /** The name as the model wrote it. */
      name: string;
      tool: ToolName;
      command: string;
      classification: ToolClassification;
      /** The answer the model reads. */
      error: string;
    };

/** A kubectl call that changes the cluster: what the approval policy applies to. */
export type MutatingCall = Extract<PlannedCall, { kind: "kubectl" }> & {
  classification: "mutating";
  parsed: ParsedCommand;
};

/** The plans of one AI message, by its id (a plan never outlives its message). */
export interface PlannedCalls {
  messageId: string;
  calls: PlannedCall[];
}

/** What planning needs from the turn. */
export interface PlanContext {
  /** The tools the tools node may run (config `nodes.tools.tools`). */
  allowed: ReadonlySet<string>;
  /** The turn's namespace (k8sgpt's default scope). */
  namespace: string | undefined;
}

export function planContext(config: GraphConfig, state: AgentStateValue): PlanContext {
  return { allowed: new Set(config.nodes.tools.tools), namespace: state.turn?.namespace };
}

export function changesCluster(plan: PlannedCall): plan is MutatingCall {
  return plan.kind === "kubectl" && plan.classification === "mutating";
}

/** Reads one tool call (its `id` already set by the agent node). Pure. */
export function planCall(call: ToolCall, ctx: PlanContext): PlannedCall {
  const id = call.id ?? "";
  const args = call.args;
  const invalid = (error: string): PlannedCall => ({
    kind: "invalid",
    id,
    name: call.name,
    tool: (TOOL_NAMES as readonly string[]).includes(call.name)
      ? (call.name as ToolName)
      : "kubectl",
    ...shown(call, ctx),
    error,
  });
  if (INVALID_ARGS_KEY in args) {
    return invalid(
      `Error: the arguments of this ${call.name} call were not valid JSON (${String(args.error)}). Call the tool again with a JSON object matching its schema.`,
    );
  }
  if (!ctx.allowed.has(call.name)) {
    return invalid(
      `Error: the tool "${call.name}" is not available here. Available: ${[...ctx.allowed].join(", ")}.`,
    );
  }
  const schema = call.name === "k8sgpt" ? K8sgptArgs : KubectlArgs;
  const parsed = schema.safeParse(args);
  if (!parsed.success) {
    return invalid(
      `Error: invalid arguments: ${issues(parsed.error.issues)}. Fix them and call again.`,
    );
  }
  if (call.name === "k8sgpt") {
    const k8sgpt = parsed.data as K8sgptArgs;
    return {
      kind: "k8sgpt",
      id,
      tool: "k8sgpt",
      command: k8sgptCommand(k8sgpt, ctx.namespace),
      classification: "read",
      args: k8sgpt,
    };
  }
  return { kind: "kubectl", id, tool: "kubectl", ...planKubectl(parsed.data as KubectlArgs) };
}

/**
 * The plans of the last AI message's unanswered calls, in the order the model
 * made them: the ones stored when the agent node ended. A call without one (a
 * thread checkpointed before plans were stored) is planned here, the same way.
 */
export function pendingPlans(state: AgentStateValue, ctx: PlanContext): PlannedCall[] {
  const { ai, answered } = lastAIWithAnswers(state.messages);
  if (ai === undefined) return [];
  const planned = state.plannedCalls;
  const stored = planned !== null && planned.messageId === ai.id ? planned.calls : [];
  const byId = new Map(stored.map((p) => [p.id, p]));
  return (ai.tool_calls ?? [])
    .filter((c) => c.id !== undefined && !answered.has(c.id))
    .map((c) => byId.get(c.id as string) ?? planCall(c, ctx));
}

/** What an invalid call shows in its tool log: the line or scope it asked for, and its class. */
function shown(
  call: ToolCall,
  ctx: PlanContext,
): { command: string; classification: ToolClassification } {
  if (call.name === "kubectl") {
    const line: unknown = call.args.command;
    if (typeof line !== "string" || line.trim().length === 0) {
      return { command: "", classification: "read" };
    }
    const plan = planKubectl({ command: line });
    return { command: plan.command, classification: plan.classification };
  }
  if (call.name === "k8sgpt") {
    const parsed = K8sgptArgs.safeParse(call.args);
    return {
      command: k8sgptCommand(parsed.success ? parsed.data : {}, ctx.namespace),
      classification: "read",
    };
  }
  return { command: call.name, classification: "read" };
}

function issues(list: readonly { path: PropertyKey[]; message: string }[]): string {
  return list
    .map((i) => `${i.path.map(String).join(".") || "(arguments)"}: ${i.message}`)
    .join("; ");
}

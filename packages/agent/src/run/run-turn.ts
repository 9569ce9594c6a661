import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { Command } from "@langchain/langgraph";
import type { AgentEvent, ApprovalDecision, ApprovalRequest, TurnScope } from "@kubemedic/protocol";
import { lastAIWithAnswers, textOf } from "../context/message-kinds";
import { AgentError } from "../errors";
import type { AgentGraph } from "../graph/build-graph";
import { ApprovalInterrupt, type ApprovalResume } from "../graph/approval-payload";
import type { GraphDeps, NodeEventChunk, TurnContext } from "../graph/deps";
import type { AgentStateValue, SelectedResource, TurnUsage } from "../graph/state";
import type { ClusterBackend } from "../tools/cluster-backend";
import type { MutationLog } from "./mutation-log";
import { turnEnding, TurnAbort } from "./turn-failure";
import { addUsage, NO_USAGE, type UsageUpdate } from "../graph/usage";

export interface RunTurnParams {
  /** The LangGraph thread id. */
  conversationId: string;
  turnId: string;
  /** Who asked (or decided); recorded on approval decisions. */
  user: string;
  clusterContext?: string;
  namespace?: string;
  input: RunTurnInput;
  signal?: AbortSignal;
  /** Where approved changes are recorded as they run (the gateway's database). */
  mutationLog?: MutationLog;
}

/** What a turn segment starts from: a new question, or the user's decisions on a paused turn. */
export type RunTurnInput =
  | { text: string; selectedResource?: SelectedResource }
  | { decisions: ApprovalDecision[] }
  /**
   * Go on from the thread's last checkpoint: the turn's process died mid-run
   * (scale-out: another replica took it over). Check `checkpointedNext` first.
   */
  | { continue: true };

export interface PendingApproval {
  turnId: string;
  requests: ApprovalRequest[];
}

interface RunnerDeps extends GraphDeps {
  graph: AgentGraph;
  backendFor: (contextName?: string) => Promise<ClusterBackend>;
  /** LangChain callbacks on the graph's run (the hooks'); absent, none is attached. */
  callbacks?: BaseCallbackHandler[];
}

const MAX_TEXT = 32_000;

export async function pendingApproval(
  graph: AgentGraph,
  conversationId: string,
): Promise<PendingApproval | null> {
  const paused = await pausedTurn(graph, conversationId);
  return paused === null ? null : { turnId: paused.turnId, requests: paused.requests };
}

/** The paused turn's approval, and what its model calls spent before the pause. */
async function pausedTurn(
  graph: AgentGraph,
  conversationId: string,
): Promise<(PendingApproval & { usage: TurnUsage }) | null> {
  const snapshot = await graph.getState({ configurable: { thread_id: conversationId } });
  for (const task of snapshot.tasks) {
    for (const i of task.interrupts) {
      const parsed = ApprovalInterrupt.safeParse(i.value);
      if (parsed.success)
        return {
          turnId: parsed.data.turnId,
          requests: parsed.data.requests,
          usage: (snapshot.values as Partial<AgentStateValue>).usage ?? NO_USAGE,
        };
    }
  }
  return null;
}

/**
 * The nodes the thread's last checkpoint would run next, when that checkpoint
 * is a step of `turnId` with work left to do (and no approval pause):
 * `runTurn({ input: { continue: true } })` then goes on from there. Null when
 * the checkpoint is of another turn, the graph had finished, or nothing of
 * the turn was checkpointed.
 */
export async function checkpointedNext(
  graph: AgentGraph,
  conversationId: string,
  turnId: string,
): Promise<CheckpointedNext | null> {
  const snapshot = await graph.getState({ configurable: { thread_id: conversationId } });
  if (snapshot.next.length === 0) return null;
  if (snapshot.tasks.some((t) => t.interrupts.length > 0)) return null;
  const values = snapshot.values as Partial<AgentStateValue>;
  const ours = values.turn?.turnId === turnId || values.turnInput?.turnId === turnId;
  if (!ours) return null;
  const last = [...(values.messages ?? [])].reverse().find((m) => m.getType() === "ai");
  const calls = (last as AIMessage | undefined)?.tool_calls ?? [];
  return {
    next: [...snapshot.next],
    toolCallIds: calls.map((c) => c.id).filter((id): id is string => id !== undefined),
    usage: values.usage ?? NO_USAGE,
  };
}

/** Where a turn goes on from its last checkpoint. */
export interface CheckpointedNext {
  /** The graph nodes that run next. */
  next: string[];
  /** The tool calls of the last model message: what a `tools` step runs (again). */
  toolCallIds: string[];
  /** What the turn's model calls spent up to the checkpoint. */
  usage: TurnUsage;
}

/**
 * One turn as a stream of protocol events. See `Agent.runTurn` in index.ts
 * for the contract; the shape of the loop:
 * validate → (turn.started) → graph.stream(messages + updates + custom) →
 * map chunks to events → exactly one terminal event, or approval.requested.
 */
export async function* runTurn(
  deps: RunnerDeps,
  p: RunTurnParams,
): AsyncGenerator<AgentEvent, void, undefined> {
  const { graph, config } = deps;
  const thread = { configurable: { thread_id: p.conversationId } };
  const turnId = p.turnId;
  const started = performance.now();
  let input: Parameters<AgentGraph["stream"]>[0];
  // The turn's running total: what it spent before this run (a resumed turn), plus what each
  // node reports its model calls spent (graph/usage.ts).
  let usage: TurnUsage = NO_USAGE;
  /** A new question: `turn.scoped` follows once prepare has scoped it. */
  let scoping = false;

  if ("text" in p.input) {
    const text = p.input.text.trim();
    if (text.length === 0 || text.length > MAX_TEXT) {
      throw new AgentError("invalid_input", `the question must be 1 to ${MAX_TEXT} characters`);
    }
    const startedAt = new Date().toISOString();
    yield { type: "turn.started", turnId, model: deps.model.label, startedAt };
    scoping = true;
    input = {
      turnInput: {
        turnId,
        user: p.user,
        text,
        startedAt,
        ...(p.clusterContext === undefined ? {} : { clusterContext: p.clusterContext }),
        ...(p.namespace === undefined ? {} : { namespace: p.namespace }),
        ...(p.input.selectedResource === undefined
          ? {}
          : { selectedResource: p.input.selectedResource }),
      },
    };
  } else if ("continue" in p.input) {
    const next = await checkpointedNext(graph, p.conversationId, turnId);
    if (next === null) {
      throw new AgentError("invalid_input", `turn ${turnId} cannot go on from a checkpoint`);
    }
    usage = next.usage;
    input = null;
  } else {
    const pending = await pausedTurn(graph, p.conversationId);
    if (pending === null) {
      throw new AgentError(
        "no_pending_approval",
        "this conversation has no turn waiting for approval",
      );
    }
    if (pending.turnId !== turnId) {
      throw new AgentError(
        "invalid_decision",
        `the turn waiting for approval is ${pending.turnId}, not ${turnId}`,
      );
    }
    usage = pending.usage;
    const ids = new Set(pending.requests.map((r) => r.toolCallId));
    const seen = new Set<string>();
    for (const d of p.input.decisions) {
      if (!ids.has(d.toolCallId))
        throw new AgentError("invalid_decision", `no pending call ${d.toolCallId}`);
      if (seen.has(d.toolCallId))
        throw new AgentError("invalid_decision", `two decisions for ${d.toolCallId}`);
      seen.add(d.toolCallId);
    }
    const resume: ApprovalResume = {
      decisions: p.input.decisions,
      by: p.user,
      at: new Date().toISOString(),
    };
    input = new Command({ resume });
  }

  const controller = new AbortController();
  const onAbort = (): void => controller.abort(new TurnAbort("cancelled"));
  if (p.signal?.aborted) onAbort();
  p.signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new TurnAbort("timeout")),
    config.limits.turnTimeoutMs,
  );
  let finished = false;
  let paused = false;
  /** The `usage` field of an event that ends or pauses the turn: absent when nothing was reported. */
  const usageSoFar = (): { usage?: TurnUsage } =>
    usage.inputTokens + usage.outputTokens > 0 ? { usage } : {};
  let partial = false;
  try {
    let backend: ClusterBackend;
    try {
      backend = await deps.backendFor(p.clusterContext);
    } catch (error) {
      const e = error as { wireCode?: unknown; message?: unknown };
      finished = true;
      yield {
        type: "turn.failed",
        turnId,
        code:
          typeof e.wireCode === "string"
            ? (e.wireCode as "cluster_unreachable")
            : "cluster_unreachable",
        message: typeof e.message === "string" ? e.message : String(error),
      };
      return;
    }
    const context: TurnContext = {
      backend,
      ...(p.mutationLog === undefined ? {} : { mutationLog: p.mutationLog }),
    };
    try {
      const stream = await graph.stream(input, {
        ...thread,
        context,
        // Deltas come through "custom" (the agent node streams its model itself).
        streamMode: ["updates", "custom"],
        signal: controller.signal,
        recursionLimit: config.limits.recursionLimit,
        durability: config.limits.durability,
        ...(deps.callbacks === undefined ? {} : { callbacks: deps.callbacks }),
      });
      for await (const [mode, chunk] of stream as AsyncIterable<[string, unknown]>) {
        if (mode === "custom") {
          const event = (chunk as Partial<NodeEventChunk> | null)?.kubemedic;
          if (event !== undefined) {
            yield { ...event, turnId };
          }
        } else if (mode === "updates") {
          const scope = (chunk as { prepare?: { turn?: { scope?: TurnScope } | null } }).prepare
            ?.turn?.scope;
          if (scoping && scope !== undefined) {
            scoping = false;
            yield { type: "turn.scoped", turnId, scope };
          }
          usage = withUpdates(usage, chunk);
          const agent = (chunk as { agent?: { partial?: boolean } }).agent;
          if (agent?.partial === true) partial = true;
          const interrupts = (chunk as { __interrupt__?: { value?: unknown }[] }).__interrupt__;
          for (const i of interrupts ?? []) {
            const parsed = ApprovalInterrupt.safeParse(i.value);
            if (parsed.success) {
              paused = true;
              yield {
                type: "approval.requested",
                turnId,
                requests: parsed.data.requests,
                ...usageSoFar(),
              };
            }
          }
        }
      }
    } catch (error) {
      const ending = turnEnding(
        error,
        controller.signal,
        config.limits.turnTimeoutMs,
        deps.model.label,
      );
      finished = true;
      switch (ending.kind) {
        case "cancelled":
          yield {
            type: "turn.cancelled",
            turnId,
            reason: ending.reason,
            ...usageSoFar(),
          };
          return;
        case "failed":
          deps.logger?.warn?.({ turnId, code: ending.code, err: String(error) }, "turn failed");
          yield {
            type: "turn.failed",
            turnId,
            code: ending.code,
            message: ending.message,
            ...usageSoFar(),
          };
          return;
        case "recursion": {
          const message = await closeAfterRecursionLimit(
            graph,
            thread,
            config.limits.recursionLimit,
          );
          yield {
            type: "assistant.message",
            turnId,
            messageId: message.id ?? "",
            content: textOf(message),
            toolCallIds: [],
          };
          yield {
            type: "turn.completed",
            turnId,
            durationMs: performance.now() - started,
            partial: true,
            ...usageSoFar(),
          };
          return;
        }
      }
    }
    finished = true;
    if (paused) return;
    yield {
      type: "turn.completed",
      turnId,
      durationMs: performance.now() - started,
      partial,
      ...usageSoFar(),
    };
  } finally {
    clearTimeout(timer);
    p.signal?.removeEventListener("abort", onAbort);
    // The consumer stopped iterating before the end: stop the graph too.
    if (!finished) controller.abort(new TurnAbort("consumer_gone"));
  }
}

/**
 * The recursion limit stopped the run between nodes: answer any dangling
 * tool calls and leave an honest partial answer, so the thread stays valid.
 */
async function closeAfterRecursionLimit(
  graph: AgentGraph,
  thread: { configurable: { thread_id: string } },
  limit: number,
): Promise<AIMessage> {
  const state = (await graph.getState(thread)).values as AgentStateValue;
  const { ai, answered } = lastAIWithAnswers(state.messages);
  const patches: BaseMessage[] = (ai?.tool_calls ?? [])
    .filter((c) => c.id !== undefined && !answered.has(c.id))
    .map(
      (c) =>
        new ToolMessage({
          content: "Not run: the turn reached its step limit.",
          tool_call_id: c.id as string,
          name: c.name,
          status: "error",
        }),
    );
  const message = new AIMessage({
    id: `msg_${crypto.randomUUID()}`,
    content: `I stopped: this turn reached the graph's step limit (${limit} steps) before I could finish. This answer is partial; ask me to continue, or narrow the question.`,
  });
  await graph.updateState(thread, { messages: [...patches, message], partial: true }, "agent");
  return message;
}

/** The running total after one `updates` chunk: each node's write to `usage` is added. */
function withUpdates(total: TurnUsage, chunk: unknown): TurnUsage {
  let out = total;
  for (const update of Object.values((chunk ?? {}) as Record<string, unknown>))
    for (const u of Array.isArray(update) ? update : [update]) {
      const written = (u as { usage?: UsageUpdate } | null)?.usage;
      if (written !== undefined) out = addUsage(out, written);
    }
  return out;
}

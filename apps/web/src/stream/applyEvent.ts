import {
  applyPlanEvent,
  type ConversationEvent,
  type EventOf,
  type TurnStatus,
  type VerificationResult,
} from "@kubemedic/protocol";
import type {
  ApprovalEntry,
  ApprovalItem,
  AssistantItem,
  ClarificationItem,
  PlanItem,
  ReportItem,
  ToolItem,
  TurnItem,
  TurnView,
  UserItem,
  VerificationItem,
} from "./streamTypes";
import { editTurn, itemKey, upsertItem } from "./turnEdits";

/**
 * Applies one conversation event to the turn list. Pure, and idempotent for
 * every event but `assistant.delta` (which the sequence numbers guard): a
 * replayed event finds its item by key and leaves it as it is.
 *
 * `at` is the frame's timestamp, used where the event carries none.
 */
export function applyEvent(
  turns: readonly TurnView[],
  event: ConversationEvent,
  at: string,
): TurnView[] {
  switch (event.type) {
    case "turn.started":
      return editTurn(turns, event.turnId, (turn) => ({
        ...turn,
        status: reopen(turn.status, "running"),
        model: event.model,
        startedAt: event.startedAt,
      }));
    case "turn.scoped":
      return editTurn(turns, event.turnId, (turn) => ({ ...turn, scope: event.scope }));
    case "history.summarized":
      return editTurn(turns, event.turnId, (turn) => ({ ...turn, summary: event.summary }));
    case "clarification.requested":
      return editTurn(turns, event.turnId, (turn) =>
        upsertItem<ClarificationItem>(
          turn,
          itemKey.clarification(event.messageId),
          () => ({
            kind: "clarification",
            key: itemKey.clarification(event.messageId),
            messageId: event.messageId,
            question: event.question,
            choices: event.choices,
          }),
          (item) => item,
        ),
      );
    case "user.message":
      return editTurn(turns, event.turnId, (turn) => addUserMessage(turn, event));
    case "assistant.delta":
      return editTurn(turns, event.turnId, (turn) =>
        upsertItem<AssistantItem>(
          turn,
          itemKey.assistant(event.messageId),
          () => ({
            kind: "assistant",
            key: itemKey.assistant(event.messageId),
            messageId: event.messageId,
            text: event.delta,
            streaming: true,
            ...(event.reportMayFollow === true ? { reportMayFollow: true as const } : {}),
          }),
          // A complete message is final: late deltas (a replay overlap) are ignored.
          (item) =>
            item.streaming
              ? {
                  ...item,
                  text: item.text + event.delta,
                  ...(event.reportMayFollow === true ? { reportMayFollow: true as const } : {}),
                }
              : item,
        ),
      );
    case "assistant.message":
      return editTurn(turns, event.turnId, (turn) =>
        upsertItem<AssistantItem>(
          turn,
          itemKey.assistant(event.messageId),
          () => ({
            kind: "assistant",
            key: itemKey.assistant(event.messageId),
            messageId: event.messageId,
            text: event.content,
            streaming: false,
          }),
          (item) => {
            if (!item.streaming && item.text === event.content) return item;
            // With tool calls it was not the final answer: no report follows it.
            const { reportMayFollow, ...rest } = item;
            const final = event.toolCallIds.length === 0 && reportMayFollow === true;
            return {
              ...rest,
              text: event.content,
              streaming: false,
              ...(final ? { reportMayFollow: true as const } : {}),
            };
          },
        ),
      );
    case "tool.started":
      return editTurn(turns, event.turnId, (turn) => startTool(turn, event));
    case "tool.finished":
      return editTurn(turns, event.turnId, (turn) => finishTool(turn, event, at));
    case "approval.requested":
      return editTurn(turns, event.turnId, (turn) => requestApproval(turn, event));
    case "approval.resolved":
      return editTurn(turns, event.turnId, (turn) => resolveApproval(turn, event));
    case "report.ready":
      return editTurn(turns, event.turnId, (turn) =>
        upsertItem<ReportItem>(
          turn,
          itemKey.report(event.turnId),
          () => ({
            kind: "report",
            key: itemKey.report(event.turnId),
            reportId: event.reportId ?? null,
            report: event.report,
            degraded: event.degraded,
          }),
          (item) => ({
            ...item,
            reportId: event.reportId ?? item.reportId,
            report: event.report,
            degraded: event.degraded,
          }),
        ),
      );
    case "route.decided":
    case "plan.created":
    case "plan.revised":
    case "plan.step.started":
    case "plan.step.finished":
      return editTurn(turns, event.turnId, (turn) => applyPlan(turn, event));
    case "verification.progress":
      return editTurn(turns, event.turnId, (turn) =>
        upsertItem<VerificationItem>(
          turn,
          itemKey.verification(event.verificationId),
          () => ({
            kind: "verification",
            key: itemKey.verification(event.verificationId),
            verificationId: event.verificationId,
            toolCallIds: event.toolCallIds,
            checks: event.checks,
            elapsedMs: event.elapsedMs,
            deadlineMs: event.deadlineMs,
            result: null,
          }),
          // A verdict is final; an older progress (a replay) never moves the clock back.
          (item) =>
            item.result !== null || item.elapsedMs > event.elapsedMs
              ? item
              : { ...item, checks: event.checks, elapsedMs: event.elapsedMs },
        ),
      );
    case "verification.finished": {
      const v = event.verification;
      return editTurn(turns, event.turnId, (turn) =>
        upsertItem<VerificationItem>(
          turn,
          itemKey.verification(v.verificationId),
          () => verificationItem(v),
          (item) => (item.result?.finishedAt === v.finishedAt ? item : verificationItem(v)),
        ),
      );
    }
    case "turn.completed":
      return editTurn(turns, event.turnId, (turn) => ({
        ...settle(turn),
        status: "completed",
        finishedAt: at,
        durationMs: event.durationMs,
        usage: event.usage ?? turn.usage,
        partial: event.partial,
      }));
    case "turn.failed":
      return editTurn(turns, event.turnId, (turn) => ({
        ...settle(turn),
        status: "failed",
        finishedAt: at,
        error: { code: event.code, message: event.message },
      }));
    case "turn.cancelled":
      return editTurn(turns, event.turnId, (turn) => ({
        ...settle(turn),
        // Stopped by a server shutdown, not by anyone: stored (and shown) as interrupted.
        status: event.interrupted === true ? "interrupted" : "cancelled",
        finishedAt: at,
        cancelReason: event.reason ?? null,
      }));
  }
}

/** A finished verification as its card shows it (live and from a stored turn alike). */
export function verificationItem(v: VerificationResult): VerificationItem {
  return {
    kind: "verification",
    key: itemKey.verification(v.verificationId),
    verificationId: v.verificationId,
    toolCallIds: v.toolCallIds,
    checks: v.checks,
    elapsedMs: v.elapsedMs,
    deadlineMs: v.deadlineMs,
    result: v,
  };
}

/**
 * The status a live event moves a turn to. A completed, failed or cancelled turn
 * stays so (a replayed `turn.started` must not revive it); an interrupted one may
 * come back, since the server can resume a turn after a restart.
 */
function reopen(current: TurnStatus, next: "running" | "awaiting_approval"): TurnStatus {
  return current === "running" || current === "awaiting_approval" || current === "interrupted"
    ? next
    : current;
}

/** The user's message always leads its turn, whenever its event arrives. */
function addUserMessage(turn: TurnView, event: EventOf<"user.message">): TurnView {
  const key = itemKey.user(event.messageId);
  if (turn.items.some((item) => item.key === key)) return turn;
  const item: UserItem = {
    kind: "user",
    key,
    messageId: event.messageId,
    text: event.text,
    createdAt: event.createdAt,
    ...(event.clientMessageId === undefined ? {} : { clientMessageId: event.clientMessageId }),
  };
  const users = turn.items.filter((i) => i.kind === "user");
  const others = turn.items.filter((i) => i.kind !== "user");
  return { ...turn, items: [...users, item, ...others] };
}

function startTool(turn: TurnView, event: EventOf<"tool.started">): TurnView {
  return upsertItem<ToolItem>(
    turn,
    itemKey.tool(event.toolCallId),
    () => ({
      kind: "tool",
      key: itemKey.tool(event.toolCallId),
      toolCallId: event.toolCallId,
      tool: event.tool,
      command: event.command,
      classification: event.classification,
      status: "running",
      startedAt: event.startedAt,
      durationMs: null,
      output: null,
      truncated: false,
    }),
    // Already finished (a replay overlap): the finished state wins.
    (item) => (item.status === "running" ? { ...item, startedAt: event.startedAt } : item),
  );
}

function finishTool(turn: TurnView, event: EventOf<"tool.finished">, at: string): TurnView {
  const finished = {
    tool: event.tool,
    command: event.command,
    classification: event.classification,
    status: event.status,
    durationMs: event.durationMs,
    output: event.outputPreview,
    truncated: event.truncated,
  };
  const withTool = upsertItem<ToolItem>(
    turn,
    itemKey.tool(event.toolCallId),
    () => ({
      kind: "tool",
      key: itemKey.tool(event.toolCallId),
      toolCallId: event.toolCallId,
      startedAt: at,
      ...finished,
    }),
    (item) => ({ ...item, ...finished }),
  );
  return { ...withTool, status: reopen(withTool.status, "running") };
}

function requestApproval(turn: TurnView, event: EventOf<"approval.requested">): TurnView {
  const first = event.requests[0]?.toolCallId ?? event.turnId;
  const fresh: ApprovalEntry[] = event.requests.map((request) => ({
    toolCallId: request.toolCallId,
    command: request.command,
    request,
    decision: null,
  }));
  const withItem = upsertItem<ApprovalItem>(
    turn,
    itemKey.approval(first),
    () => ({ kind: "approval", key: itemKey.approval(first), entries: fresh }),
    (item) => {
      // A replay: keep the item (and its decisions), fill in what it lacks.
      const known = new Map(item.entries.map((e) => [e.toolCallId, e]));
      const missing = fresh.filter((e) => known.get(e.toolCallId)?.request == null);
      if (missing.length === 0) return item;
      const byId = new Map(fresh.map((e) => [e.toolCallId, e]));
      const entries = item.entries.map((e) =>
        e.request === null && byId.has(e.toolCallId)
          ? {
              ...e,
              command: byId.get(e.toolCallId)?.command ?? e.command,
              request: byId.get(e.toolCallId)?.request ?? null,
            }
          : e,
      );
      const added = missing.filter((e) => !known.has(e.toolCallId));
      return { ...item, entries: [...entries, ...added] };
    },
  );
  const undecided = withItem.items.some(
    (i) => i.kind === "approval" && i.entries.some((e) => e.decision === null),
  );
  return {
    ...withItem,
    status: undecided ? reopen(withItem.status, "awaiting_approval") : withItem.status,
  };
}

function resolveApproval(turn: TurnView, event: EventOf<"approval.resolved">): TurnView {
  const decisions = new Map(event.decisions.map((d) => [d.toolCallId, d]));
  const seen = new Set<string>();
  let items: TurnItem[] = turn.items.map((item) => {
    if (item.kind !== "approval") return item;
    let changed = false;
    const entries = item.entries.map((entry) => {
      const decision = decisions.get(entry.toolCallId);
      if (decision === undefined) return entry;
      seen.add(entry.toolCallId);
      if (entry.decision !== null && entry.decision.at === decision.at) return entry;
      changed = true;
      return { ...entry, decision };
    });
    return changed ? { ...item, entries } : item;
  });
  const unseen = event.decisions.filter((d) => !seen.has(d.toolCallId));
  if (unseen.length > 0) {
    // The request was never seen (a resync that lost it): still record who decided what.
    const first = unseen[0]?.toolCallId ?? event.turnId;
    items = [
      ...items,
      {
        kind: "approval",
        key: itemKey.approval(first),
        entries: unseen.map((decision) => ({
          toolCallId: decision.toolCallId,
          command: "",
          request: null,
          decision,
        })),
      },
    ];
  }
  const stillWaiting = items.some(
    (i) => i.kind === "approval" && i.entries.some((e) => e.decision === null),
  );
  const status = reopen(turn.status, stillWaiting ? "awaiting_approval" : "running");
  return { ...turn, items, status };
}

/** A turn that ended stops every spinner it still shows. */
export function settle(turn: TurnView): TurnView {
  let changed = false;
  const items = turn.items.map((item): TurnItem => {
    if (item.kind === "assistant" && item.streaming) {
      changed = true;
      return { ...item, streaming: false };
    }
    if (item.kind === "tool" && item.status === "running") {
      changed = true;
      return { ...item, status: "cancelled" };
    }
    return item;
  });
  return changed ? { ...turn, items } : turn;
}

/**
 * Route and plan events fold into the turn's plan item (the same fold the
 * server stores). Only a complex question gets a card: a simple or single
 * route creates none.
 */
function applyPlan(
  turn: TurnView,
  event: EventOf<
    "route.decided" | "plan.created" | "plan.revised" | "plan.step.started" | "plan.step.finished"
  >,
): TurnView {
  const key = itemKey.plan(turn.id);
  return upsertItem<PlanItem>(
    turn,
    key,
    () =>
      event.type === "route.decided" && event.branch !== "complex"
        ? null
        : { kind: "plan", key, plan: applyPlanEvent(null, event) },
    (item) => {
      const plan = applyPlanEvent(item.plan, event);
      return { ...item, plan };
    },
  );
}

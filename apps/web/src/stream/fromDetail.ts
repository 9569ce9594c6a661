import type {
  ApprovalDto,
  ConversationDetail,
  MessageDto,
  ToolLogDto,
  TurnDetail,
  VerificationResult,
} from "@kubemedic/protocol";
import { verificationItem } from "./applyEvent";
import type { ApprovalEntry, ApprovalItem, ToolItem, TurnItem, TurnView } from "./streamTypes";
import { itemKey } from "./turnEdits";

/**
 * Builds the turn list from a stored conversation. The REST body keeps messages,
 * tool logs and approvals apart; this puts them back in the order the live
 * stream showed them: the user's message, each assistant message followed by the
 * approval of its mutating calls and then its tool calls, and the report last.
 */
export function turnsFromDetail(detail: ConversationDetail): TurnView[] {
  return [...detail.turns].sort((a, b) => a.seq - b.seq).map(turnFromDetail);
}

export function turnFromDetail(turn: TurnDetail): TurnView {
  const tools = new Map(turn.toolLogs.map((log) => [log.toolCallId, log]));
  const approvals = new Map(turn.approvals.map((a) => [a.toolCallId, a]));
  const verifications = [...(turn.verifications ?? [])];
  const items: TurnItem[] = [];
  // Each verdict right after the change it verified, as the live stream showed it.
  const verifiedAfter = (callIds: readonly string[]): void => {
    for (let i = 0; i < verifications.length;) {
      const v = verifications[i] as VerificationResult;
      if (v.toolCallIds.some((id) => callIds.includes(id))) {
        items.push(verificationItem(v));
        verifications.splice(i, 1);
      } else i++;
    }
  };

  for (const message of [...turn.messages].sort((a, b) => a.seq - b.seq)) {
    items.push(messageItem(message));
    const callIds = message.toolCalls.map((call) => call.id);
    const asked = takeAll(approvals, callIds);
    if (asked.length > 0) items.push(approvalItem(asked));
    for (const log of takeAll(tools, callIds)) items.push(toolItem(log));
    verifiedAfter(callIds);
  }
  // Calls no message names (a model that answered without recording its calls).
  if (approvals.size > 0) items.push(approvalItem([...approvals.values()]));
  const rest = [...tools.values()].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  for (const log of rest) items.push(toolItem(log));
  for (const v of verifications) items.push(verificationItem(v));

  // The plan card follows the question, as it did live.
  const stored = turn.plan;
  if (stored != null && (stored.plan !== null || stored.branch === "complex")) {
    const at = items.findIndex((i) => i.kind === "user") + 1;
    items.splice(at, 0, { kind: "plan", key: itemKey.plan(turn.id), plan: stored });
  }

  if (turn.clarification !== null && turn.clarification !== undefined) {
    const c = turn.clarification;
    // Right after the message that asked it.
    const asked = items.findIndex((i) => i.kind === "assistant" && i.messageId === c.messageId);
    const item = { kind: "clarification" as const, key: itemKey.clarification(c.messageId), ...c };
    items.splice(asked < 0 ? items.length : asked + 1, 0, item);
  }

  if (turn.report !== null) {
    items.push({
      kind: "report",
      key: itemKey.report(turn.id),
      reportId: turn.report.id,
      report: turn.report.report,
      degraded: turn.report.degraded,
    });
  }

  return {
    id: turn.id,
    status: turn.status,
    model: turn.model,
    startedAt: turn.startedAt,
    finishedAt: turn.finishedAt,
    durationMs:
      turn.finishedAt === null
        ? null
        : Math.max(0, Date.parse(turn.finishedAt) - Date.parse(turn.startedAt)) || null,
    error: turn.error === null ? null : { code: null, message: turn.error },
    cancelReason: null,
    partial: false,
    usage: turn.usage,
    scope: turn.scope ?? null,
    summary: turn.summary ?? null,
    items,
  };
}

function messageItem(message: MessageDto): TurnItem {
  return message.role === "user"
    ? {
        kind: "user",
        key: itemKey.user(message.id),
        messageId: message.id,
        text: message.content,
        createdAt: message.createdAt,
      }
    : {
        kind: "assistant",
        key: itemKey.assistant(message.id),
        messageId: message.id,
        text: message.content,
        streaming: false,
      };
}

function toolItem(log: ToolLogDto): ToolItem {
  return {
    kind: "tool",
    key: itemKey.tool(log.toolCallId),
    toolCallId: log.toolCallId,
    tool: log.tool,
    command: log.command,
    classification: log.classification,
    status: log.status,
    startedAt: log.startedAt,
    durationMs: log.durationMs,
    output: log.outputPreview,
    truncated: log.truncated,
  };
}

function approvalItem(approvals: readonly ApprovalDto[]): ApprovalItem {
  const entries: ApprovalEntry[] = approvals.map((a) => ({
    toolCallId: a.toolCallId,
    command: a.command,
    request: a.request,
    decision:
      a.decision === null
        ? null
        : {
            toolCallId: a.toolCallId,
            decision: a.decision,
            by: a.decidedBy ?? "unknown",
            at: a.decidedAt ?? "",
            ...(a.reason === null ? {} : { reason: a.reason }),
          },
  }));
  return { kind: "approval", key: itemKey.approval(entries[0]?.toolCallId ?? ""), entries };
}

/** Removes and returns the values of `ids` found in `map`, in the order of `ids`. */
function takeAll<T>(map: Map<string, T>, ids: readonly string[]): T[] {
  const found: T[] = [];
  for (const id of ids) {
    const value = map.get(id);
    if (value !== undefined) {
      found.push(value);
      map.delete(id);
    }
  }
  return found;
}

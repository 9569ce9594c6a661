import type { ApprovalRequest, TurnDetail } from "@kubemedic/protocol";
import { clarificationOf, emptyTurnRecord, scopeOf, type TurnRecord } from "./TurnRecord";

/**
 * A turn as the server stored it (`GET /api/conversations/:id`), as a
 * TurnRecord: what the browser suite checks a script's expectations against,
 * after driving the UI through the turns. The stored turn has what the UI
 * shows after a reload: messages, tool logs, approvals, the report.
 */
export function recordFromTurnDetail(turn: TurnDetail): TurnRecord {
  const rec = emptyTurnRecord();
  rec.messages = turn.messages
    .filter((m) => m.role === "assistant")
    .map((m) => ({ id: m.id, text: m.content }));
  rec.calls = turn.toolLogs.map((l) => ({
    toolCallId: l.toolCallId,
    tool: l.tool,
    command: l.command,
    classification: l.classification,
    status: l.status,
  }));
  rec.approvals = turn.approvals.map((a) => ({
    request: a.request ?? placeholderRequest(a.toolCallId, a.command),
    ...(a.decision === null ? {} : { decision: a.decision }),
  }));
  rec.reports = turn.report === null ? [] : [turn.report.report];
  rec.scope = scopeOf(turn);
  // Newer servers store the question a turn asked back with the turn.
  const asked = clarificationOf((turn as { clarification?: unknown }).clarification);
  if (asked !== undefined) rec.clarify.push(asked);
  rec.ending =
    turn.status === "failed"
      ? `failed (${turn.error ?? "no message"})`
      : turn.status === "interrupted"
        ? "cancelled (interrupted)"
        : turn.status;
  return rec;
}

/** An approval stored without its request (older rows): its command is what matters here. */
function placeholderRequest(toolCallId: string, command: string): ApprovalRequest {
  return {
    toolCallId,
    tool: "kubectl",
    command,
    reason: "",
    risk: "medium",
    target: { kind: "", name: "" },
    preview: { summary: "" },
  };
}

import {
  applyPlanEvent,
  type TurnPlan,
  DiagnosisReport,
  TurnClarification,
  EarlierSummary,
  TurnScope,
  VerificationResult,
  type ApprovalRequest,
  type EventFrame,
  type ToolCall,
  type ToolClassification,
} from "@kubemedic/protocol";
import { ServerError } from "../errors";
import { cleanJson, cleanText } from "./clean";
import type {
  PendingApproval,
  PendingDecision,
  PendingReport,
  PendingToolLog,
  TurnEnding,
  TurnWrite,
} from "./turn-write";

/**
 * The most tool output stored per call. The kubectl engine already bounds what
 * the model sees far below this; this guards the database against a tool that
 * does not. @default 65_536
 */
export const MAX_OUTPUT_PREVIEW_CHARS = 65_536;

interface StartedTool {
  tool: string;
  command: string;
  classification: ToolClassification;
  startedAt: Date;
}

/**
 * Folds one turn's conversation events into the rows they become. Pure: no
 * I/O, no clock but the events' own timestamps. The unit of work feeds it and
 * writes `result()` in one transaction once `ending` is set.
 */
export class TurnBuffer {
  private maxSeq = 0;
  private model: string | undefined;
  private startedAt: Date | undefined;
  private end:
    | {
        status: TurnEnding;
        at: Date;
        durationMs?: number;
        usage?: { inputTokens: number; outputTokens: number };
        errorCode?: string;
        error?: string;
      }
    | undefined;
  /** By messageId, in order of first appearance; deltas accumulate until the full message. */
  private readonly messages = new Map<
    string,
    { content: string; toolCallIds: string[]; createdAt: Date }
  >();
  private readonly started = new Map<string, StartedTool>();
  private readonly finished = new Map<string, PendingToolLog>();
  private readonly reports: PendingReport[] = [];
  private readonly verifications: VerificationResult[] = [];
  private readonly approvals = new Map<string, PendingApproval & { tool: string }>();
  private readonly decisions = new Map<string, PendingDecision>();

  private plan: TurnPlan | null = null;
  private scope: TurnScope | undefined;
  private clarification: TurnClarification | undefined;
  private summary: EarlierSummary | undefined;

  constructor(readonly turnId: string) {}

  /** Set once an event ended or paused the turn; nothing more may be applied. */
  get ending(): TurnEnding | undefined {
    return this.end?.status;
  }

  /** Applies one event; returns true when it ends or pauses the turn (time to commit). */
  apply(frame: EventFrame): boolean {
    const { event } = frame;
    if (event.turnId !== this.turnId) {
      throw new ServerError(
        "internal",
        `event of turn ${event.turnId} recorded for turn ${this.turnId}`,
      );
    }
    if (this.end !== undefined) {
      throw new ServerError("internal", `turn ${this.turnId} already ended (${this.end.status})`);
    }
    this.maxSeq = Math.max(this.maxSeq, frame.seq);
    const at = new Date(frame.at);
    switch (event.type) {
      case "turn.started":
        this.model = event.model;
        this.startedAt = new Date(event.startedAt);
        return false;
      case "turn.scoped":
        this.scope = TurnScope.parse(event.scope);
        return false;
      case "clarification.requested":
        this.clarification = TurnClarification.parse({
          messageId: event.messageId,
          question: cleanText(event.question),
          choices: event.choices.map((c) => ({
            label: cleanText(c.label),
            reply: cleanText(c.reply),
          })),
        });
        return false;
      case "history.summarized":
        this.summary = cleanJson(EarlierSummary.parse(event.summary)) as EarlierSummary;
        return false;
      case "user.message":
        // Stored when it was received (TurnRepository.begin); only its seq counts here.
        return false;
      case "assistant.delta": {
        const message = this.message(event.messageId, at);
        message.content += event.delta;
        return false;
      }
      case "assistant.message": {
        const message = this.message(event.messageId, at);
        message.content = event.content;
        message.toolCallIds = event.toolCallIds;
        return false;
      }
      case "tool.started":
        this.started.set(event.toolCallId, {
          tool: event.tool,
          command: event.command,
          classification: event.classification,
          startedAt: new Date(event.startedAt),
        });
        return false;
      case "tool.finished": {
        const preview = cleanText(event.outputPreview);
        this.finished.set(event.toolCallId, {
          toolCallId: event.toolCallId,
          tool: event.tool,
          command: cleanText(event.command),
          classification: event.classification,
          status: event.status,
          durationMs: Math.round(event.durationMs),
          outputPreview: preview.slice(0, MAX_OUTPUT_PREVIEW_CHARS),
          truncated: event.truncated || preview.length > MAX_OUTPUT_PREVIEW_CHARS,
          startedAt:
            this.started.get(event.toolCallId)?.startedAt ??
            new Date(at.getTime() - Math.round(event.durationMs)),
        });
        return false;
      }
      case "route.decided":
      case "plan.created":
      case "plan.revised":
      case "plan.step.started":
      case "plan.step.finished":
        this.plan = applyPlanEvent(this.plan, event);
        return false;
      case "report.ready": {
        // Validated again here: this JSON is what every reload will render.
        const report = DiagnosisReport.parse(event.report);
        this.reports.push({
          id: event.reportId,
          category: report.category,
          severity: report.severity,
          summary: cleanText(report.summary),
          confidence: report.confidence,
          degraded: event.degraded,
          payload: cleanJson(report),
          createdAt: at,
        });
        return false;
      }
      case "verification.progress":
        // Live only: the verdict is what is stored.
        return false;
      case "verification.finished":
        this.verifications.push(
          cleanJson(VerificationResult.parse(event.verification)) as VerificationResult,
        );
        return false;
      case "approval.requested":
        for (const request of event.requests) this.addApproval(request, at);
        this.end = {
          status: "awaiting_approval",
          at,
          ...(event.usage === undefined ? {} : { usage: event.usage }),
        };
        return true;
      case "approval.resolved":
        for (const d of event.decisions) {
          this.decisions.set(d.toolCallId, {
            toolCallId: d.toolCallId,
            decision: d.decision,
            reason: d.reason === undefined ? null : cleanText(d.reason),
            decidedBy: d.by,
            decidedAt: new Date(d.at),
          });
        }
        return false;
      case "turn.completed":
        this.end = {
          status: "completed",
          at,
          durationMs: Math.round(event.durationMs),
          ...(event.usage === undefined ? {} : { usage: event.usage }),
        };
        return true;
      case "turn.failed":
        this.end = {
          status: "failed",
          at,
          errorCode: event.code,
          error: cleanText(event.message),
          ...(event.usage === undefined ? {} : { usage: event.usage }),
        };
        return true;
      case "turn.cancelled":
        this.end = {
          status: event.interrupted === true ? "interrupted" : "cancelled",
          at,
          errorCode: event.interrupted === true ? "shutting_down" : "cancelled",
          ...(event.reason === undefined ? {} : { error: cleanText(event.reason) }),
          ...(event.usage === undefined ? {} : { usage: event.usage }),
        };
        return true;
    }
  }

  /** The rows to write. Only valid once `ending` is set. */
  result(): TurnWrite {
    const end = this.end;
    if (end === undefined) throw new ServerError("internal", `turn ${this.turnId} has not ended`);
    const paused = end.status === "awaiting_approval";
    return {
      status: end.status,
      maxSeq: this.maxSeq,
      model: this.model,
      startedAt: this.startedAt,
      finishedAt: paused ? undefined : end.at,
      durationMs:
        end.durationMs ??
        (paused || this.startedAt === undefined
          ? undefined
          : end.at.getTime() - this.startedAt.getTime()),
      inputTokens: end.usage?.inputTokens,
      outputTokens: end.usage?.outputTokens,
      errorCode: end.errorCode,
      error: end.error,
      messages: [...this.messages].map(([id, m]) => ({
        id,
        content: cleanText(m.content),
        toolCalls: m.toolCallIds.map((callId) => this.toolCall(callId)),
        createdAt: m.createdAt,
      })),
      // At a pause the calls waiting for approval have not run: nothing to log for them yet.
      toolLogs: [...this.finished.values(), ...(paused ? [] : this.unfinishedTools(end.at))],
      reports: [...this.reports],
      verifications: [...this.verifications],
      approvals: [...this.approvals.values()].map(({ tool: _tool, ...a }) => a),
      decisions: [...this.decisions.values()],
      plan: this.plan === null ? undefined : cleanJson(this.plan),
      scope: this.scope === undefined ? undefined : cleanJson(this.scope),
      clarification: this.clarification === undefined ? undefined : cleanJson(this.clarification),
      summary: this.summary,
    };
  }

  private message(id: string, at: Date) {
    let message = this.messages.get(id);
    if (message === undefined) {
      message = { content: "", toolCallIds: [], createdAt: at };
      this.messages.set(id, message);
    }
    return message;
  }

  private addApproval(request: ApprovalRequest, at: Date): void {
    this.approvals.set(request.toolCallId, {
      toolCallId: request.toolCallId,
      tool: request.tool,
      command: cleanText(request.command),
      request: cleanJson(request),
      createdAt: at,
    });
  }

  /**
   * A tool call as the assistant asked for it. Only the command line is kept as
   * its input: nothing else a tool was given is stored (docs/persistence.md).
   */
  private toolCall(id: string): ToolCall {
    const known = this.finished.get(id) ?? this.started.get(id) ?? this.approvals.get(id);
    return known === undefined
      ? { id, name: "unknown", args: {} }
      : { id, name: known.tool, args: { command: cleanText(known.command) } };
  }

  /** Tools that started but never finished were cut off by the turn's end: shown as cancelled. */
  private unfinishedTools(endAt: Date): PendingToolLog[] {
    return [...this.started]
      .filter(([id]) => !this.finished.has(id))
      .map(([toolCallId, s]) => ({
        toolCallId,
        tool: s.tool,
        command: cleanText(s.command),
        classification: s.classification,
        status: "cancelled" as const,
        durationMs: Math.max(0, endAt.getTime() - s.startedAt.getTime()),
        outputPreview: "",
        truncated: false,
        startedAt: s.startedAt,
      }));
  }
}

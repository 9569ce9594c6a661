import {
  ApprovalRequest,
  ToolCall,
  VerificationResult,
  type ApprovalDto,
  type ConversationSummary,
  type DiagnosisReport,
  type MessageDto,
  type ReportDto,
  type ToolLogDto,
  type TurnDetail,
  type TurnSummary,
  TurnPlan,
  TurnClarification,
  EarlierSummary,
  TurnScope,
} from "@kubemedic/protocol";
import { z } from "zod";
import type {
  Approval,
  Conversation,
  DiagnosisReport as ReportRow,
  Message,
  ToolLog,
  Turn,
} from "../db/prisma";

/** Rows → the protocol's REST DTOs (packages/protocol rest.ts). Timestamps become ISO strings. */

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d === null ? null : d.toISOString());

export function toConversationSummary(
  row: Conversation,
  lastTurn: Pick<Turn, "status"> | undefined,
): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    clusterContext: row.clusterContext,
    namespace: row.namespace,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    lastTurnStatus: lastTurn?.status ?? null,
  };
}

export function toTurnSummary(row: Turn): TurnSummary {
  return {
    id: row.id,
    seq: row.seq,
    status: row.status,
    model: row.model,
    startedAt: iso(row.startedAt),
    finishedAt: isoOrNull(row.finishedAt),
    error: row.error,
    usage:
      row.inputTokens === null || row.outputTokens === null
        ? null
        : { inputTokens: row.inputTokens, outputTokens: row.outputTokens },
  };
}

const ToolCalls = z.array(ToolCall);

export function toMessageDto(row: Message): MessageDto {
  const toolCalls = ToolCalls.safeParse(row.toolCalls);
  return {
    id: row.id,
    turnId: row.turnId,
    role: row.role,
    content: row.content,
    toolCalls: toolCalls.success ? toolCalls.data : [],
    seq: row.seq,
    createdAt: iso(row.createdAt),
  };
}

function toToolLogDto(row: ToolLog): ToolLogDto {
  return {
    id: row.id,
    turnId: row.turnId,
    toolCallId: row.toolCallId,
    tool: row.tool,
    command: row.command,
    classification: row.classification,
    status: row.status,
    durationMs: row.durationMs,
    outputPreview: row.outputPreview,
    truncated: row.truncated,
    startedAt: iso(row.startedAt),
  };
}

function toApprovalDto(row: Approval): ApprovalDto {
  const request = ApprovalRequest.safeParse(row.request);
  return {
    id: row.id,
    turnId: row.turnId,
    toolCallId: row.toolCallId,
    command: row.command,
    decision: row.decision,
    reason: row.reason,
    decidedBy: row.decidedBy,
    decidedAt: isoOrNull(row.decidedAt),
    request: request.success ? request.data : null,
  };
}

function toReportDto(row: ReportRow): ReportDto {
  return {
    id: row.id,
    turnId: row.turnId,
    createdAt: iso(row.createdAt),
    degraded: row.degraded,
    // Validated against DiagnosisReport when it was recorded (TurnBuffer).
    report: row.payload as unknown as DiagnosisReport,
  };
}

export function toTurnDetail(
  row: Turn & {
    messages: Message[];
    toolLogs: ToolLog[];
    approvals: Approval[];
    reports: ReportRow[];
  },
): TurnDetail {
  const report = row.reports[0];
  return {
    ...toTurnSummary(row),
    messages: row.messages.map(toMessageDto),
    toolLogs: row.toolLogs.map(toToolLogDto),
    approvals: row.approvals.map(toApprovalDto),
    report: report === undefined ? null : toReportDto(report),
    plan: toTurnPlan(row.plan),
    scope: parsedOrNull(TurnScope, row.scope),
    clarification: parsedOrNull(TurnClarification, row.clarification),
    summary: parsedOrNull(EarlierSummary, row.summary),
    // Validated when recorded (TurnBuffer); a row that no longer parses is left out, not fatal.
    verifications: (Array.isArray(row.verifications) ? row.verifications : []).flatMap((v) => {
      const parsed = VerificationResult.safeParse(v);
      return parsed.success ? [parsed.data] : [];
    }),
  };
}

/** A stored JSON column read back through its schema: a row from an older version, or unreadable, has none. */
function parsedOrNull<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T | null {
  if (value === null || value === undefined) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The stored plan (TurnPlan); a row written by an older version, or unreadable, has none. */
function toTurnPlan(value: unknown): TurnPlan | null {
  if (value === null || value === undefined) return null;
  const parsed = TurnPlan.safeParse(value);
  return parsed.success ? parsed.data : null;
}

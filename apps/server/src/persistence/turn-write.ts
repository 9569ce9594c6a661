import type {
  ResolvedApproval,
  ToolCall,
  ToolClassification,
  ToolStatus,
  TurnStatus,
  VerificationResult,
} from "@kubemedic/protocol";

/**
 * What one segment of a turn writes: the TurnBuffer produces it from the
 * events, the TurnUnitOfWork writes it in one transaction.
 */

/** How a turn's segment ends: finally, or paused until the user decides. */
export type TurnEnding = Extract<
  TurnStatus,
  "completed" | "failed" | "cancelled" | "interrupted" | "awaiting_approval"
>;

export interface PendingMessage {
  id: string;
  content: string;
  toolCalls: ToolCall[];
  createdAt: Date;
}

export interface PendingToolLog {
  toolCallId: string;
  tool: string;
  command: string;
  classification: ToolClassification;
  status: ToolStatus;
  durationMs: number;
  outputPreview: string;
  truncated: boolean;
  startedAt: Date;
}

export interface PendingReport {
  id: string | undefined;
  category: string;
  severity: string;
  summary: string;
  confidence: number;
  degraded: boolean;
  payload: unknown;
  createdAt: Date;
}

export interface PendingApproval {
  toolCallId: string;
  command: string;
  request: unknown;
  createdAt: Date;
}

export interface PendingDecision {
  toolCallId: string;
  decision: ResolvedApproval["decision"];
  reason: string | null;
  decidedBy: string;
  decidedAt: Date;
}

/** Everything one segment of a turn writes, in the order it happened. */
export interface TurnWrite {
  status: TurnEnding;
  /** The highest event sequence number seen: becomes the conversation's lastEventSeq. */
  maxSeq: number;
  model: string | undefined;
  startedAt: Date | undefined;
  /** Undefined while paused for approval. */
  finishedAt: Date | undefined;
  durationMs: number | undefined;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  errorCode: string | undefined;
  error: string | undefined;
  messages: PendingMessage[];
  toolLogs: PendingToolLog[];
  /** Verification verdicts of this segment (appended to the turn's). */
  verifications: VerificationResult[];
  reports: PendingReport[];
  approvals: PendingApproval[];
  decisions: PendingDecision[];
  /** The route and plan (TurnPlan), when the turn was routed. */
  plan: unknown;
  /** The turn's scope (TurnScope), when this segment started the turn. */
  scope: unknown;
  /** The question asked back (TurnClarification), when the turn asked one. */
  clarification: unknown;
  /** The summary of earlier turns (EarlierSummary), when the turn made a new one. */
  summary: unknown;
}

import type {
  ApprovalRequest,
  ClarificationChoice,
  EarlierSummary,
  ConversationDetail,
  DiagnosisReport,
  ErrorCode,
  ObjectRef,
  EventFrame,
  ResolvedApproval,
  ServerFrame,
  TokenUsage,
  ToolClassification,
  ToolStatus,
  TurnPlan,
  TurnScope,
  TurnStatus,
  VerificationCheck,
  VerificationResult,
} from "@kubemedic/protocol";

/**
 * What the chat shows for one conversation: the turns with their items in the
 * order they happened, built from the REST detail (`hydrate`) and the live event
 * frames. Every item has a stable `key` so that a replayed or re-fetched event
 * updates the item it belongs to instead of adding a second one.
 */
export interface UserItem {
  kind: "user";
  key: string;
  messageId: string;
  clientMessageId?: string;
  text: string;
  createdAt: string;
}

export interface AssistantItem {
  kind: "assistant";
  key: string;
  messageId: string;
  text: string;
  /** True while deltas are still arriving. */
  streaming: boolean;
  /**
   * The server said a report may follow this answer (`reportMayFollow` on its deltas), and it
   * ended without tool calls: it shows as its lead from the first delta, so it never shrinks.
   */
  reportMayFollow?: true;
}

export interface ToolItem {
  kind: "tool";
  key: string;
  toolCallId: string;
  tool: string;
  command: string;
  classification: ToolClassification;
  status: ToolStatus | "running";
  startedAt: string;
  durationMs: number | null;
  output: string | null;
  truncated: boolean;
}

export interface ApprovalEntry {
  toolCallId: string;
  command: string;
  /** Null for approvals stored before the request was recorded. */
  request: ApprovalRequest | null;
  decision: ResolvedApproval | null;
}

export interface ApprovalItem {
  kind: "approval";
  key: string;
  entries: ApprovalEntry[];
}

export interface ReportItem {
  kind: "report";
  key: string;
  reportId: string | null;
  report: DiagnosisReport;
  degraded: boolean;
}

/** A complex question's plan (issue #14): the route's reason, the steps and their status. */
export interface PlanItem {
  kind: "plan";
  key: string;
  plan: TurnPlan;
}

/** The watch after an approved change: live progress, then the verdict (`result`). */
export interface VerificationItem {
  kind: "verification";
  key: string;
  verificationId: string;
  toolCallIds: string[];
  checks: VerificationCheck[];
  elapsedMs: number;
  deadlineMs: number;
  /** Null while it waits. */
  result: VerificationResult | null;
}

/** The agent asked back: the question is its assistant message; these are the answers to pick. */
export interface ClarificationItem {
  kind: "clarification";
  key: string;
  messageId: string;
  question: string;
  choices: ClarificationChoice[];
}

export type TurnItem =
  | UserItem
  | AssistantItem
  | ToolItem
  | ApprovalItem
  | ReportItem
  | PlanItem
  | VerificationItem
  | ClarificationItem;

export interface TurnView {
  id: string;
  status: TurnStatus;
  model: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  error: { code: ErrorCode | null; message: string } | null;
  cancelReason: string | null;
  partial: boolean;
  usage: TokenUsage | null;
  /** Where the turn looked (namespaces or all, the object in focus), once it was scoped. */
  scope: TurnScope | null;
  /** The summary of earlier turns this turn started from, when it made a new one. */
  summary: EarlierSummary | null;
  items: TurnItem[];
}

/** A message the user sent that the server has not echoed back as `user.message` yet. */
export interface OutboxMessage {
  clientMessageId: string;
  text: string;
  /** The resource the message is about (sent as `selectedResource`), kept for a retry. */
  about?: ObjectRef;
  createdAt: string;
  status: "sending" | "acked" | "failed";
  turnId: string | null;
  messageId: string | null;
  error: { code: ErrorCode; message: string } | null;
}

export interface ConversationStream {
  id: string;
  /** True once a REST detail (or an unbroken event history from seq 1) is the base. */
  hydrated: boolean;
  /** The highest sequence number applied; everything up to it is reflected. */
  lastSeq: number;
  /** Frames that arrived ahead of a gap, sorted by seq, applied once the gap fills. */
  pending: EventFrame[];
  /**
   * The server said (or the numbering showed) that events were lost: the base must be
   * re-fetched over REST. Frames keep buffering in `pending` meanwhile.
   */
  stale: boolean;
  turns: TurnView[];
  outbox: OutboxMessage[];
}

export interface StreamState {
  conversations: Readonly<Record<string, ConversationStream>>;
}

export type StreamAction =
  | { type: "frame"; frame: ServerFrame }
  | { type: "hydrate"; detail: ConversationDetail }
  | {
      type: "send";
      conversationId: string;
      clientMessageId: string;
      text: string;
      at: string;
      about?: ObjectRef;
    }
  | {
      type: "send.failed";
      conversationId: string;
      clientMessageId: string;
      code: ErrorCode;
      message: string;
    }
  | { type: "outbox.discard"; conversationId: string; clientMessageId: string }
  | { type: "forget"; conversationId: string };

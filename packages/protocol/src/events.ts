import { z } from "zod";
import { ObjectRef } from "./object-ref";
import { ApprovalRequest, ResolvedApproval } from "./approval";
import { ErrorCode } from "./codes";
import { Plan, PlanStepStatus, RouteBranch } from "./plan";
import { DiagnosisReport } from "./report";
import { ToolClassification, ToolStatus } from "./tools";
import { TokenUsage } from "./turn";
import { VerificationCheck, VerificationResult } from "./verification";

/**
 * Events of one conversation, in the order they happen. The agent emits the
 * turn/assistant/tool/approval/report events; the gateway adds `user.message`
 * (so a second tab sees what the first one sent) and wraps each event in an
 * `event` frame with a per-conversation sequence number.
 */
const base = { turnId: z.string().min(1) };

/**
 * Where a turn looked: the namespace(s) it narrowed to, or every namespace,
 * and the object in focus. The rule (docs/agent.md): a namespace the text
 * names, else the conversation's focus, else the namespace picker, else all.
 */
export const TurnScope = z.object({
  /** Empty with `allNamespaces`. */
  namespaces: z.array(z.string().max(253)).max(50),
  allNamespaces: z.boolean(),
  focus: ObjectRef.optional(),
  /** What decided it: the question's text, the conversation, the picker, or nothing (all). */
  source: z.enum(["text", "conversation", "picker", "selection", "none"]).optional(),
});
export type TurnScope = z.infer<typeof TurnScope>;

export const TurnStartedEvent = z.object({
  type: z.literal("turn.started"),
  ...base,
  /** The model's label, e.g. `gpt-4o-mini` or `offline-diagnostician`. */
  model: z.string(),
  startedAt: z.string(),
});

/**
 * Where the turn looks, once the agent has scoped the question (right after
 * `turn.started`; absent when the turn failed before it was scoped).
 */
export const TurnScopedEvent = z.object({
  type: z.literal("turn.scoped"),
  ...base,
  scope: TurnScope,
});

/** One answer the user can pick: what the button says, and the message it sends. */
export const ClarificationChoice = z.object({
  label: z.string().min(1).max(200),
  reply: z.string().min(1).max(500),
});
export type ClarificationChoice = z.infer<typeof ClarificationChoice>;

/** A clarifying question as stored with its turn. */
export const TurnClarification = z.object({
  messageId: z.string(),
  question: z.string().max(2000),
  choices: z.array(ClarificationChoice).max(20),
});
export type TurnClarification = z.infer<typeof TurnClarification>;

/**
 * The agent asked back instead of guessing (an ambiguous name, a follow-up
 * with nothing to refer to). The question is also the assistant's message;
 * the user answers with a choice's `reply` or in their own words.
 */
export const ClarificationRequestedEvent = z.object({
  type: z.literal("clarification.requested"),
  ...base,
  messageId: z.string(),
  question: z.string().max(2000),
  choices: z.array(ClarificationChoice).max(20),
});

/**
 * Turns that no longer fit the model's budget, summarized instead of dropped:
 * what was asked, found, changed and verified. Reused until more turns drop out.
 */
export const EarlierSummary = z.object({
  /** How many turns the summary covers, from the conversation's first one. */
  turns: z.number().int().min(1),
  /** The newest turn it covers. */
  throughTurnId: z.string(),
  text: z.string().max(4000),
  /** Written by the model (one bounded call), or composed from the stored reports and changes. */
  via: z.enum(["model", "composed"]),
});
export type EarlierSummary = z.infer<typeof EarlierSummary>;

/**
 * The turn starts from a new summary of the turns its history no longer holds
 * (sent once per summary, with the turn that first used it).
 */
export const HistorySummarizedEvent = z.object({
  type: z.literal("history.summarized"),
  ...base,
  summary: EarlierSummary,
});

export const UserMessageEvent = z.object({
  type: z.literal("user.message"),
  ...base,
  messageId: z.string(),
  clientMessageId: z.string().optional(),
  text: z.string(),
  createdAt: z.string(),
});

/** A piece of streamed assistant text; deltas with the same messageId concatenate. */
export const AssistantDeltaEvent = z.object({
  type: z.literal("assistant.delta"),
  ...base,
  messageId: z.string(),
  delta: z.string(),
  /**
   * Set when this answer, if it ends without tool calls, is followed by a report (the turn used
   * tools and asked for a diagnosis): a client may show only its lead while it streams, so the
   * answer never visibly shrinks when the report card arrives. A hint: deltas folded for a
   * replay may lack it.
   */
  reportMayFollow: z.literal(true).optional(),
});

/** One complete assistant message; replaces the deltas with the same messageId. */
export const AssistantMessageEvent = z.object({
  type: z.literal("assistant.message"),
  ...base,
  messageId: z.string(),
  content: z.string(),
  toolCallIds: z.array(z.string()).default([]),
});

export const ToolStartedEvent = z.object({
  type: z.literal("tool.started"),
  ...base,
  toolCallId: z.string(),
  tool: z.string(),
  /** The command as it will run (kubectl: the command line without `kubectl`). */
  command: z.string(),
  classification: ToolClassification,
  startedAt: z.string(),
});

export const ToolFinishedEvent = z.object({
  type: z.literal("tool.finished"),
  ...base,
  toolCallId: z.string(),
  tool: z.string(),
  command: z.string(),
  classification: ToolClassification,
  status: ToolStatus,
  durationMs: z.number().nonnegative(),
  /** The bounded, redacted output the model saw. */
  outputPreview: z.string(),
  truncated: z.boolean(),
  // No `structured` field any more: nothing rendered it. A stored or replayed event from an
  // older version that has one still parses; zod drops the unknown key.
});

/**
 * The LLM tokens of the turn so far, on every event that ends or pauses it: a
 * running total over the turn's segments (a resumed turn's `turn.completed`
 * includes what its `approval.requested` reported).
 */
const usage = TokenUsage.optional();

export const ApprovalRequestedEvent = z.object({
  type: z.literal("approval.requested"),
  ...base,
  requests: z.array(ApprovalRequest).min(1),
  usage,
});

export const ApprovalResolvedEvent = z.object({
  type: z.literal("approval.resolved"),
  ...base,
  decisions: z.array(ResolvedApproval).min(1),
});

export const ReportReadyEvent = z.object({
  type: z.literal("report.ready"),
  ...base,
  reportId: z.string().optional(),
  report: DiagnosisReport,
  /** True when the model's output could not be validated and this report was degraded. */
  degraded: z.boolean().default(false),
});

/** The branch a turn takes after `prepare`, and why (issue #14). */
export const RouteDecidedEvent = z.object({
  type: z.literal("route.decided"),
  ...base,
  branch: RouteBranch,
  reason: z.string().max(1_000),
});

/** A complex question's plan, as first made. */
export const PlanCreatedEvent = z.object({
  type: z.literal("plan.created"),
  ...base,
  plan: Plan,
});

export const PlanStepStartedEvent = z.object({
  type: z.literal("plan.step.started"),
  ...base,
  planVersion: z.number().int().min(1),
  stepId: z.string(),
});

export const PlanStepFinishedEvent = z.object({
  type: z.literal("plan.step.finished"),
  ...base,
  planVersion: z.number().int().min(1),
  stepId: z.string(),
  status: PlanStepStatus,
  result: z.string().max(1_000).optional(),
  toolCallIds: z.array(z.string()).max(200).default([]),
});

/** A new version of the plan (a step failed, a finding points elsewhere), with the reason. */
export const PlanRevisedEvent = z.object({
  type: z.literal("plan.revised"),
  ...base,
  plan: Plan,
});

/** The verify step is watching the effect of an approved change (sent about once a second). */
export const VerificationProgressEvent = z.object({
  type: z.literal("verification.progress"),
  ...base,
  verificationId: z.string(),
  toolCallIds: z.array(z.string()),
  checks: z.array(VerificationCheck),
  elapsedMs: z.number().nonnegative(),
  deadlineMs: z.number().nonnegative(),
});

/** The verify step's verdict; stored with the turn. */
export const VerificationFinishedEvent = z.object({
  type: z.literal("verification.finished"),
  ...base,
  verification: VerificationResult,
});

export const TurnCompletedEvent = z.object({
  type: z.literal("turn.completed"),
  ...base,
  durationMs: z.number().nonnegative(),
  usage,
  /** True when a limit (iterations, tokens, time) ended the turn with a partial answer. */
  partial: z.boolean().default(false),
});

export const TurnFailedEvent = z.object({
  type: z.literal("turn.failed"),
  ...base,
  code: ErrorCode,
  message: z.string(),
  usage,
});

export const TurnCancelledEvent = z.object({
  type: z.literal("turn.cancelled"),
  ...base,
  reason: z.string().optional(),
  /**
   * The server stopped the turn as it shut down (nobody asked to): it is
   * stored `interrupted`, as after a crash, and can be asked again.
   */
  interrupted: z.boolean().optional(),
  usage,
});

export const ConversationEvent = z.discriminatedUnion("type", [
  TurnStartedEvent,
  TurnScopedEvent,
  UserMessageEvent,
  AssistantDeltaEvent,
  AssistantMessageEvent,
  ToolStartedEvent,
  ToolFinishedEvent,
  ApprovalRequestedEvent,
  ApprovalResolvedEvent,
  ReportReadyEvent,
  ClarificationRequestedEvent,
  HistorySummarizedEvent,
  RouteDecidedEvent,
  PlanCreatedEvent,
  PlanStepStartedEvent,
  PlanStepFinishedEvent,
  PlanRevisedEvent,
  VerificationProgressEvent,
  VerificationFinishedEvent,
  TurnCompletedEvent,
  TurnFailedEvent,
  TurnCancelledEvent,
]);
export type ConversationEvent = z.infer<typeof ConversationEvent>;
export type ConversationEventType = ConversationEvent["type"];
export type EventOf<T extends ConversationEventType> = Extract<ConversationEvent, { type: T }>;

/** The events the agent itself emits (everything but what the gateway adds). */
export type AgentEvent = Exclude<ConversationEvent, { type: "user.message" }>;

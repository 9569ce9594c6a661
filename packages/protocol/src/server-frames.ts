import { z } from "zod";
import { ApprovalRequest } from "./approval";
import { ErrorCode } from "./codes";
import { ConversationEvent } from "./events";
import { ConversationSummary, TurnSummary } from "./rest";

/** Server → client frames. */

/** One conversation event with its per-conversation sequence number (1, 2, 3…). */
export const EventFrame = z.object({
  type: z.literal("event"),
  conversationId: z.string(),
  seq: z.number().int().positive(),
  /**
   * Only in a replay (`conversation.state.missed`) of a long running turn: this
   * `assistant.delta` stands for the events `seq` … `throughSeq`, consecutive
   * deltas of one message folded into one. The next event is `throughSeq + 1`.
   */
  throughSeq: z.number().int().positive().optional(),
  at: z.string(),
  event: ConversationEvent,
});
export type EventFrame = z.infer<typeof EventFrame>;

/** Sent once per connection, before anything else. */
export const WelcomeFrame = z.object({
  type: z.literal("welcome"),
  protocolVersion: z.string(),
  user: z.string(),
  connectionId: z.string(),
});

/** The user's message is durable: here are its id and the turn it started. */
export const AckFrame = z.object({
  type: z.literal("ack"),
  requestId: z.string().optional(),
  conversationId: z.string(),
  clientMessageId: z.string(),
  messageId: z.string(),
  turnId: z.string(),
  /** True when this clientMessageId was seen before and nothing new was created. */
  duplicate: z.boolean(),
});

/**
 * Answer to `conversation.open`: where the conversation stands, and the events
 * after `lastEventId`. When the server no longer has all of them (restart,
 * buffer overflow) `resync` is true and the client reloads the conversation
 * over REST before applying `missed`.
 */
export const ConversationStateFrame = z.object({
  type: z.literal("conversation.state"),
  requestId: z.string().optional(),
  conversation: ConversationSummary,
  turns: z.array(TurnSummary),
  missed: z.array(EventFrame),
  lastSeq: z.number().int().nonnegative(),
  resync: z.boolean(),
  pendingApproval: z.object({ turnId: z.string(), requests: z.array(ApprovalRequest) }).nullable(),
});

export const ErrorFrame = z.object({
  type: z.literal("error"),
  code: ErrorCode,
  message: z.string(),
  requestId: z.string().optional(),
  conversationId: z.string().optional(),
});

export const PongFrame = z.object({
  type: z.literal("pong"),
  requestId: z.string().optional(),
  t: z.number().optional(),
});

export const ServerFrame = z.discriminatedUnion("type", [
  EventFrame,
  WelcomeFrame,
  AckFrame,
  ConversationStateFrame,
  ErrorFrame,
  PongFrame,
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
export type ServerFrameOf<T extends ServerFrame["type"]> = Extract<ServerFrame, { type: T }>;

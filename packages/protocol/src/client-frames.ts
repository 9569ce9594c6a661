import { z } from "zod";
import { ObjectRef } from "./object-ref";
import { ApprovalDecision } from "./approval";

/** Client → server frames. `requestId` is echoed on the answer (ack, error, pong). */
const common = {
  requestId: z.string().min(1).max(100).optional(),
  /** Protocol version, optional on each frame; a different major is refused. */
  v: z.string().max(16).optional(),
};
const id = z.string().min(1).max(100);
const namespace = z
  .string()
  .max(63)
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, "not a valid namespace name");

export const MAX_MESSAGE_CHARS = 16_000;

/**
 * Subscribe to a conversation: an existing one by id, or a new one. With
 * `lastEventId` the server replays what was missed before the live stream.
 */
export const ConversationOpenFrame = z
  .object({
    type: z.literal("conversation.open"),
    ...common,
    conversationId: id.optional(),
    create: z
      .object({
        title: z.string().max(200).optional(),
        clusterContext: z.string().max(253).optional(),
        namespace: namespace.optional(),
      })
      .optional(),
    lastEventId: z.number().int().nonnegative().optional(),
  })
  .refine((f) => (f.conversationId === undefined) !== (f.create === undefined), {
    message: "give either conversationId or create, not both",
  });

export const MessageSendFrame = z.object({
  type: z.literal("message.send"),
  ...common,
  conversationId: id,
  text: z.string().trim().min(1, "message is empty").max(MAX_MESSAGE_CHARS),
  /** Chosen by the client; resending the same id never creates a second message. */
  clientMessageId: z.string().min(8).max(100),
  /** The object the user is looking at, given to the agent as context. */
  selectedResource: ObjectRef.extend({ namespace: namespace.optional() }).optional(),
});

export const ApprovalDecideFrame = z.object({
  type: z.literal("approval.decide"),
  ...common,
  conversationId: id,
  turnId: id,
  decisions: z.array(ApprovalDecision).min(1).max(50),
});

export const TurnCancelFrame = z.object({
  type: z.literal("turn.cancel"),
  ...common,
  conversationId: id,
  /** The turn to stop; the conversation's running turn when omitted. */
  turnId: id.optional(),
});

export const PingFrame = z.object({
  type: z.literal("ping"),
  ...common,
  t: z.number().optional(),
});

export const ClientFrame = z.discriminatedUnion("type", [
  ConversationOpenFrame,
  MessageSendFrame,
  ApprovalDecideFrame,
  TurnCancelFrame,
  PingFrame,
]);
export type ClientFrame = z.infer<typeof ClientFrame>;
export type ClientFrameType = ClientFrame["type"];
export const CLIENT_FRAME_TYPES: readonly ClientFrameType[] = [
  "conversation.open",
  "message.send",
  "approval.decide",
  "turn.cancel",
  "ping",
];

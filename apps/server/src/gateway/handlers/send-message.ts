import type { ClientFrame } from "@kubemedic/protocol";
import { isServerError, ServerError } from "../../errors";
import type { BeginTurnResult } from "../../persistence/turn-repository";
import type { Connection } from "../connection";
import type { Channel } from "../conversation-hub";
import { ownedChannel, recoverOrphanedTurn, shuttingDown } from "../conversation-target";
import type { GatewayContext } from "../gateway-context";

type SendFrame = Extract<ClientFrame, { type: "message.send" }>;

/**
 * A user's message becomes a turn: stored with a `running` turn at once
 * (TurnRepository.begin), acknowledged (the message is durable), echoed to
 * every tab as `user.message`, then run by the agent. A resend with the same
 * clientMessageId is acknowledged again with `duplicate: true` and nothing
 * else. One turn per conversation: a second message while one runs or waits
 * for approval is refused with `turn_in_progress` (not queued: the user should
 * see the answer, or decide, before asking the next thing).
 */
export async function sendMessage(
  ctx: GatewayContext,
  conn: Connection,
  frame: SendFrame,
): Promise<void> {
  const user = conn.user;
  if (ctx.closing()) throw shuttingDown();
  if (ctx.runner.runningFor(user) >= ctx.limits.maxTurnsPerUser) {
    // A resend of a message already stored is still acknowledged.
    const earlier = await ctx.persistence.messages.findByClientMessageId(
      user,
      frame.conversationId,
      frame.clientMessageId,
    );
    if (earlier !== null) {
      conn.send(ack(frame, earlier.id, earlier.turnId, true));
      return;
    }
    throw new ServerError(
      "too_many_turns",
      `you already have ${ctx.limits.maxTurnsPerUser} turns running; wait for one to finish`,
    );
  }
  const release = ctx.runner.reserve(user);
  let channel: Channel | undefined;
  try {
    channel = await ownedChannel(ctx, user, frame.conversationId);
    channel.starting++;
    const begun = await begin(ctx, channel, user, frame);
    conn.watch(channel);
    if (begun.duplicate) {
      release();
      conn.send(ack(frame, begun.messageId, begun.turnId, true));
      return;
    }
    // Another replica may have numbered events since this one last looked.
    ctx.hub.ensure(channel.conversationId, begun.storedSeq);
    ctx.hub.reserved(channel, begun.reservedSeq);
    conn.send(ack(frame, begun.messageId, begun.turnId, false));
    const userFrame = ctx.hub.emit(channel, {
      type: "user.message",
      turnId: begun.turnId,
      messageId: begun.messageId,
      clientMessageId: frame.clientMessageId,
      text: frame.text,
      createdAt: new Date().toISOString(),
    });
    await begun.unitOfWork.record(userFrame);
    ctx.runner.start(
      channel,
      {
        conversationId: frame.conversationId,
        turnId: begun.turnId,
        user,
        input: {
          text: frame.text,
          ...(frame.selectedResource === undefined
            ? {}
            : { selectedResource: frame.selectedResource }),
        },
        unitOfWork: begun.unitOfWork,
        clusterContext: channel.target?.clusterContext ?? undefined,
        namespace: channel.target?.namespace ?? undefined,
        origin: {
          connectionId: conn.id,
          clientMessageId: frame.clientMessageId,
          ...(frame.requestId === undefined ? {} : { requestId: frame.requestId }),
        },
      },
      release,
    );
  } catch (error) {
    release();
    throw error;
  } finally {
    if (channel !== undefined) channel.starting--;
  }
}

async function begin(
  ctx: GatewayContext,
  channel: Channel,
  user: string,
  frame: SendFrame,
): Promise<BeginTurnResult> {
  const input = {
    ownerId: user,
    conversationId: frame.conversationId,
    text: frame.text,
    clientMessageId: frame.clientMessageId,
    model: ctx.modelLabel,
    // The reservation starts above what this process already handed out.
    seqFloor: channel.allocated,
  };
  try {
    return await ctx.persistence.turns.begin(input);
  } catch (error) {
    // A turn the database thinks is running but nothing runs: recover once.
    if (isServerError(error, "turn_in_progress") && (await recoverOrphanedTurn(ctx, channel)) > 0)
      return ctx.persistence.turns.begin(input);
    throw error;
  }
}

function ack(frame: SendFrame, messageId: string, turnId: string, duplicate: boolean) {
  return {
    type: "ack" as const,
    ...(frame.requestId === undefined ? {} : { requestId: frame.requestId }),
    conversationId: frame.conversationId,
    clientMessageId: frame.clientMessageId,
    messageId,
    turnId,
    duplicate,
  };
}

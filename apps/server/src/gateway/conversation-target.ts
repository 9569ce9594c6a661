import type { ConversationEvent } from "@kubemedic/protocol";
import { ServerError } from "../errors";
import { notFound } from "../persistence/conversation-repository";
import { toServerError } from "../persistence/prisma-errors";
import type { Channel } from "./conversation-hub";
import type { GatewayContext } from "./gateway-context";

export interface ConversationTarget {
  clusterContext: string | null;
  namespace: string | null;
  lastEventSeq: number;
}

/**
 * The conversation's cluster context, namespace and stored lastSeq, read
 * with its owner's id: another user's conversation is `not_found`, as a
 * missing one. One indexed row, so every frame can afford it.
 */
async function conversationTarget(
  ctx: GatewayContext,
  ownerId: string,
  id: string,
): Promise<ConversationTarget> {
  const row = await ctx.prisma.conversation
    .findFirst({
      where: { id, ownerId },
      select: { clusterContext: true, namespace: true, lastEventSeq: true },
    })
    .catch((error: unknown) => {
      throw toServerError(error, "reading a conversation");
    });
  if (row === null) throw notFound(id);
  return row;
}

/**
 * The channel of a conversation the caller owns. The first time, the owner,
 * target and stored lastSeq are read from the database; after that the
 * channel knows its owner (it never changes) and its target (REST updates
 * it), so a frame costs no query. Another user's conversation is `not_found`.
 */
export async function ownedChannel(
  ctx: GatewayContext,
  ownerId: string,
  id: string,
): Promise<Channel> {
  const known = ctx.hub.get(id);
  // Scale-out: another replica may have moved the conversation on (events,
  // its target): read it every time (one indexed row).
  if (known?.owner !== undefined && known.target !== undefined && ctx.scale === undefined) {
    if (known.owner !== ownerId) throw notFound(id);
    return known;
  }
  const target = await conversationTarget(ctx, ownerId, id);
  const channel = ctx.hub.ensure(id, target.lastEventSeq);
  channel.owner = ownerId;
  channel.target = { clusterContext: target.clusterContext, namespace: target.namespace };
  return channel;
}

/**
 * Publishes an event that happens outside a turn's unit of work (a paused
 * turn cancelled) after storing its seq as the conversation's lastEventSeq,
 * so numbers never repeat after a restart.
 */
export async function emitStored(
  ctx: GatewayContext,
  channel: Channel,
  event: ConversationEvent,
): Promise<void> {
  const frame = ctx.hub.frame(channel, event);
  try {
    await ctx.prisma.conversation.updateMany({
      where: { id: channel.conversationId, lastEventSeq: { lt: frame.seq } },
      data: { lastEventSeq: frame.seq },
    });
    ctx.hub.persisted(channel, frame.seq);
  } catch (error) {
    ctx.logger.warn(
      { err: error, conversationId: channel.conversationId },
      "lastEventSeq not stored",
    );
  }
  ctx.hub.publish(channel, frame);
}

/**
 * A turn the database says is `running` in a conversation where this process
 * runs nothing was left behind by a failed commit whose failure could not be
 * stored either (the database was gone). It can never finish: mark it
 * interrupted, as a restart would, so the conversation is usable again.
 * Returns how many turns were marked.
 */
export async function recoverOrphanedTurn(ctx: GatewayContext, channel: Channel): Promise<number> {
  if (channel.run !== undefined || channel.starting > 1) return 0;
  // Scale-out: only a turn this replica holds the lease of and runs nothing
  // for is its orphan; another replica's runs there, or is resumed once its
  // lease lapses.
  const scale = ctx.scale;
  const { count } = await ctx.prisma.turn
    .updateMany({
      where: {
        conversationId: channel.conversationId,
        status: "running",
        ...(scale === undefined
          ? {}
          : { leaseOwner: scale.replica, id: { notIn: [...scale.takingOver] } }),
      },
      data: {
        status: "interrupted",
        finishedAt: new Date(),
        error: "This turn stopped without its results being saved.",
      },
    })
    .catch((error: unknown) => {
      throw toServerError(error, "recovering an interrupted turn");
    });
  if (count > 0) {
    ctx.logger.warn({ conversationId: channel.conversationId, count }, "orphaned turn interrupted");
    ctx.metrics.turns.inc({ status: "interrupted" }, count);
  }
  return count;
}

export function shuttingDown(): ServerError {
  return new ServerError(
    "shutting_down",
    "the server is shutting down; send it again once it is back",
  );
}

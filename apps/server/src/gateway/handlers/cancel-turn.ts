import type { ClientFrame } from "@kubemedic/protocol";
import { ServerError } from "../../errors";
import { toServerError } from "../../persistence/prisma-errors";
import type { Connection } from "../connection";
import { emitStored, ownedChannel } from "../conversation-target";
import type { GatewayContext } from "../gateway-context";

type CancelFrame = Extract<ClientFrame, { type: "turn.cancel" }>;

/** How long a cancel waits for another replica to stop its turn. @default 15_000 */
const REMOTE_STOP_WAIT_MS = 15_000;

/**
 * The stop button. A running turn is aborted (the agent ends it with
 * `turn.cancelled`, stored with what it had streamed); a turn waiting for
 * approval is cancelled without running anything. The answer is the
 * `turn.cancelled` event on the conversation's stream — or, when the turn
 * reached its end before the stop could take effect, a `conflict` error, so
 * every cancel gets exactly one answer.
 */
export async function cancelTurn(
  ctx: GatewayContext,
  conn: Connection,
  frame: CancelFrame,
): Promise<void> {
  const channel = await ownedChannel(ctx, conn.user, frame.conversationId);
  conn.watch(channel);
  const run = channel.run;
  if (run !== undefined && (frame.turnId === undefined || frame.turnId === run.turnId)) {
    run.stop("user");
    await run.done;
    if (run.outcome !== "turn.cancelled") {
      throw new ServerError("conflict", "the turn had already finished");
    }
    return;
  }
  if (ctx.scale !== undefined) {
    const elsewhere = await ctx.scale.leases.runningElsewhere(frame.conversationId, frame.turnId);
    if (elsewhere !== undefined) {
      // It runs on another replica: ask it to stop, and answer when its end arrives.
      const ended = ctx.hub.segmentEnd(channel, elsewhere, REMOTE_STOP_WAIT_MS);
      await ctx.scale.log.requestStop(frame.conversationId, elsewhere);
      const type = await ended;
      if (type !== "turn.cancelled") {
        throw new ServerError(
          "conflict",
          type === undefined ? "the turn could not be stopped" : "the turn had already finished",
        );
      }
      return;
    }
  }
  const paused = await ctx.prisma.turn
    .findFirst({
      where: {
        conversationId: frame.conversationId,
        status: "awaiting_approval",
        ...(frame.turnId === undefined ? {} : { id: frame.turnId }),
      },
      select: { id: true },
    })
    .catch((error: unknown) => {
      throw toServerError(error, "reading the turn");
    });
  if (paused === null) {
    throw new ServerError(
      "conflict",
      frame.turnId === undefined
        ? "no turn is running in this conversation"
        : `turn ${frame.turnId} is not running`,
    );
  }
  const reason = "Stopped by the user.";
  await ctx.persistence.turns.cancelPaused({
    ownerId: conn.user,
    conversationId: frame.conversationId,
    turnId: paused.id,
    reason,
  });
  await emitStored(ctx, channel, { type: "turn.cancelled", turnId: paused.id, reason });
}

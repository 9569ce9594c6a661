import type { ClientFrame, ResolvedApproval } from "@kubemedic/protocol";
import { ServerError } from "../../errors";
import { toServerError } from "../../persistence/prisma-errors";
import type { Connection } from "../connection";
import type { Channel } from "../conversation-hub";
import { emitStored, ownedChannel, shuttingDown } from "../conversation-target";
import type { GatewayContext } from "../gateway-context";

type DecideFrame = Extract<ClientFrame, { type: "approval.decide" }>;

/**
 * The user's decisions on a paused turn: checked against what the agent's
 * checkpoint is waiting for (so a bad decision leaves the pause intact), then
 * recorded with who and when (TurnRepository.resume, durable at once), then
 * the turn resumes with a new unit of work. Works after a restart: the pause
 * is read back from the checkpointer.
 */
export async function decideApproval(
  ctx: GatewayContext,
  conn: Connection,
  frame: DecideFrame,
): Promise<void> {
  const user = conn.user;
  if (ctx.closing()) throw shuttingDown();
  const channel = await ownedChannel(ctx, user, frame.conversationId);
  conn.watch(channel);
  if (channel.run !== undefined || channel.starting > 0) {
    throw new ServerError("turn_in_progress", "a turn is running in this conversation");
  }
  if (ctx.runner.runningFor(user) >= ctx.limits.maxTurnsPerUser) {
    throw new ServerError(
      "too_many_turns",
      `you already have ${ctx.limits.maxTurnsPerUser} turns running; wait for one to finish`,
    );
  }
  const pending = await ctx.agent.pendingApproval(frame.conversationId);
  if (pending === null || pending.turnId !== frame.turnId) {
    await cancelIfLost(ctx, channel, user, frame.turnId);
    throw new ServerError("no_pending_approval", "nothing in this turn is waiting for a decision");
  }
  checkDecisions(
    frame,
    pending.requests.map((r) => r.toolCallId),
  );
  const at = new Date().toISOString();
  const decisions: ResolvedApproval[] = frame.decisions.map((d) => ({ ...d, by: user, at }));
  const release = ctx.runner.reserve(user);
  channel.starting++;
  try {
    const unitOfWork = await ctx.persistence.turns.resume({
      ownerId: user,
      conversationId: frame.conversationId,
      turnId: frame.turnId,
      decisions,
    });
    ctx.runner.start(
      channel,
      {
        conversationId: frame.conversationId,
        turnId: frame.turnId,
        user,
        input: { decisions: frame.decisions },
        unitOfWork,
        clusterContext: channel.target?.clusterContext ?? undefined,
        namespace: channel.target?.namespace ?? undefined,
        origin: {
          connectionId: conn.id,
          ...(frame.requestId === undefined ? {} : { requestId: frame.requestId }),
        },
      },
      release,
    );
  } catch (error) {
    release();
    throw error;
  } finally {
    channel.starting--;
  }
}

/** Every pending call decided once, nothing else: the pause stays intact otherwise. */
function checkDecisions(frame: DecideFrame, pendingIds: string[]): void {
  const pending = new Set(pendingIds);
  const seen = new Set<string>();
  for (const d of frame.decisions) {
    if (!pending.has(d.toolCallId)) {
      throw new ServerError("no_pending_approval", `not waiting for a decision on ${d.toolCallId}`);
    }
    if (seen.has(d.toolCallId)) {
      throw new ServerError("bad_request", `two decisions for ${d.toolCallId}`);
    }
    seen.add(d.toolCallId);
  }
  const missing = pendingIds.filter((id) => !seen.has(id));
  if (missing.length > 0) {
    throw new ServerError(
      "bad_request",
      `decide every pending change (missing: ${missing.join(", ")})`,
    );
  }
}

/**
 * The database says the turn waits, but the checkpoint has no such pause (it
 * was lost: another graph config, a wiped checkpoint schema). Nothing can
 * resume it: cancel it, so the conversation is usable again.
 */
async function cancelIfLost(
  ctx: GatewayContext,
  channel: Channel,
  user: string,
  turnId: string,
): Promise<void> {
  const waiting = await ctx.prisma.turn
    .count({
      where: { id: turnId, conversationId: channel.conversationId, status: "awaiting_approval" },
    })
    .catch((error: unknown) => {
      throw toServerError(error, "reading the turn");
    });
  if (waiting === 0) return;
  const reason = "The paused state of this turn was lost; ask again.";
  await ctx.persistence.turns.cancelPaused({
    ownerId: user,
    conversationId: channel.conversationId,
    turnId,
    reason,
  });
  await emitStored(ctx, channel, { type: "turn.cancelled", turnId, reason });
  ctx.logger.warn({ conversationId: channel.conversationId, turnId }, "lost pause cancelled");
}

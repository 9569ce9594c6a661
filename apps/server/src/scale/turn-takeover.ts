import type { RunTurnInput } from "@kubemedic/agent";
import type { ApprovalDecision, EventFrame } from "@kubemedic/protocol";
import { emitStored } from "../gateway/conversation-target";
import type { GatewayContext } from "../gateway/gateway-context";
import { toServerError } from "../persistence/prisma-errors";
import type { EventLog } from "./event-log";
import type { ClaimedTurn } from "./turn-leases";

/** What a turn that cannot go on from its checkpoint ends with. */
const NOT_RESUMABLE =
  "The server running this turn stopped, and the turn could not be resumed: ask again.";

/** What a turn ends with when resuming it would run a change again. */
const CHANGE_IN_FLIGHT =
  "The server running this turn stopped while a change was being applied. It is not applied again: check the cluster, then ask again.";

/**
 * Resumes a turn whose replica died (its lease lapsed and this replica
 * claimed it). The events the dead replica sent are in the event log: they
 * are fed to a new unit of work (so the stored turn has everything the user
 * saw), the channel continues numbering above them, and the agent goes on
 * from the thread's last checkpoint — or, if the turn had just been approved
 * and the graph never got going, from the recorded decisions. A turn that
 * cannot go on (no checkpoint of it, the graph had finished) ends
 * `interrupted`, as before scale-out. Returns how it went on.
 */
export async function takeOverTurn(
  ctx: GatewayContext,
  log: EventLog,
  claimed: ClaimedTurn,
): Promise<"resumed" | "interrupted" | "ended" | "gone"> {
  const { id: turnId, conversationId } = claimed;
  const conversation = await ctx.prisma.conversation
    .findUnique({
      where: { id: conversationId },
      select: { ownerId: true, clusterContext: true, namespace: true, lastEventSeq: true },
    })
    .catch((error: unknown) => {
      throw toServerError(error, "reading a conversation");
    });
  if (conversation === null) return "gone";
  const rows = await log.after(conversationId, conversation.lastEventSeq);
  const channel = ctx.hub.ensure(conversationId, conversation.lastEventSeq);
  if (channel.run !== undefined) return "gone";
  channel.owner = conversation.ownerId;
  channel.target = {
    clusterContext: conversation.clusterContext,
    namespace: conversation.namespace,
  };
  const top = rows.at(-1)?.seq ?? 0;
  // Numbers continue above everything any client saw (every sent frame is logged).
  channel.seq = Math.max(channel.seq, top);
  channel.allocated = Math.max(channel.allocated, top);

  const unitOfWork = await ctx.persistence.turns.takeOver(conversationId, turnId);
  for (const row of rows) {
    const frame = JSON.parse(row.json) as EventFrame;
    await unitOfWork.record(frame);
    // The dead replica had stored the end but not the turn's status: that is the end.
    if (unitOfWork.state !== "open") {
      ctx.hub.persisted(channel, frame.seq);
      return "ended";
    }
  }
  const frames = rows.map((r) => JSON.parse(r.json) as EventFrame);
  const input = await continuation(ctx, conversationId, turnId, frames);
  const log_ = ctx.logger.child({ conversationId, turnId });
  if (typeof input === "string") {
    const frame = ctx.hub.frame(channel, {
      type: "turn.cancelled",
      turnId,
      reason: input,
      interrupted: true,
    });
    await unitOfWork.record(frame);
    ctx.hub.persisted(channel, frame.seq);
    ctx.hub.publish(channel, frame);
    ctx.metrics.turns.inc({ status: "interrupted" });
    log_.warn("a turn of a replica that stopped could not be resumed");
    return "interrupted";
  }
  log_.info({ replayed: rows.length }, "resuming a turn of a replica that stopped");
  ctx.runner.start(
    channel,
    {
      conversationId,
      turnId,
      user: conversation.ownerId,
      input,
      unitOfWork,
      clusterContext: conversation.clusterContext ?? undefined,
      namespace: conversation.namespace ?? undefined,
    },
    () => undefined,
  );
  return "resumed";
}

/**
 * How the agent goes on: from its checkpoint, from recorded decisions, or not
 * at all (the reason the turn ends with). A `tools` step that was running at
 * the death runs again: if the dead replica had started a change among its
 * calls (a mutating tool.started of one of them is logged), that change may
 * have been applied, so the turn is not resumed — a change never runs twice.
 */
async function continuation(
  ctx: GatewayContext,
  conversationId: string,
  turnId: string,
  logged: EventFrame[],
): Promise<RunTurnInput | string> {
  const pending = await ctx.agent.pendingApproval(conversationId);
  if (pending?.turnId === turnId) {
    // Decided (the turn is running again) but the graph never resumed.
    const rows = await ctx.prisma.approval.findMany({
      where: { turnId, decision: { not: null } },
      select: { toolCallId: true, decision: true, reason: true },
    });
    const decided = new Map(rows.map((r) => [r.toolCallId, r]));
    if (!pending.requests.every((r) => decided.has(r.toolCallId))) return NOT_RESUMABLE;
    const decisions: ApprovalDecision[] = pending.requests.map((r) => {
      const row = decided.get(r.toolCallId);
      return {
        toolCallId: r.toolCallId,
        decision: row?.decision === "approve" ? "approve" : "reject",
        ...(row?.reason == null ? {} : { reason: row.reason }),
      };
    });
    return { decisions };
  }
  const at = await ctx.agent.checkpointedNext(conversationId, turnId);
  if (at === null) return NOT_RESUMABLE;
  if (at.next.includes("tools")) {
    const rerun = new Set(at.toolCallIds);
    const changeStarted = logged.some(
      (f) =>
        f.event.type === "tool.started" &&
        f.event.classification === "mutating" &&
        rerun.has(f.event.toolCallId),
    );
    if (changeStarted) return CHANGE_IN_FLIGHT;
  }
  return { continue: true };
}

/** Ends a turn that could not be taken over `interrupted`, and tells whoever watches here. */
export async function interruptTurn(ctx: GatewayContext, claimed: ClaimedTurn): Promise<void> {
  const { count } = await ctx.prisma.turn.updateMany({
    where: { id: claimed.id, status: "running" },
    data: { status: "interrupted", finishedAt: new Date(), error: NOT_RESUMABLE },
  });
  if (count === 0) return;
  ctx.metrics.turns.inc({ status: "interrupted" });
  const channel = ctx.hub.get(claimed.conversationId);
  if (channel !== undefined) {
    await emitStored(ctx, channel, {
      type: "turn.cancelled",
      turnId: claimed.id,
      reason: NOT_RESUMABLE,
      interrupted: true,
    });
  }
}

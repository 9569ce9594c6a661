import type { ClientFrame, ServerFrameOf } from "@kubemedic/protocol";
import { checkClusterContext } from "../../cluster/check-context";
import type { Connection } from "../connection";
import type { GatewayContext } from "../gateway-context";
import { catchUp, readForReplay, replayFromLog } from "../../scale/replay-from-log";

type OpenFrame = Extract<ClientFrame, { type: "conversation.open" }>;

/**
 * Subscribes the connection to a conversation (creating it first when asked)
 * and answers with where it stands: turn statuses, the pending approval, and
 * the events after `lastEventId` — from the replay buffer, or `resync: true`
 * when the buffer cannot cover the gap. Everything after the database read
 * runs in one tick, so no live event can slip between the answer and the
 * subscription.
 */
export async function openConversation(
  ctx: GatewayContext,
  conn: Connection,
  frame: OpenFrame,
): Promise<void> {
  let id = frame.conversationId;
  if (id === undefined) {
    // As over REST: an unknown context is refused now, not by every turn later.
    checkClusterContext(ctx.clusters, frame.create?.clusterContext);
    const created = await ctx.persistence.conversations.create(conn.user, frame.create ?? {});
    id = created.id;
  }
  const state = await ctx.persistence.conversations.state(conn.user, id);
  const channel = ctx.hub.ensure(id, state.lastSeq);
  channel.owner = conn.user;
  channel.target = {
    clusterContext: state.conversation.clusterContext,
    namespace: state.conversation.namespace,
  };
  // Scale-out: the turn may run on another replica, or this one joined late:
  // the log has every frame sent (read now; merged in the same tick as subscribing).
  const logged =
    ctx.scale === undefined
      ? undefined
      : await readForReplay(ctx.scale.log, channel, state.lastSeq, frame.lastEventId);
  if (logged !== undefined) catchUp(ctx.hub, channel, logged);
  conn.watch(channel);
  const replay =
    logged === undefined
      ? ctx.hub.replay(channel, state.lastSeq, frame.lastEventId)
      : replayFromLog(channel, logged, state.lastSeq, frame.lastEventId);
  const answer: ServerFrameOf<"conversation.state"> = {
    type: "conversation.state",
    ...(frame.requestId === undefined ? {} : { requestId: frame.requestId }),
    conversation: state.conversation,
    turns: state.turns,
    missed: [],
    lastSeq: replay.lastSeq,
    resync: replay.resync,
    pendingApproval: state.pendingApproval,
  };
  // The missed frames are kept serialized: splice them into the empty array.
  const json = JSON.stringify(answer);
  const empty = '"missed":[]';
  const at = json.indexOf(empty);
  conn.sendRaw(
    replay.missed.length === 0 || at < 0
      ? json
      : `${json.slice(0, at)}"missed":[${replay.missed.join(",")}]${json.slice(at + empty.length)}`,
  );
}

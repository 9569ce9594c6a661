import {
  isFinalTurnStatus,
  type ConversationDetail,
  type EventFrame,
  type ServerFrame,
  type ServerFrameOf,
} from "@kubemedic/protocol";
import { applyEvent, settle } from "./applyEvent";
import { turnsFromDetail } from "./fromDetail";
import { mergeTurns } from "./mergeTurns";
import type {
  ConversationStream,
  OutboxMessage,
  StreamAction,
  StreamState,
  TurnView,
} from "./streamTypes";

/**
 * The pure reducer behind the stream store: REST snapshots (`hydrate`), server
 * frames and the user's own sends in, the conversation as shown out.
 *
 * Sequencing: every event frame carries its conversation's `seq` (1, 2, 3…).
 * A frame at or below `lastSeq` is a duplicate and dropped; one beyond
 * `lastSeq + 1` waits in `pending` until the gap fills (from a replay or a
 * re-fetch). A `conversation.state` with `resync`, or a numbering that went
 * backwards (a server that lost its buffer), marks the conversation `stale`:
 * the next REST snapshot replaces the base, whatever its `lastSeq`.
 */
export const initialStreamState: StreamState = { conversations: {} };

/**
 * Frames kept ahead of a gap before giving up and asking for a re-fetch.
 * @default 2_000
 */
export const MAX_PENDING_FRAMES = 2_000;

export function streamReducer(state: StreamState, action: StreamAction): StreamState {
  switch (action.type) {
    case "frame":
      return applyFrame(state, action.frame);
    case "hydrate":
      return update(state, action.detail.conversation.id, (c) => hydrate(c, action.detail));
    case "send":
      return update(state, action.conversationId, (c) => {
        const entry: OutboxMessage = {
          clientMessageId: action.clientMessageId,
          text: action.text,
          ...(action.about === undefined ? {} : { about: action.about }),
          createdAt: action.at,
          status: "sending",
          turnId: null,
          messageId: null,
          error: null,
        };
        const exists = c.outbox.some((m) => m.clientMessageId === action.clientMessageId);
        return {
          ...c,
          outbox: exists
            ? c.outbox.map((m) =>
                m.clientMessageId === action.clientMessageId
                  ? { ...m, status: "sending", error: null }
                  : m,
              )
            : [...c.outbox, entry],
        };
      });
    case "send.failed":
      return editOutbox(state, action.conversationId, action.clientMessageId, (m) => ({
        ...m,
        status: "failed",
        error: { code: action.code, message: action.message },
      }));
    case "outbox.discard":
      return update(state, action.conversationId, (c) => ({
        ...c,
        outbox: c.outbox.filter((m) => m.clientMessageId !== action.clientMessageId),
      }));
    case "forget": {
      if (!(action.conversationId in state.conversations)) return state;
      const { [action.conversationId]: _gone, ...rest } = state.conversations;
      return { conversations: rest };
    }
  }
}

function emptyConversation(id: string): ConversationStream {
  return { id, hydrated: false, lastSeq: 0, pending: [], stale: false, turns: [], outbox: [] };
}

function applyFrame(state: StreamState, frame: ServerFrame): StreamState {
  switch (frame.type) {
    case "event":
      return update(state, frame.conversationId, (c) => acceptFrames(c, [frame]));
    case "conversation.state":
      return update(state, frame.conversation.id, (c) => applyStateFrame(c, frame));
    case "ack":
      return editOutbox(state, frame.conversationId, frame.clientMessageId, (m) => ({
        ...m,
        status: "acked",
        turnId: frame.turnId,
        messageId: frame.messageId,
        error: null,
      }));
    case "error":
      // A `message.send` is sent with its clientMessageId as requestId (see sendMessage).
      if (frame.conversationId === undefined || frame.requestId === undefined) return state;
      return editOutbox(state, frame.conversationId, frame.requestId, (m) =>
        m.status === "acked"
          ? m
          : { ...m, status: "failed", error: { code: frame.code, message: frame.message } },
      );
    case "welcome":
    case "pong":
      return state;
  }
}

/** Merges frames into `pending`, then applies every frame that continues `lastSeq`. */
function acceptFrames(c: ConversationStream, frames: readonly EventFrame[]): ConversationStream {
  const bySeq = new Map(c.pending.map((f) => [f.seq, f]));
  let added = 0;
  for (const frame of frames) {
    if (frame.seq <= c.lastSeq || bySeq.has(frame.seq)) continue;
    bySeq.set(frame.seq, frame);
    added++;
  }
  if (added === 0) return c;
  let pending = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  if (c.stale) return capPending({ ...c, pending });

  let { turns, lastSeq } = c;
  let applied = 0;
  for (let frame = pending[0]; frame !== undefined; frame = pending[++applied]) {
    // Inside a folded run applied just before (live deltas that arrived ahead of the replay
    // that folded them): already in its text.
    if (frame.seq <= lastSeq) continue;
    if (frame.seq !== lastSeq + 1) break;
    turns = applyEvent(turns, frame.event, frame.at);
    // A replayed run of folded deltas stands for the numbers seq … throughSeq.
    lastSeq = frame.throughSeq ?? frame.seq;
  }
  pending = pending.slice(applied);
  if (applied === 0) return capPending({ ...c, pending });
  // An unbroken history from the first event is as good as a REST snapshot.
  const hydrated = c.hydrated || (c.lastSeq === 0 && applied > 0);
  return capPending(reconcileOutbox({ ...c, turns, lastSeq, pending, hydrated }));
}

function capPending(c: ConversationStream): ConversationStream {
  return c.pending.length > MAX_PENDING_FRAMES ? { ...c, pending: [], stale: true } : c;
}

function applyStateFrame(
  c: ConversationStream,
  frame: ServerFrameOf<"conversation.state">,
): ConversationStream {
  if (frame.resync || frame.lastSeq < c.lastSeq) {
    // The server cannot replay everything (restart, overflow) or renumbered: start over
    // from a REST snapshot, keeping only what it sent now.
    return { ...c, stale: true, pending: frame.missed.filter((f) => f.seq > 0) };
  }
  let next = acceptFrames(c, frame.missed);
  let turns = next.turns;
  let unknownTurn = false;
  for (const summary of frame.turns) {
    const index = turns.findIndex((t) => t.id === summary.id);
    if (index === -1) {
      unknownTurn = true;
      continue;
    }
    const turn = turns[index] as TurnView;
    if (turn.status === summary.status) continue;
    const updated: TurnView = {
      ...(isFinalTurnStatus(summary.status) ? settle(turn) : turn),
      status: summary.status,
      finishedAt: summary.finishedAt ?? turn.finishedAt,
      error:
        summary.error === null
          ? turn.error
          : (turn.error ?? { code: null, message: summary.error }),
    };
    turns = turns.slice();
    turns[index] = updated;
  }
  if (frame.pendingApproval !== null) {
    turns = applyEvent(
      turns,
      {
        type: "approval.requested",
        turnId: frame.pendingApproval.turnId,
        requests: frame.pendingApproval.requests,
      },
      new Date(0).toISOString(),
    );
  }
  next = { ...next, turns };
  // Events the server has that neither the replay nor the buffer brought: re-fetch.
  const missing = next.hydrated && next.pending.length === 0 && frame.lastSeq > next.lastSeq;
  if ((unknownTurn && next.hydrated) || missing) next = { ...next, stale: true };
  return next;
}

function hydrate(c: ConversationStream, detail: ConversationDetail): ConversationStream {
  if (!c.stale && detail.lastSeq < c.lastSeq) {
    // An older snapshot than what the stream already applied (a slow fetch): keep ours.
    return c.hydrated ? c : { ...c, hydrated: true };
  }
  const turns = mergeTurns(turnsFromDetail(detail), c.turns);
  const base: ConversationStream = {
    ...c,
    hydrated: true,
    stale: false,
    turns,
    lastSeq: detail.lastSeq,
    pending: [],
  };
  return acceptFrames(reconcileOutbox(base), c.pending);
}

/** Drops outbox entries whose message the server has echoed into a turn. */
function reconcileOutbox(c: ConversationStream): ConversationStream {
  if (c.outbox.length === 0) return c;
  const seenClientIds = new Set<string>();
  const seenMessageIds = new Set<string>();
  for (const turn of c.turns) {
    for (const item of turn.items) {
      if (item.kind !== "user") continue;
      seenMessageIds.add(item.messageId);
      if (item.clientMessageId !== undefined) seenClientIds.add(item.clientMessageId);
    }
  }
  const outbox = c.outbox.filter(
    (m) =>
      !seenClientIds.has(m.clientMessageId) &&
      !(m.messageId !== null && seenMessageIds.has(m.messageId)),
  );
  return outbox.length === c.outbox.length ? c : { ...c, outbox };
}

function update(
  state: StreamState,
  id: string,
  edit: (c: ConversationStream) => ConversationStream,
): StreamState {
  const current = state.conversations[id] ?? emptyConversation(id);
  const next = edit(current);
  if (next === current && id in state.conversations) return state;
  return { conversations: { ...state.conversations, [id]: next } };
}

function editOutbox(
  state: StreamState,
  conversationId: string,
  clientMessageId: string,
  edit: (m: OutboxMessage) => OutboxMessage,
): StreamState {
  const c = state.conversations[conversationId];
  if (c === undefined || !c.outbox.some((m) => m.clientMessageId === clientMessageId)) return state;
  const outbox = c.outbox.map((m) => (m.clientMessageId === clientMessageId ? edit(m) : m));
  return update(state, conversationId, () => reconcileOutbox({ ...c, outbox }));
}

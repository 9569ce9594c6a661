import type { ConversationStream, TurnView } from "./streamTypes";

/** Read-side helpers over the stream state, shared by hooks and the client. */

/** The `lastEventId` to resume from, or undefined before anything is known. */
export function resumePoint(c: ConversationStream | undefined): number | undefined {
  return c === undefined || (!c.hydrated && c.lastSeq === 0) ? undefined : c.lastSeq;
}

/** The turn that is still going (running or waiting for approval), if any. */
export function activeTurn(c: ConversationStream | undefined): TurnView | undefined {
  if (c === undefined) return undefined;
  for (let i = c.turns.length - 1; i >= 0; i--) {
    const turn = c.turns[i];
    if (turn?.status === "running" || turn?.status === "awaiting_approval") return turn;
  }
  return undefined;
}

/**
 * A turn is going on, or about to start (a message sent and not refused): a
 * report's "Run" waits, as the server takes one turn at a time.
 */
export function turnGoingOn(c: ConversationStream | undefined): boolean {
  return activeTurn(c) !== undefined || (c?.outbox.some((m) => m.status !== "failed") ?? false);
}

/** Frames wait behind a hole in the numbering that a replay should fill. */
export function hasGap(c: ConversationStream | undefined): boolean {
  return c !== undefined && !c.stale && c.hydrated && c.pending.length > 0;
}

/** The last user text of a turn, for "ask again" on an interrupted or failed turn. */
export function userTextOf(turn: TurnView): string | null {
  const item = turn.items.find((i) => i.kind === "user");
  return item?.kind === "user" ? item.text : null;
}

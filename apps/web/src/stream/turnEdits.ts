import type { TurnItem, TurnView } from "./streamTypes";

/** Immutable edits of the turn list, shared by the event reducer and hydration. */

export function emptyTurn(id: string): TurnView {
  return {
    id,
    status: "running",
    model: null,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    error: null,
    cancelReason: null,
    partial: false,
    usage: null,
    scope: null,
    summary: null,
    items: [],
  };
}

/**
 * Applies `edit` to the turn with `turnId`, appending a new running turn first
 * when the id is unknown (an event may arrive before its `turn.started`, e.g.
 * the gateway's `user.message`). Searches from the end: live events nearly
 * always touch the last turn.
 */
export function editTurn(
  turns: readonly TurnView[],
  turnId: string,
  edit: (turn: TurnView) => TurnView,
): TurnView[] {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i];
    if (turn?.id === turnId) {
      const next = edit(turn);
      if (next === turn) return turns as TurnView[];
      const copy = turns.slice();
      copy[i] = next;
      return copy;
    }
  }
  return [...turns, edit(emptyTurn(turnId))];
}

/**
 * Replaces the item with `key` by `update(item)`, or appends `create()` when
 * there is none. `update` may return the same object to leave the turn as is.
 */
export function upsertItem<T extends TurnItem>(
  turn: TurnView,
  key: string,
  create: () => T | null,
  update: (item: T) => T,
): TurnView {
  const index = turn.items.findIndex((item) => item.key === key);
  if (index === -1) {
    const created = create();
    return created === null ? turn : { ...turn, items: [...turn.items, created] };
  }
  const current = turn.items[index] as T;
  const next = update(current);
  if (next === current) return turn;
  const items = turn.items.slice();
  items[index] = next;
  return { ...turn, items };
}

export const itemKey = {
  user: (messageId: string) => `u:${messageId}`,
  assistant: (messageId: string) => `a:${messageId}`,
  tool: (toolCallId: string) => `t:${toolCallId}`,
  approval: (firstToolCallId: string) => `p:${firstToolCallId}`,
  /** One report per turn: live reports may lack the id the stored one has. */
  report: (turnId: string) => `r:${turnId}`,
  /** One plan per turn (its versions replace each other). */
  plan: (turnId: string) => `plan:${turnId}`,
  verification: (verificationId: string) => `v:${verificationId}`,
  clarification: (messageId: string) => `c:${messageId}`,
};

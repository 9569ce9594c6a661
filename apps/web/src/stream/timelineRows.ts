import type { EarlierSummary } from "@kubemedic/protocol";
import type {
  ConversationStream,
  OutboxMessage,
  ToolItem,
  TurnItem,
  TurnView,
} from "./streamTypes";

/**
 * The chat as a flat list of rows for the virtualized list: each turn's items,
 * then a status row for the turn (running, waiting, failed, interrupted…),
 * then the messages not yet echoed by the server.
 */
export type TimelineRow =
  | {
      kind: "item";
      key: string;
      turnId: string;
      item: TurnItem;
      /** For a plan: the turn's tool calls, which the plan card nests under its steps. */
      tools?: ToolItem[];
      /**
       * For the answer just before a report: the card says it all, so the
       * message shows only its lead (the full text one click away).
       */
      lead?: boolean;
    }
  | { kind: "turn"; key: string; turn: TurnView }
  /** Before a turn that started from a new summary of the turns above it. */
  | { kind: "summary"; key: string; turnId: string; summary: EarlierSummary }
  | { kind: "outbox"; key: string; message: OutboxMessage };

const cache = new WeakMap<ConversationStream, TimelineRow[]>();

/** Rows of a conversation, computed once per state object. */
export function timelineRows(c: ConversationStream | undefined): TimelineRow[] {
  if (c === undefined) return EMPTY;
  const cached = cache.get(c);
  if (cached !== undefined) return cached;
  const rows: TimelineRow[] = [];
  for (const turn of c.turns) {
    // In a planned turn every tool call is a step's: the plan card shows them.
    const planned = turn.items.some((i) => i.kind === "plan");
    const tools = planned ? turn.items.filter((i): i is ToolItem => i.kind === "tool") : [];
    const lead = leadKey(turn);
    if (turn.summary !== null)
      rows.push({ kind: "summary", key: `sum:${turn.id}`, turnId: turn.id, summary: turn.summary });
    for (const item of turn.items) {
      // A message that only carried tool calls has no text to show.
      if (item.kind === "assistant" && item.text.trim() === "" && !item.streaming) continue;
      if (planned && item.kind === "tool") continue;
      rows.push({
        kind: "item",
        key: item.key,
        turnId: turn.id,
        item,
        ...(item.kind === "plan" ? { tools } : {}),
        ...(item.key === lead ? { lead: true } : {}),
      });
    }
    rows.push({ kind: "turn", key: `turn:${turn.id}`, turn });
  }
  for (const message of c.outbox) {
    rows.push({ kind: "outbox", key: `out:${message.clientMessageId}`, message });
  }
  cache.set(c, rows);
  return rows;
}

const EMPTY: TimelineRow[] = [];

/**
 * The key of the last finished answer before a turn's report, if the turn has one; while the
 * turn runs, the answer the server said a report may follow (so it is a lead from its first
 * delta and does not shrink when the card comes). A turn that ends without a report shows it whole.
 */
function leadKey(turn: TurnView): string | null {
  const at = turn.items.findIndex((i) => i.kind === "report");
  if (at < 0) {
    if (turn.status !== "running") return null;
    const last = turn.items.at(-1);
    return last?.kind === "assistant" && last.reportMayFollow === true ? last.key : null;
  }
  for (let i = at - 1; i >= 0; i--) {
    const item = turn.items[i];
    if (item?.kind === "assistant" && !item.streaming && item.text.trim() !== "") return item.key;
  }
  return null;
}

/**
 * PostgreSQL's NOTIFY payloads are at most 8,000 bytes. Ours stay below this,
 * leaving room for the replica line. @default 7_800
 */
export const MAX_PAYLOAD_BYTES = 7_800;

/** The channel every replica listens on. */
export const EVENTS_CHANNEL = "kubemedic_events";

/** What one notification carries, in order. */
export type NotifyItem =
  /** A frame small enough to travel in the notification. */
  | { kind: "frame"; conversationId: string; seq: number; json: string }
  /** A frame too big for it: read it from the event log (never truncated). */
  | { kind: "ref"; conversationId: string; seq: number }
  /** Ask the replica running the turn to stop it (turn.cancel on another replica). */
  | { kind: "stop"; conversationId: string; turnId: string };

export interface NotifyMessage {
  /** The replica that sent it: it ignores its own. */
  replica: string;
  items: NotifyItem[];
}

/*
 * Line format, so a replica routes a frame by its first two words without
 * parsing the JSON (it parses only frames of conversations it watches):
 *   v1 <replica>
 *   E <conversationId> <seq> <frame json>     (JSON.stringify escapes newlines)
 *   R <conversationId> <seq>
 *   S <conversationId> <turnId>
 * Ids are UUIDs or similar tokens without spaces; the gateway validates them.
 */

function line(item: NotifyItem): string {
  switch (item.kind) {
    case "frame":
      return `E ${item.conversationId} ${item.seq} ${item.json}`;
    case "ref":
      return `R ${item.conversationId} ${item.seq}`;
    case "stop":
      return `S ${item.conversationId} ${item.turnId}`;
  }
}

/**
 * Packs items into as few payloads as fit, in order; a frame whose line alone
 * would not fit becomes a reference to its event log row.
 */
export function encodeNotifications(replica: string, items: NotifyItem[]): string[] {
  const head = `v1 ${replica}`;
  const budget = MAX_PAYLOAD_BYTES - Buffer.byteLength(head) - 1;
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const item of items) {
    let text = line(item);
    let bytes = Buffer.byteLength(text) + 1;
    if (bytes > budget && item.kind === "frame") {
      text = line({ kind: "ref", conversationId: item.conversationId, seq: item.seq });
      bytes = Buffer.byteLength(text) + 1;
    }
    if (size + bytes > budget && current.length > 0) {
      payloads.push([head, ...current].join("\n"));
      current = [];
      size = 0;
    }
    current.push(text);
    size += bytes;
  }
  if (current.length > 0) payloads.push([head, ...current].join("\n"));
  return payloads;
}

/** The items of a payload; a malformed line is skipped (undefined for a foreign payload). */
export function decodeNotification(payload: string): NotifyMessage | undefined {
  const lines = payload.split("\n");
  const head = lines[0]?.split(" ");
  if (head?.length !== 2 || head[0] !== "v1" || head[1] === undefined) return undefined;
  const items: NotifyItem[] = [];
  for (const text of lines.slice(1)) {
    const a = text.indexOf(" ");
    const b = a < 0 ? -1 : text.indexOf(" ", a + 1);
    if (a < 0 || b < 0) continue;
    const kind = text.slice(0, a);
    const conversationId = text.slice(a + 1, b);
    if (kind === "S") {
      items.push({ kind: "stop", conversationId, turnId: text.slice(b + 1) });
      continue;
    }
    const c = kind === "E" ? text.indexOf(" ", b + 1) : text.length;
    const seq = Number(text.slice(b + 1, c < 0 ? text.length : c));
    if (!Number.isSafeInteger(seq) || seq < 1) continue;
    if (kind === "R") items.push({ kind: "ref", conversationId, seq });
    else if (kind === "E" && c > 0) {
      items.push({ kind: "frame", conversationId, seq, json: text.slice(c + 1) });
    }
  }
  return { replica: head[1], items };
}

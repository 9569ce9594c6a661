import type { Channel, ConversationHub, Replay } from "../gateway/conversation-hub";
import type { EventLog, LogRow } from "./event-log";

/** A client further behind than this is told to reload over REST. @default 5_000 */
const MAX_REPLAY = 5_000;

/**
 * Reads what a reconnecting client may need from the event log (scale-out:
 * the turn may run on another replica, or this one may have joined late).
 * Resolve it with `replayFromLog` in the same tick as subscribing.
 */
export async function readForReplay(
  log: EventLog,
  channel: Channel,
  storedSeq: number,
  lastEventId: number | undefined,
): Promise<LogRow[]> {
  const from = Math.min(lastEventId ?? storedSeq, storedSeq);
  if (storedSeq - from > MAX_REPLAY) return [];
  return log.after(channel.conversationId, from, MAX_REPLAY);
}

/**
 * Brings the channel up to date with the log rows (a frame this replica had
 * not sent yet — it joined late, or its notification is on the way — is sent
 * to the sockets already watching, exactly once: a notification arriving
 * after is ignored), to be called right before the new socket subscribes.
 * Rows above what this replica sent while it is logging frames of its own
 * are those frames: they go out live.
 */
export function catchUp(hub: ConversationHub, channel: Channel, rows: LogRow[]): void {
  if (channel.pendingLocal > 0) return;
  for (const row of rows) {
    if (row.seq > channel.seq) hub.receive(channel.conversationId, row.seq, row.json);
  }
}

/**
 * The events after `lastEventId`: from the channel's buffer where it reaches
 * (its deltas folded, as the in-process path sends them), from the log rows
 * before that. Call after `catchUp` and the subscription, in the same tick.
 *
 * Every frame sent after the stored lastSeq is in the log, so a client at or
 * past the stored lastSeq is always covered; one behind it only when the log
 * or the buffer still reaches back to its next event.
 */
export function replayFromLog(
  channel: Channel,
  rows: LogRow[],
  storedSeq: number,
  lastEventId: number | undefined,
): Replay {
  const lastSeq = channel.seq;
  const usable = rows.filter((r) => r.seq <= lastSeq);
  const buffered = channel.replay.firstSeq ?? Number.POSITIVE_INFINITY;
  const earliest = Math.min(usable[0]?.seq ?? Number.POSITIVE_INFINITY, buffered);
  const from = lastEventId ?? storedSeq;
  const after = (seq: number): string[] => [
    ...usable.filter((r) => r.seq > seq && r.seq < buffered).map((r) => r.json),
    ...(buffered === Number.POSITIVE_INFINITY ? [] : channel.replay.after(seq)),
  ];
  if (from === lastSeq) return { missed: [], lastSeq, resync: false };
  const covered = from < lastSeq && (from >= storedSeq || earliest <= from + 1);
  if (covered) return { missed: after(from), lastSeq, resync: false };
  return { missed: after(storedSeq), lastSeq, resync: true };
}

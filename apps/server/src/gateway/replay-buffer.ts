import type { EventFrame } from "@kubemedic/protocol";

/*
 * Bounds for what ended segments leave behind. Those events are stored, so
 * the buffer only spares a client that blinked a REST reload; what it costs
 * is memory for every open conversation (at 1,000 busy conversations the old
 * 1,000 events / 512 KiB held ~200 MB of frames). A running segment is kept
 * whole whatever these say.
 */
/** @default 300 events */
export const REPLAY_MAX_EVENTS = 300;
/** @default 128 KiB of serialized frames */
const REPLAY_MAX_BYTES = 128 * 1024;

/**
 * Extra bytes counted for a folded run besides its text (ids, timestamps):
 * about what one serialized delta frame costs without its text. @default 200
 */
const RUN_OVERHEAD = 200;

/** Events that end (or pause) a turn's segment: everything before them is stored. */
const SEGMENT_END = new Set([
  "turn.completed",
  "turn.failed",
  "turn.cancelled",
  "approval.requested",
]);

/** Consecutive `assistant.delta` events of one message, folded into one. */
interface DeltaRun {
  conversationId: string;
  turnId: string;
  messageId: string;
  /** The time of the last delta folded in. */
  at: string;
  text: string;
  /** The length of each delta, in order: a client that saw part of the run gets the rest. */
  lengths: number[];
  /** The message's `assistant.message` arrived: it replaces the deltas, the text is dropped. */
  superseded: boolean;
}

/** One event as sent (`json`), or a run of deltas standing for `seq` … `last`. */
interface Entry {
  seq: number;
  last: number;
  json: string | undefined;
  run: DeltaRun | undefined;
  /** Set on a plain `assistant.delta` entry, so a fold knows it without parsing. */
  deltaOf: string | undefined;
}

/**
 * The last events of one conversation, for clients that reconnect with
 * `lastEventId`, kept as the JSON the hub already sent (a string is a fraction
 * of the parsed object's size, and a replay is spliced into the answer without
 * serializing again). Bounded by count and size, in two tiers:
 *
 * - events of segments that have ended are in the database (their last event
 *   is published only once committed): they go first, oldest first, and a
 *   client asking for them is told to resync over REST;
 * - the running segment is nowhere else, so its events are all kept: past the
 *   bounds, its `assistant.delta` events fold into one per run of a message
 *   (a frame with `throughSeq`), and a message's deltas lose their text once
 *   its `assistant.message` replaces them. A client reconnecting mid-turn
 *   rebuilds the turn exactly, from any point. The bounds are soft for that
 *   segment: it holds what the turn's unit of work holds anyway.
 */
export class ReplayBuffer {
  private entries: Entry[] = [];
  private head = 0;
  private bytes = 0;
  /** The seq where the segment running now began; undefined between segments. */
  private openFrom: number | undefined;
  /** Deltas of the running segment fold as they arrive (it went past the bounds). */
  private folding = false;
  /** Entries before this index are folded already. */
  private foldedTo = 0;
  /** Messages of the running segment whose assistant.message arrived. */
  private complete = new Set<string>();

  constructor(
    private readonly maxEvents = REPLAY_MAX_EVENTS,
    private readonly maxBytes = REPLAY_MAX_BYTES,
  ) {}

  push(frame: EventFrame, json: string): void {
    const { event } = frame;
    if (SEGMENT_END.has(event.type)) {
      this.openFrom = undefined;
      this.folding = false;
      this.complete.clear();
    } else {
      this.openFrom ??= frame.seq;
    }
    if (event.type === "assistant.message") this.supersede(event.messageId);
    if (event.type === "assistant.delta" && this.folding) {
      this.foldIn(frame, event.turnId, event.messageId, event.delta);
    } else {
      this.entries.push({
        seq: frame.seq,
        last: frame.seq,
        json,
        run: undefined,
        deltaOf: event.type === "assistant.delta" ? event.messageId : undefined,
      });
      this.bytes += json.length;
    }
    this.trim();
  }

  /** The seq of the oldest event kept, or undefined when empty. */
  get firstSeq(): number | undefined {
    return this.entries[this.head]?.seq;
  }

  /** Entries kept (a folded run counts once). */
  get size(): number {
    return this.entries.length - this.head;
  }

  /**
   * The serialized event frames with seq > `after`, oldest first. A run the
   * client saw part of is cut to the rest: it starts at `after + 1`.
   */
  after(after: number): string[] {
    const out: string[] = [];
    for (let i = this.head; i < this.entries.length; i++) {
      const entry = this.entries[i];
      if (entry === undefined || entry.last <= after) continue;
      if (entry.json !== undefined) out.push(entry.json);
      else if (entry.run !== undefined)
        out.push(runJson(entry, entry.run, Math.max(entry.seq, after + 1)));
    }
    return out;
  }

  private over(): boolean {
    return this.size > this.maxEvents || this.bytes > this.maxBytes;
  }

  private trim(): void {
    // Stored events go first, oldest first (the newest is always kept).
    while (this.size > 1 && this.over()) {
      const first = this.entries[this.head] as Entry;
      if (this.openFrom !== undefined && first.last >= this.openFrom) break;
      this.bytes -= entryBytes(first);
      this.entries[this.head] = undefined as unknown as Entry;
      this.head++;
    }
    if (this.over() && this.openFrom !== undefined) this.fold();
    // Compact now and then instead of shifting on every drop.
    if (this.head > 256 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.foldedTo = Math.max(0, this.foldedTo - this.head);
      this.head = 0;
    }
  }

  /** Folds the running segment's plain deltas into runs; from now on new deltas fold as they come. */
  private fold(): void {
    this.folding = true;
    // Only what came since the last fold is looked at: this runs on every push past the bounds.
    const rest = this.entries.splice(Math.max(this.head, this.foldedTo));
    for (const entry of rest) {
      if (entry.deltaOf === undefined || entry.json === undefined) {
        this.entries.push(entry);
        continue;
      }
      const frame = JSON.parse(entry.json) as EventFrame;
      const event = frame.event as Extract<EventFrame["event"], { type: "assistant.delta" }>;
      this.bytes -= entry.json.length;
      this.foldIn(frame, event.turnId, event.messageId, event.delta);
    }
    this.foldedTo = this.entries.length;
  }

  private foldIn(frame: EventFrame, turnId: string, messageId: string, delta: string): void {
    const tail = this.entries[this.entries.length - 1];
    if (
      tail?.run !== undefined &&
      tail.run.messageId === messageId &&
      tail.last + 1 === frame.seq
    ) {
      this.extend(tail, frame.seq, frame.at, delta);
    } else {
      this.entries.push(this.newRun(frame, turnId, messageId, delta));
    }
    this.foldedTo = this.entries.length;
  }

  private newRun(frame: EventFrame, turnId: string, messageId: string, delta: string): Entry {
    const run: DeltaRun = {
      conversationId: frame.conversationId,
      turnId,
      messageId,
      at: frame.at,
      text: "",
      lengths: [],
      superseded: this.complete.has(messageId),
    };
    const entry: Entry = {
      seq: frame.seq,
      last: frame.seq - 1,
      json: undefined,
      run,
      deltaOf: undefined,
    };
    this.bytes += RUN_OVERHEAD;
    this.extend(entry, frame.seq, frame.at, delta);
    return entry;
  }

  private extend(entry: Entry, seq: number, at: string, delta: string): void {
    const run = entry.run as DeltaRun;
    entry.last = seq;
    run.at = at;
    if (run.superseded) return;
    run.text += delta;
    run.lengths.push(delta.length);
    this.bytes += delta.length;
  }

  /** The message is complete: its folded deltas need no text (the message replaces them). */
  private supersede(messageId: string): void {
    this.complete.add(messageId);
    if (!this.folding) return;
    for (let i = this.entries.length - 1; i >= this.head; i--) {
      const run = this.entries[i]?.run;
      if (run === undefined || run.messageId !== messageId || run.superseded) continue;
      this.bytes -= run.text.length;
      run.text = "";
      run.lengths = [];
      run.superseded = true;
    }
  }
}

function entryBytes(entry: Entry): number {
  return entry.json?.length ?? RUN_OVERHEAD + (entry.run?.text.length ?? 0);
}

/** A run as one delta frame from `seq` on (the client saw the deltas before it). */
function runJson(entry: Entry, run: DeltaRun, seq: number): string {
  let skip = 0;
  for (let i = 0; i < seq - entry.seq; i++) skip += run.lengths[i] ?? 0;
  const frame: EventFrame = {
    type: "event",
    conversationId: run.conversationId,
    seq,
    ...(entry.last > seq ? { throughSeq: entry.last } : {}),
    at: run.at,
    event: {
      type: "assistant.delta",
      turnId: run.turnId,
      messageId: run.messageId,
      delta: run.superseded ? "" : run.text.slice(skip),
    },
  };
  return JSON.stringify(frame);
}

/** @default 1_000 events */
export const REPLAY_MAX_EVENTS = 1_000;
/** @default 512 KiB of serialized frames */
export const REPLAY_MAX_BYTES = 512 * 1024;

/**
 * The last events of one conversation, for clients that reconnect with
 * `lastEventId`, kept as the JSON the hub already sent (a string is a fraction
 * of the parsed object's size, and a replay is spliced into the answer without
 * serializing again). Bounded by count and size; what falls out is in the
 * database once its turn committed, so a client asking for it is told to
 * resync over REST.
 */
export class ReplayBuffer {
  private frames: { seq: number; json: string }[] = [];
  private head = 0;
  private bytes = 0;

  constructor(
    private readonly maxEvents = REPLAY_MAX_EVENTS,
    private readonly maxBytes = REPLAY_MAX_BYTES,
  ) {}

  push(seq: number, json: string): void {
    this.frames.push({ seq, json });
    this.bytes += json.length;
    while (
      this.frames.length - this.head > 1 &&
      (this.frames.length - this.head > this.maxEvents || this.bytes > this.maxBytes)
    ) {
      this.bytes -= this.frames[this.head]?.json.length ?? 0;
      this.head++;
    }
    // Compact now and then instead of shifting on every push.
    if (this.head > 256 && this.head * 2 > this.frames.length) {
      this.frames = this.frames.slice(this.head);
      this.head = 0;
    }
  }

  /** The seq of the oldest event kept, or undefined when empty. */
  get firstSeq(): number | undefined {
    return this.frames[this.head]?.seq;
  }

  get size(): number {
    return this.frames.length - this.head;
  }

  /** The serialized event frames with seq > `after`, oldest first. */
  after(after: number): string[] {
    const out: string[] = [];
    for (let i = this.head; i < this.frames.length; i++) {
      const entry = this.frames[i];
      if (entry !== undefined && entry.seq > after) out.push(entry.json);
    }
    return out;
  }

  clear(): void {
    this.frames = [];
    this.head = 0;
    this.bytes = 0;
  }
}

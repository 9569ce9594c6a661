import type { ConversationEvent, EventFrame } from "@kubemedic/protocol";
import type { GatewayMetrics } from "../metrics/gateway-metrics";
import { ReplayBuffer } from "./replay-buffer";
import type { TurnRun } from "./turn-run";

/** What the hub sends to: one WebSocket connection. */
export interface Subscriber {
  readonly id: string;
  /** Sends an already serialized frame. */
  sendRaw(json: string): void;
  /** The conversation was deleted: stop watching it. */
  forgotten(conversationId: string): void;
}

/** Idle conversations (no subscriber, no turn) kept for replay before the oldest is dropped. @default 2_000 */
const MAX_IDLE_CHANNELS = 2_000;

/** The live side of one conversation. */
export class Channel {
  /** The last sequence number published. */
  seq: number;
  /** The last sequence number handed out (published or about to be). */
  allocated: number;
  /** The highest seq known to be stored in the database (Conversation.lastEventSeq). */
  persistedSeq: number;
  /**
   * Numbers up to here are reserved in the database (Conversation.eventSeqReserved)
   * and may be handed out without asking; beyond, `ConversationHub.room` asks first.
   */
  reservedSeq: number;
  readonly subscribers = new Set<Subscriber>();
  readonly replay = new ReplayBuffer();
  /** The turn running in this conversation in this process, if any. */
  run: TurnRun | undefined;
  /** Messages and decisions being stored right now, before their turn runs. */
  starting = 0;
  /** The conversation's cluster context and namespace, for its turns. */
  target: { clusterContext: string | null; namespace: string | null } | undefined;
  /** Its owner, once read from the database (a conversation never changes owner). */
  owner: string | undefined;
  /** Scale-out: frames of this replica being logged, not yet sent (they go out in order). */
  pendingLocal = 0;
  /** Scale-out: who waits for a turn's segment to end (a cancel sent to another replica). */
  readonly endWaiters = new Map<string, (eventType: string) => void>();

  constructor(
    readonly conversationId: string,
    storedSeq: number,
  ) {
    this.seq = storedSeq;
    this.allocated = storedSeq;
    this.persistedSeq = storedSeq;
    this.reservedSeq = storedSeq;
  }

  /** Nothing depends on it staying in memory: no subscriber, no turn, every event stored. */
  get idle(): boolean {
    return (
      this.subscribers.size === 0 &&
      this.run === undefined &&
      this.starting === 0 &&
      this.pendingLocal === 0 &&
      this.allocated <= this.persistedSeq
    );
  }
}

/** Where a reconnecting client stands: what it missed, and whether that is all of it. */
export interface Replay {
  /** The missed event frames, serialized (as they were sent). */
  missed: string[];
  lastSeq: number;
  /** True when the client must reload the conversation over REST before applying `missed`. */
  resync: boolean;
}

/**
 * Reserves the numbers after `floor` in the database; resolves to the end of
 * the reservation (TurnRepository.reserveEventSeqs).
 */
export type SeqReserver = (conversationId: string, floor: number) => Promise<number>;

/**
 * After a reservation failed (the database is unreachable), numbers handed out
 * before asking again: the turn goes on rather than stall, as its commit will
 * fail and say so anyway. @default 100
 */
const UNRESERVED_RUN = 100;

/**
 * Scale-out: where frames are stored and announced to the other replicas
 * before any socket gets them (EventLog). Without one, frames go out at once.
 */
export interface FrameBus {
  append(frame: EventFrame, json: string): Promise<void>;
}

/**
 * How long a frame waits for the event log before it is sent anyway (the
 * database hangs; frames keep their order, each waiting as long). @default 2_000
 */
const LOG_WAIT_MS = 2_000;

const SEGMENT_END = new Set([
  "turn.completed",
  "turn.failed",
  "turn.cancelled",
  "approval.requested",
]);

/**
 * Numbers every event of a conversation (1, 2, 3… continuing from the stored
 * lastEventSeq after a restart), fans it out to every connection subscribed
 * to that conversation — each frame serialized once — and keeps the recent
 * ones for reconnecting clients. Conversations never share a channel, so
 * events cannot cross between them; a connection subscribes only after the
 * conversation was read with its owner's id.
 */
export class ConversationHub {
  private readonly channels = new Map<string, Channel>();
  /** Scale-out: frames being logged, not yet sent (see `drain`). */
  private readonly logging = new Set<Promise<void>>();

  constructor(
    private readonly metrics?: GatewayMetrics,
    /** Without one (unit tests) numbers are never reserved. */
    private readonly reserveSeqs?: SeqReserver,
    /** Scale-out only. */
    private readonly bus?: FrameBus,
  ) {}

  get(conversationId: string): Channel | undefined {
    return this.channels.get(conversationId);
  }

  /** The channel, created with the stored lastSeq; a known channel's counter never goes back. */
  ensure(conversationId: string, storedSeq: number): Channel {
    let channel = this.channels.get(conversationId);
    if (channel === undefined) {
      channel = new Channel(conversationId, storedSeq);
      this.channels.set(conversationId, channel);
      this.evictIdle();
    } else {
      channel.persistedSeq = Math.max(channel.persistedSeq, storedSeq);
      // Scale-out: `seq` is what this replica sent; frames below the stored
      // seq may still be on their way from another replica, and must not be
      // taken for sent (the log read of a reconnect brings what is missing).
      if (this.bus === undefined) channel.seq = Math.max(channel.seq, storedSeq);
      channel.allocated = Math.max(channel.allocated, storedSeq);
    }
    return channel;
  }

  subscribe(subscriber: Subscriber, channel: Channel): void {
    channel.subscribers.add(subscriber);
  }

  unsubscribe(subscriber: Subscriber, conversationId: string): void {
    this.channels.get(conversationId)?.subscribers.delete(subscriber);
  }

  /**
   * Undefined while the next number is reserved (the hot path: nothing to
   * await); otherwise a promise that reserves another block in the database
   * first. A turn awaits it before each event, so every number a client sees
   * is at or below the stored reservation and never repeats after a crash.
   */
  room(channel: Channel): Promise<void> | undefined {
    if (this.reserveSeqs === undefined || channel.allocated < channel.reservedSeq) return undefined;
    return this.reserveSeqs(channel.conversationId, channel.allocated).then(
      (upTo) => this.reserved(channel, upTo),
      () => this.reserved(channel, channel.allocated + UNRESERVED_RUN),
    );
  }

  /** Records a reservation made in the database (TurnRepository.begin, reserveEventSeqs). */
  reserved(channel: Channel, upTo: number): void {
    channel.reservedSeq = Math.max(channel.reservedSeq, upTo);
  }

  /** Numbers an event and publishes it at once. */
  emit(channel: Channel, event: ConversationEvent): EventFrame {
    const frame = this.frame(channel, event);
    this.publish(channel, frame);
    return frame;
  }

  /**
   * Takes the next sequence number without publishing, for an event that must
   * be stored before anyone sees it (a turn's last event: a client that saw
   * `turn.completed` finds it on reload). Publish it (or its replacement, same
   * seq) before emitting anything else on this conversation.
   */
  frame(channel: Channel, event: ConversationEvent): EventFrame {
    return {
      type: "event",
      conversationId: channel.conversationId,
      seq: ++channel.allocated,
      at: new Date().toISOString(),
      event,
    };
  }

  publish(channel: Channel, frame: EventFrame): void {
    const json = JSON.stringify(frame);
    if (this.bus === undefined) {
      this.deliver(channel, frame, json);
      return;
    }
    // Scale-out: stored and announced first, so what a socket saw is in the
    // database (a client resumes anywhere; a takeover finds it). Appends
    // complete in order, so frames still go out in order. If the log fails
    // (the database is gone) the frame is sent anyway: the turn's commit will
    // fail and say so.
    channel.pendingLocal++;
    let done = false;
    const sent = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      channel.pendingLocal--;
      this.deliver(channel, frame, json);
    };
    // A database that hangs must not stall the stream (the in-process path
    // would send at once): past the wait, the frame goes out unlogged.
    const timer = setTimeout(sent, LOG_WAIT_MS);
    const logged: Promise<void> = this.bus.append(frame, json).then(sent, sent);
    this.logging.add(logged);
    void logged.finally(() => this.logging.delete(logged));
  }

  /** Resolves once every frame published so far has been sent (shutdown waits for it). */
  async drain(): Promise<void> {
    while (this.logging.size > 0) await Promise.all([...this.logging]);
  }

  /**
   * A frame another replica published (LISTEN/NOTIFY). Ignored when this
   * replica already has it (a reconnect read it from the log) or does not
   * watch the conversation.
   */
  receive(conversationId: string, seq: number, json: string): void {
    const channel = this.channels.get(conversationId);
    if (channel === undefined || seq <= channel.seq) return;
    const frame = JSON.parse(json) as EventFrame;
    channel.allocated = Math.max(channel.allocated, seq);
    if (SEGMENT_END.has(frame.event.type)) this.persisted(channel, seq);
    this.deliver(channel, frame, json);
  }

  /**
   * Resolves with the type of the event that ends or pauses the turn's
   * running segment, when this replica sends it (or undefined after
   * `timeoutMs`).
   */
  segmentEnd(channel: Channel, turnId: string, timeoutMs: number): Promise<string | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        channel.endWaiters.delete(turnId);
        resolve(undefined);
      }, timeoutMs);
      channel.endWaiters.set(turnId, (type) => {
        clearTimeout(timer);
        channel.endWaiters.delete(turnId);
        resolve(type);
      });
    });
  }

  private deliver(channel: Channel, frame: EventFrame, json: string): void {
    if (channel.endWaiters.size > 0 && SEGMENT_END.has(frame.event.type)) {
      const turnId = (frame.event as { turnId?: string }).turnId;
      if (turnId !== undefined) channel.endWaiters.get(turnId)?.(frame.event.type);
    }
    channel.seq = Math.max(channel.seq, frame.seq);
    channel.replay.push(frame, json);
    for (const subscriber of channel.subscribers) subscriber.sendRaw(json);
    this.metrics?.eventsSent.inc();
  }

  /**
   * Records that the database holds every event up to `seq`. A commit also
   * releases its turn's unused reservation, so the next turn reserves anew.
   */
  persisted(channel: Channel, seq: number): void {
    channel.persistedSeq = Math.max(channel.persistedSeq, seq);
    channel.reservedSeq = Math.min(channel.reservedSeq, seq);
  }

  /**
   * The events after `lastEventId` (or after the stored lastSeq when the client
   * gives none: a client that just read the conversation over REST has exactly
   * that). When the buffer cannot cover the gap — a restart, an overflow, or a
   * client ahead of the server — `resync` is set and `missed` holds what the
   * buffer has after the stored lastSeq, to apply on top of a REST reload.
   */
  replay(channel: Channel, storedSeq: number, lastEventId: number | undefined): Replay {
    const from = lastEventId ?? storedSeq;
    const lastSeq = channel.seq;
    if (from === lastSeq) return { missed: [], lastSeq, resync: false };
    const first = channel.replay.firstSeq;
    const covered = from < lastSeq && first !== undefined && first <= from + 1;
    if (covered) return { missed: channel.replay.after(from), lastSeq, resync: false };
    return { missed: channel.replay.after(storedSeq), lastSeq, resync: true };
  }

  /** Removes a connection from every conversation. */
  drop(subscriber: Subscriber, conversationIds: Iterable<string>): void {
    for (const id of conversationIds) this.unsubscribe(subscriber, id);
    this.evictIdle();
  }

  /** Forgets a deleted conversation; its subscribers get nothing more. */
  forget(conversationId: string): Channel | undefined {
    const channel = this.channels.get(conversationId);
    this.channels.delete(conversationId);
    return channel;
  }

  get size(): number {
    return this.channels.size;
  }

  /** Every channel with a turn running, for shutdown. */
  running(): TurnRun[] {
    const runs: TurnRun[] = [];
    for (const channel of this.channels.values())
      if (channel.run !== undefined) runs.push(channel.run);
    return runs;
  }

  private evictIdle(): void {
    if (this.channels.size <= MAX_IDLE_CHANNELS) return;
    for (const [id, channel] of this.channels) {
      if (this.channels.size <= MAX_IDLE_CHANNELS) break;
      if (channel.idle) this.channels.delete(id);
    }
  }
}

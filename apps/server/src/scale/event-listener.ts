import pg from "pg";
import type { Logger } from "../logger";
import type { EventLog } from "./event-log";
import { decodeNotification, EVENTS_CHANNEL, type NotifyMessage } from "./notify-payload";

/** What the listener hands the other replicas' notifications to. */
export interface RemoteSink {
  /** Whether this replica watches the conversation (only then is a frame read or parsed). */
  watches(conversationId: string): boolean;
  /** A frame another replica published, serialized as sent. */
  frame(conversationId: string, seq: number, json: string): void;
  /** Another replica asks to stop a turn (runs only where it runs). */
  stop(conversationId: string, turnId: string): void;
}

/** Before connecting again after the listening connection broke. @default 1_000 */
const RECONNECT_MS = 1_000;

/**
 * The LISTEN side: one dedicated connection (a pooled one would be returned
 * and lose its LISTEN) that receives every replica's frames, in commit order.
 * Notifications are handled one after the other, so a frame referenced by the
 * log (too big for a notification) is read before the frames after it are
 * delivered: per conversation, order is kept.
 */
export class EventListener {
  private client: pg.Client | undefined;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly replica: string,
    private readonly log: EventLog,
    private readonly sink: RemoteSink,
    private readonly logger: Logger,
  ) {}

  /** Connects and listens; resolves once listening (the first time; reconnects are silent). */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (n) => {
      if (n.channel !== EVENTS_CHANNEL || n.payload === undefined) return;
      const message = decodeNotification(n.payload);
      if (message === undefined || message.replica === this.replica) return;
      this.chain = this.chain
        .then(() => this.handle(message))
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, "a notification could not be handled");
        });
    });
    client.on("error", (error) => {
      this.logger.warn({ err: error }, "the event listener's connection broke; reconnecting");
      this.reconnect(client);
    });
    client.on("end", () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.client = client;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await this.chain;
  }

  private reconnect(broken: pg.Client): void {
    if (this.closed || this.client !== broken) return;
    this.client = undefined;
    void broken.end().catch(() => undefined);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.closed) return;
      this.start().catch((error: unknown) => {
        this.logger.warn({ err: error }, "the event listener could not reconnect");
        this.client = broken;
        this.reconnect(broken);
      });
    }, RECONNECT_MS);
    this.timer.unref();
  }

  private async handle(message: NotifyMessage): Promise<void> {
    for (const item of message.items) {
      if (item.kind === "stop") {
        this.sink.stop(item.conversationId, item.turnId);
        continue;
      }
      if (!this.sink.watches(item.conversationId)) continue;
      if (item.kind === "frame") {
        this.sink.frame(item.conversationId, item.seq, item.json);
        continue;
      }
      const json = await this.log.frame(item.conversationId, item.seq);
      if (json === undefined) {
        this.logger.warn({ conversationId: item.conversationId, seq: item.seq }, "frame gone");
        continue;
      }
      this.sink.frame(item.conversationId, item.seq, json);
    }
  }
}

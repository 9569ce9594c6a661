import type { EventFrame } from "@kubemedic/protocol";
import type pg from "pg";
import type { Logger } from "../logger";
import { encodeNotifications, EVENTS_CHANNEL, type NotifyItem } from "./notify-payload";

/** Frames written in one statement at most; the rest go in the next. @default 1_000 */
const MAX_BATCH = 1_000;

/** The database's clock in UTC, as Prisma stores DateTime columns. */
export const NOW_UTC = `(now() AT TIME ZONE 'UTC')`;

interface Pending {
  frame: EventFrame;
  json: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A logged frame read back. */
export interface LogRow {
  seq: number;
  json: string;
}

/**
 * The event log of scale-out mode: every frame is stored (and announced to
 * the other replicas with NOTIFY, in the same statement) before any socket
 * gets it, so what a client saw is always in the database — a client resumes
 * on any replica, and a replica taking over a dead one's turn finds every
 * event it sent. Writes are group-committed: frames published while a write
 * is in flight go together in the next one (one round trip for many turns).
 */
export class EventLog {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly replica: string,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the frame is stored and announced; frames are written in the order given. */
  append(frame: EventFrame, json: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ frame, json, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Frames published in the same tick (a burst of deltas) share the write.
        setImmediate(() => void this.flush());
      }
    });
  }

  /** Asks the replica running a turn to stop it. */
  async requestStop(conversationId: string, turnId: string): Promise<void> {
    const [payload] = encodeNotifications(this.replica, [{ kind: "stop", conversationId, turnId }]);
    await this.pool.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, payload]);
  }

  /** The frames of a conversation after `seq`, in order (at most `limit`). */
  async after(conversationId: string, seq: number, limit = 5_000): Promise<LogRow[]> {
    const { rows } = await this.pool.query<LogRow>(
      `SELECT seq, frame AS json FROM "EventLog"
       WHERE "conversationId" = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [conversationId, seq, limit],
    );
    return rows;
  }

  /** One frame (a notification referenced it: too big to travel in one). */
  async frame(conversationId: string, seq: number): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ frame: string }>(
      `SELECT frame FROM "EventLog" WHERE "conversationId" = $1 AND seq = $2`,
      [conversationId, seq],
    );
    return rows[0]?.frame;
  }

  /**
   * Drops what nobody needs from the log any more: frames of committed
   * segments older than `keepMs` (the REST read has them), and frames of
   * deleted conversations. Returns how many rows went.
   */
  async prune(keepMs: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      `DELETE FROM "EventLog" e
       WHERE e."createdAt" < ${NOW_UTC} - make_interval(secs => $1::double precision / 1000)
         AND NOT EXISTS (SELECT 1 FROM "Conversation" c
                         WHERE c.id = e."conversationId" AND e.seq > c."lastEventSeq")`,
      [keepMs],
    );
    return rowCount ?? 0;
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.write(batch);
        for (const p of batch) p.resolve();
      } catch (error) {
        this.logger.error({ err: error, frames: batch.length }, "events not logged");
        for (const p of batch) p.reject(error);
      }
    }
    this.flushing = false;
  }

  private async write(batch: Pending[]): Promise<void> {
    const items: NotifyItem[] = batch.map((p) => ({
      kind: "frame",
      conversationId: p.frame.conversationId,
      seq: p.frame.seq,
      json: p.json,
    }));
    // The insert and the notifications in one statement: the other replicas
    // hear of the frames when they are committed, never before.
    await this.pool.query(
      `WITH logged AS (
         INSERT INTO "EventLog" ("conversationId", seq, "turnId", frame, "createdAt")
         SELECT c, s, t, f, ${NOW_UTC}
         FROM unnest($1::text[], $2::int[], $3::text[], $4::text[]) AS u(c, s, t, f)
         ON CONFLICT ("conversationId", seq) DO UPDATE SET frame = excluded.frame
       )
       SELECT pg_notify($5, p) FROM unnest($6::text[]) AS p`,
      [
        batch.map((p) => p.frame.conversationId),
        batch.map((p) => p.frame.seq),
        batch.map((p) => turnIdOf(p.frame)),
        batch.map((p) => p.json),
        EVENTS_CHANNEL,
        encodeNotifications(this.replica, items),
      ],
    );
  }
}

function turnIdOf(frame: EventFrame): string | null {
  const event = frame.event as { turnId?: unknown };
  return typeof event.turnId === "string" ? event.turnId : null;
}

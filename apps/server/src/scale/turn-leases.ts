import type pg from "pg";
import { NOW_UTC } from "./event-log";

/** A running turn whose lease this replica just took. */
export interface ClaimedTurn {
  id: string;
  conversationId: string;
}

const LEASE_END = `${NOW_UTC} + make_interval(secs => $2::double precision / 1000)`;

/**
 * The leases of running turns (Turn.leaseOwner, Turn.leaseUntil), on the
 * database's clock so replicas' clocks never matter. The replica running a
 * turn renews its lease; once a lease lapsed (the replica died or hung),
 * any replica may claim the turn — `FOR UPDATE SKIP LOCKED`, so exactly one
 * does — and resume it.
 */
export class TurnLeases {
  constructor(
    private readonly pool: pg.Pool,
    readonly owner: string,
    readonly ms: number,
  ) {}

  /** Extends this replica's leases; returns the ids still held (one not returned was taken over). */
  async renew(turnIds: string[]): Promise<Set<string>> {
    if (turnIds.length === 0) return new Set();
    const { rows } = await this.pool.query<{ id: string }>(
      `UPDATE "Turn" SET "leaseUntil" = ${LEASE_END}
       WHERE id = ANY($3::text[]) AND "leaseOwner" = $1 AND status = 'running'
       RETURNING id`,
      [this.owner, this.ms, turnIds],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Ends this replica's leases now (a graceful stop): another replica resumes the turns at once. */
  async release(turnIds: string[]): Promise<void> {
    if (turnIds.length === 0) return;
    await this.pool.query(
      `UPDATE "Turn" SET "leaseUntil" = ${NOW_UTC} - interval '1 millisecond'
       WHERE id = ANY($2::text[]) AND "leaseOwner" = $1 AND status = 'running'`,
      [this.owner, turnIds],
    );
  }

  /** Takes up to `max` running turns whose lease lapsed. */
  async claimExpired(max: number): Promise<ClaimedTurn[]> {
    const { rows } = await this.pool.query<ClaimedTurn>(
      `UPDATE "Turn" t SET "leaseOwner" = $1, "leaseUntil" = ${LEASE_END}
       WHERE t.id IN (
         SELECT id FROM "Turn"
         WHERE status = 'running' AND "leaseUntil" < ${NOW_UTC}
         ORDER BY "leaseUntil" LIMIT $3
         FOR UPDATE SKIP LOCKED)
       RETURNING t.id, t."conversationId"`,
      [this.owner, this.ms, max],
    );
    return rows;
  }

  /** The replica holding a running turn of the conversation, if another one does. */
  async runningElsewhere(
    conversationId: string,
    turnId: string | undefined,
  ): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM "Turn"
       WHERE "conversationId" = $1 AND status = 'running' AND "leaseOwner" IS DISTINCT FROM $2
         AND ($3::text IS NULL OR id = $3)
       LIMIT 1`,
      [conversationId, this.owner, turnId ?? null],
    );
    return rows[0]?.id;
  }
}

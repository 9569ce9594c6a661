import { createHash, createHmac, randomBytes } from "node:crypto";
import type { PrismaClient } from "../db/prisma";
import { toServerError } from "../persistence/prisma-errors";

/** A session as the gateway knows it: its id (the secret's hash) and whom it signs in. */
export interface SessionRecord {
  id: string;
  userId: string;
}

export interface SessionStoreOptions {
  /** The login token: sessions remember which token created them. */
  token: string;
  /** How long a session lasts from sign-in. @default 30 days */
  maxAgeMs?: number;
  /**
   * How long a looked-up session is trusted without asking the database again.
   * Bounds how late another replica notices a sign-out. @default 5_000
   */
  cacheMs?: number;
  /** @default Date.now */
  now?: () => number;
}

/** @default 30 days */
const DEFAULT_SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;
/** Sessions cached at once; beyond, the oldest entries go. @default 10_000 */
const CACHE_ENTRIES = 10_000;

/**
 * Server-side sessions, in the database (table `Session`): signing in stores
 * one and gives the browser its secret; every request looks the secret up
 * (its SHA-256 is the row's id, so the table alone signs nobody in); signing
 * out deletes the row. A session expires a fixed time after sign-in, and a
 * new login token ends every session the old one made (`tokenTag`). Nothing
 * lives only in this process: another replica on the same database accepts
 * and revokes the same sessions. Lookups are cached for `cacheMs` (5 s), so a
 * sign-out on another replica takes effect there within that time.
 */
export class SessionStore {
  private readonly tag: string;
  private readonly maxAgeMs: number;
  private readonly cacheMs: number;
  private readonly now: () => number;
  private readonly cache = new Map<string, { record: SessionRecord | null; until: number }>();

  constructor(
    private readonly prisma: PrismaClient,
    options: SessionStoreOptions,
  ) {
    this.tag = createHmac("sha256", options.token)
      .update("kubemedic-session-tag:v1")
      .digest("base64url")
      .slice(0, 16);
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_SESSION_MAX_AGE_MS;
    this.cacheMs = options.cacheMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /** Seconds a new session's cookie should live. */
  get maxAgeSeconds(): number {
    return Math.floor(this.maxAgeMs / 1000);
  }

  /** Stores a new session for `userId`; returns the secret for the cookie. */
  async create(userId: string): Promise<{ secret: string; record: SessionRecord }> {
    const secret = randomBytes(32).toString("base64url");
    const id = sessionId(secret);
    const now = new Date(this.now());
    const expiresAt = new Date(now.getTime() + this.maxAgeMs);
    try {
      // Expired sessions go on the way (rare: at each sign-in), so the table stays small.
      await this.prisma.$transaction([
        this.prisma.$executeRaw`DELETE FROM "Session" WHERE "expiresAt" < ${now}`,
        this.prisma.$executeRaw`
          INSERT INTO "Session" (id, "userId", "tokenTag", "createdAt", "expiresAt")
          VALUES (${id}, ${userId}, ${this.tag}, ${now}, ${expiresAt})`,
      ]);
    } catch (error) {
      throw toServerError(error, "signing in");
    }
    const record = { id, userId };
    this.remember(id, record);
    return { secret, record };
  }

  /** The live session of a cookie's secret, or null (unknown, expired, revoked, another token's). */
  async lookup(secret: string): Promise<SessionRecord | null> {
    if (!/^[\w-]{20,100}$/.test(secret)) return null;
    const id = sessionId(secret);
    const cached = this.cache.get(id);
    if (cached !== undefined && cached.until > this.now()) return cached.record;
    let rows: { userId: string }[];
    try {
      rows = await this.prisma.$queryRaw<{ userId: string }[]>`
        SELECT "userId" FROM "Session"
        WHERE id = ${id} AND "tokenTag" = ${this.tag} AND "expiresAt" > ${new Date(this.now())}`;
    } catch (error) {
      throw toServerError(error, "checking the session");
    }
    const record = rows[0] === undefined ? null : { id, userId: rows[0].userId };
    this.remember(id, record);
    return record;
  }

  /** Ends the session of a cookie's secret (nothing when there is none); returns its id. */
  async revoke(secret: string): Promise<string> {
    const id = sessionId(secret);
    this.remember(id, null);
    try {
      await this.prisma.$executeRaw`DELETE FROM "Session" WHERE id = ${id}`;
    } catch (error) {
      throw toServerError(error, "signing out");
    }
    return id;
  }

  /**
   * Of the given session ids, those still live (one query): the gateway asks
   * at each heartbeat, so a socket outlives neither its session's expiry nor a
   * sign-out on another replica.
   */
  async live(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Session"
      WHERE id = ANY(${[...ids]}::text[]) AND "tokenTag" = ${this.tag}
        AND "expiresAt" > ${new Date(this.now())}`;
    return new Set(rows.map((r) => r.id));
  }

  private remember(id: string, record: SessionRecord | null): void {
    this.cache.delete(id);
    this.cache.set(id, { record, until: this.now() + this.cacheMs });
    if (this.cache.size > CACHE_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}

/** A session's id: the SHA-256 of its secret. */
export function sessionId(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

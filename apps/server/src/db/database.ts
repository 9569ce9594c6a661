import pg from "pg";
import { ServerError } from "../errors";
import type { Logger } from "../logger";
import { connectionError, describeUrl } from "./connection-error";
import type { EmbeddedPostgres } from "./embedded";
import { applyMigrations, readMigrations } from "./migrations";
import { createPrismaClient, type PrismaClient } from "./prisma";

export type DatabaseBackend = "pglite" | "postgres";

export interface DatabaseOptions {
  /** A PostgreSQL URL; when unset the embedded PGlite database under `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Where the embedded database lives (`<dataDir>/pglite`). */
  dataDir: string;
  logger?: Logger;
  /** @default prisma/migrations at the repository root */
  migrationsDir?: string;
  /** Pool size on PostgreSQL (PGlite always gets exactly 1, see embedded.ts). @default 10 */
  poolSize?: number;
}

/**
 * The server's one database: one pg.Pool shared by Prisma (through
 * @prisma/adapter-pg) and the agent's LangGraph checkpointer (PostgresSaver,
 * schema `langgraph`), and the PrismaClient on it. Nobody else opens clients.
 */
export interface Database {
  readonly backend: DatabaseBackend;
  readonly prisma: PrismaClient;
  /** Shared with PostgresSaver; never call `end()` on it yourself (close() does). */
  readonly pool: pg.Pool;
  /** Where the data is, for logs: a password-free URL or the embedded directory. */
  readonly location: string;
  /** A round trip to the database; throws ServerError `db_unavailable` with the reason. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Whether the database is answering, without queueing behind user traffic:
   * when a connection is free, a round trip (ping); when every connection is
   * busy, any query of anyone completing within `timeoutMs` (or having
   * completed that recently) is the answer. On the embedded database the pool
   * has ONE connection, so a health check that waited its turn behind 48
   * concurrent reads would time out while the database works fine. Throws
   * `db_unavailable` when nothing completed within `timeoutMs`.
   */
  alive(timeoutMs?: number): Promise<void>;
  /** Closes Prisma, the pool and, when embedded, PGlite and its socket server. Idempotent. */
  close(): Promise<void>;
}

/** @default 2_000 */
const PING_TIMEOUT_MS = 2_000;

/**
 * Opens the database the configuration names, applies the committed migrations
 * and connects Prisma. Failures are ServerErrors whose one line says what to do.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrations = readMigrations(options.migrationsDir);
  let embedded: EmbeddedPostgres | undefined;
  let url: string;
  let maxConnections = options.poolSize ?? 10;
  if (options.databaseUrl === undefined) {
    // Loaded only when used: PGlite's module alone is ~35 MB of memory.
    const { EMBEDDED_MAX_CONNECTIONS, startEmbeddedPostgres } = await import("./embedded");
    embedded = await startEmbeddedPostgres(options.dataDir);
    url = embedded.url;
    maxConnections = EMBEDDED_MAX_CONNECTIONS;
  } else {
    url = options.databaseUrl;
  }
  const backend: DatabaseBackend = embedded === undefined ? "postgres" : "pglite";
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: 5_000,
    // The embedded connection stays open: its one slot is freed late after a close.
    idleTimeoutMillis: embedded === undefined ? 30_000 : 0,
  });
  // An idle client dying (server restart, network) must not crash the process.
  pool.on("error", (error) => options.logger?.warn({ err: error }, "database connection lost"));
  // Nor one that is checked out: pg-pool removes its listener while a client is
  // lent, and the holder (LangGraph's PostgresSaver in the middle of a write)
  // does not add one, so a dropped connection would be an uncaught 'error'
  // event. Its queries fail anyway; this only keeps the process alive.
  pool.on("connect", (client) => {
    client.on("error", (error) =>
      options.logger?.warn({ err: error }, "database connection lost while in use"),
    );
  });

  try {
    await pool.query("SELECT 1").catch((error: unknown) => {
      throw connectionError(error, url);
    });
    const applied = await applyMigrations(pool, migrations, options.logger);
    if (applied.length > 0) options.logger?.info({ migrations: applied }, "database migrated");
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.close().catch(() => undefined);
    throw error;
  }

  const prisma = createPrismaClient(pool);
  return makeDatabase(backend, prisma, pool, embedded, embedded?.directory ?? describeUrl(url));
}

function makeDatabase(
  backend: DatabaseBackend,
  prisma: PrismaClient,
  pool: pg.Pool,
  embedded: EmbeddedPostgres | undefined,
  location: string,
): Database {
  let closing: Promise<void> | undefined;
  // The pool releases a client each time a query or a transaction completes:
  // progress, whoever made it.
  let lastProgress = performance.now();
  const progressWaiters = new Set<() => void>();
  pool.on("release", (error: Error | null | undefined) => {
    // pg-pool passes the query's error: null (or undefined) when it succeeded.
    if (error) return;
    lastProgress = performance.now();
    for (const wake of progressWaiters) wake();
    progressWaiters.clear();
  });
  const database: Database = {
    backend,
    prisma,
    pool,
    location,
    async alive(timeoutMs = PING_TIMEOUT_MS) {
      if (closing !== undefined) {
        throw new ServerError("db_unavailable", "database unreachable: the database is closed");
      }
      if (pool.idleCount > 0 || pool.totalCount < maxConnectionsOf(pool)) {
        await database.ping(timeoutMs);
        return;
      }
      if (performance.now() - lastProgress < timeoutMs) return;
      let timer: NodeJS.Timeout | undefined;
      let wake: (() => void) | undefined;
      const progressed = await new Promise<boolean>((resolve) => {
        wake = () => resolve(true);
        progressWaiters.add(wake);
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      clearTimeout(timer);
      if (wake !== undefined) progressWaiters.delete(wake);
      if (!progressed) {
        throw new ServerError(
          "db_unavailable",
          `database unreachable: every connection busy and no query completed within ${timeoutMs} ms`,
        );
      }
    },
    async ping(timeoutMs = PING_TIMEOUT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([pool.query("SELECT 1"), timeout]);
      } catch (error) {
        const reason = closing === undefined ? (error as Error).message : "the database is closed";
        throw new ServerError("db_unavailable", `database unreachable: ${reason}`, {
          cause: error,
        });
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closing ??= (async () => {
        await prisma.$disconnect().catch(() => undefined);
        await pool.end().catch(() => undefined);
        await embedded?.close();
      })();
      return closing;
    },
  };
  return database;
}

/** pg.Pool's `max` (its option), which the typings do not expose. */
function maxConnectionsOf(pool: pg.Pool): number {
  return (pool as unknown as { options: { max: number } }).options.max;
}

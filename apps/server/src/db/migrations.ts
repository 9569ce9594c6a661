import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { ServerError } from "../errors";
import type { Logger } from "../logger";

/** prisma/migrations at the repository root. */
export const DEFAULT_MIGRATIONS_DIR = new URL("../../../../prisma/migrations", import.meta.url)
  .pathname;

/** Prisma's own lock key, so our migrator and `prisma migrate deploy` exclude each other. */
const PRISMA_ADVISORY_LOCK = 72_707_369;

/** Exactly the table `prisma migrate` creates, so the CLI keeps working on our databases. */
const BOOKKEEPING_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  /** SHA-256 of migration.sql, hex: what Prisma stores in `checksum`. */
  checksum: string;
}

/** The committed migrations, oldest first (directory names start with a timestamp). */
export function readMigrations(dir = DEFAULT_MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) {
    throw new ServerError("db_migration_failed", `the migrations folder ${dir} is missing`, {
      hint: "run kubemedic from a complete checkout",
    });
  }
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies the committed migrations that are not applied yet, each in its own
 * transaction (PostgreSQL DDL is transactional, so a failure leaves nothing
 * half-applied and the next start simply retries), and records them in
 * `_prisma_migrations` the way `prisma migrate deploy` does. In-process because
 * spawning the Prisma CLI costs seconds at every start (docs/persistence.md).
 * Returns the names of the migrations applied now.
 */
export async function applyMigrations(
  pool: pg.Pool,
  migrations: Migration[],
  log?: Logger,
): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK})`);
    try {
      await client.query(BOOKKEEPING_DDL);
      const { rows } = await client.query<AppliedRow>(
        `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
      );
      const applied = new Map<string, AppliedRow>();
      for (const row of rows) {
        if (row.rolled_back_at !== null) continue;
        if (row.finished_at === null) {
          throw new ServerError(
            "db_migration_failed",
            `migration ${row.migration_name} failed earlier and was never resolved`,
            { hint: "see `prisma migrate resolve` (docs/persistence.md)" },
          );
        }
        applied.set(row.migration_name, row);
      }
      const done: string[] = [];
      for (const migration of migrations) {
        const previous = applied.get(migration.name);
        if (previous !== undefined) {
          if (previous.checksum !== migration.checksum) {
            log?.warn({ migration: migration.name }, "an applied migration was edited afterwards");
          }
          continue;
        }
        await applyOne(client, migration);
        done.push(migration.name);
      }
      return done;
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${PRISMA_ADVISORY_LOCK})`);
    }
  } finally {
    client.release();
  }
}

async function applyOne(client: pg.PoolClient, migration: Migration): Promise<void> {
  try {
    await client.query("BEGIN");
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations"
         (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    if (error instanceof ServerError) throw error;
    throw new ServerError(
      "db_migration_failed",
      `migration ${migration.name} failed: ${(error as Error).message}`,
      {
        hint: "nothing of it was applied; fix the database or the migration and start again",
        cause: error,
      },
    );
  }
}

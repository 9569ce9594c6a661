import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, type Database, type DatabaseBackend } from "../src/db/database";

/**
 * The two database backends every conformance spec runs against: embedded
 * PGlite (always) and the real PostgreSQL at KUBEMEDIC_TEST_DATABASE_URL
 * (default postgresql://postgres@127.0.0.1:5432/test), in a fresh database per
 * run so runs never collide. PostgreSQL being absent skips its half loudly,
 * or fails the run when KUBEMEDIC_REQUIRE_POSTGRES=1 (CI).
 */
export interface TestBackend {
  name: DatabaseBackend;
  /** Why it is skipped; undefined when available. */
  skipped: string | undefined;
  /** A fresh, migrated database. `reopen` opens the same data again (a restart). */
  open(): Promise<TestDatabase>;
}

export interface TestDatabase {
  db: Database;
  /** The PostgreSQL URL of this database (undefined for PGlite). */
  databaseUrl: string | undefined;
  /** Closes `db` and opens the same data again, like a server restart. */
  reopen(): Promise<Database>;
  /** Closes whatever is open and deletes the data. */
  dispose(): Promise<void>;
}

export const POSTGRES_ADMIN_URL =
  process.env.KUBEMEDIC_TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const REQUIRED = process.env.KUBEMEDIC_REQUIRE_POSTGRES === "1";

export async function testBackends(): Promise<TestBackend[]> {
  const problem = await probePostgres();
  if (problem !== undefined) {
    const message = `PostgreSQL at ${POSTGRES_ADMIN_URL} is not available (${problem})`;
    if (REQUIRED) throw new Error(`${message}, and KUBEMEDIC_REQUIRE_POSTGRES=1`);
    console.warn(`\n!!! SKIPPING the PostgreSQL half of the persistence specs: ${message}.\n`);
  }
  return [
    { name: "pglite", skipped: undefined, open: openEmbedded },
    { name: "postgres", skipped: problem, open: openPostgres },
  ];
}

async function probePostgres(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3_000,
  });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function openEmbedded(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "kubemedic-test-"));
  let db = await openDatabase({ dataDir });
  return {
    databaseUrl: undefined,
    get db() {
      return db;
    },
    async reopen() {
      await db.close();
      db = await openDatabase({ dataDir });
      return db;
    },
    async dispose() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(): Promise<TestDatabase> {
  const name = `kubemedic_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let db = await openDatabase({ databaseUrl, dataDir: tmpdir() });
  return {
    databaseUrl,
    get db() {
      return db;
    },
    async reopen() {
      await db.close();
      db = await openDatabase({ databaseUrl, dataDir: tmpdir() });
      return db;
    },
    async dispose() {
      await db.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

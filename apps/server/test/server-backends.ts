import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { DatabaseBackend } from "../src/db/database";
import { POSTGRES_ADMIN_URL, testBackends } from "./backends";

/**
 * The two database backends a server under test can run on, as the
 * environment a server reads: embedded PGlite in a fresh data dir, or a fresh
 * PostgreSQL database (dropped afterwards). PostgreSQL being absent skips its
 * half loudly, or fails when KUBEMEDIC_REQUIRE_POSTGRES=1 (backends.ts).
 */
export interface ServerBackend {
  name: DatabaseBackend;
  skipped: string | undefined;
  /** A fresh, empty database for one server (and its restarts). */
  create(): Promise<ServerDatabase>;
}

export interface ServerDatabase {
  /** KUBEMEDIC_DATA_DIR always (the token lives there); DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  dataDir: string;
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

export async function serverBackends(): Promise<ServerBackend[]> {
  const backends = await testBackends();
  return backends.map((b) => ({
    name: b.name,
    skipped: b.skipped,
    create: b.name === "pglite" ? createEmbedded : createPostgres,
  }));
}

function createEmbedded(): Promise<ServerDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "kubemedic-gw-"));
  return Promise.resolve({
    env: { KUBEMEDIC_DATA_DIR: dataDir },
    dataDir,
    databaseUrl: undefined,
    dispose: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  });
}

async function createPostgres(): Promise<ServerDatabase> {
  const name = `kubemedic_gw_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), "kubemedic-gw-"));
  return {
    env: { KUBEMEDIC_DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function admin(sql: string, url = POSTGRES_ADMIN_URL): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

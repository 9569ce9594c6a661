import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { POSTGRES_ADMIN_URL, testBackends } from "../../test/backends";
import { admin } from "../../test/server-backends";
import { isServerError } from "../errors";
import { openDatabase } from "./database";
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, readMigrations } from "./migrations";

const backends = await testBackends();
const root = new URL("../../../../", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "kubemedic-migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

for (const backend of backends) {
  describe.skipIf(backend.skipped !== undefined)(`migrations on ${backend.name}`, () => {
    it("are applied once, and a failing one leaves nothing behind and is retried next time", async () => {
      const t = await backend.open();
      try {
        const { pool } = t.db;
        expect(await applyMigrations(pool, readMigrations())).toEqual([]);

        const dir = join(scratch, backend.name);
        cpSync(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
        mkdirSync(join(dir, "99990101000000_broken"));
        writeFileSync(
          join(dir, "99990101000000_broken", "migration.sql"),
          'CREATE TABLE "half_done" (x int);\nSELECT 1/0;\n',
        );
        const error = await applyMigrations(pool, readMigrations(dir)).catch((e: unknown) => e);
        expect(isServerError(error, "db_migration_failed")).toBe(true);
        expect((error as Error).message).toMatch(/99990101000000_broken failed: division by zero/);
        const leftovers = await pool.query(
          `SELECT (SELECT count(*)::int FROM pg_tables WHERE tablename = 'half_done') AS tables,
                  (SELECT count(*)::int FROM "_prisma_migrations" WHERE migration_name LIKE '9999%') AS rows`,
        );
        expect(leftovers.rows[0]).toEqual({ tables: 0, rows: 0 });

        writeFileSync(
          join(dir, "99990101000000_broken", "migration.sql"),
          'CREATE TABLE "half_done" (x int);\n',
        );
        expect(await applyMigrations(pool, readMigrations(dir))).toEqual(["99990101000000_broken"]);
      } finally {
        await t.dispose();
      }
    });

    it("move proxy users into their namespace: stored owners other than local become proxy:<name>", async () => {
      // The database as it was before the migration, with a proxy user's and the operator's rows.
      const all = readMigrations();
      const at = all.findIndex((m) => m.name.endsWith("_proxy_user_namespace"));
      expect(at).toBeGreaterThan(0);
      const before = join(scratch, `${backend.name}-before-namespace`);
      mkdirSync(before);
      for (const m of all.slice(0, at)) {
        cpSync(join(DEFAULT_MIGRATIONS_DIR, m.name), join(before, m.name), { recursive: true });
      }
      const dataDir = mkdtempSync(join(tmpdir(), "kubemedic-ns-"));
      const name = `kubemedic_ns_${process.pid}_${Date.now()}`;
      let databaseUrl: string | undefined;
      if (backend.name === "postgres") {
        await admin(`CREATE DATABASE "${name}"`);
        const url = new URL(POSTGRES_ADMIN_URL);
        url.pathname = `/${name}`;
        databaseUrl = url.toString();
      }
      try {
        const old = await openDatabase({ databaseUrl, dataDir, migrationsDir: before });
        await old.pool.query(`
          INSERT INTO "Conversation" (id, "ownerId", title) VALUES
            ('c-op', 'local', 'operator'), ('c-alice', 'alice@example.com', 'alice'),
            ('c-odd', 'proxy:bob', 'named proxy:bob by the proxy');
          INSERT INTO "Turn" (id, "conversationId", seq) VALUES ('t-alice', 'c-alice', 1);
          INSERT INTO "Approval" (id, "turnId", "toolCallId", command, request, decision, "decidedBy")
            VALUES ('a-1', 't-alice', 'call-1', 'scale deploy/x --replicas=2', '{}', 'approve', 'alice@example.com');`);
        await old.close();
        const db = await openDatabase({ databaseUrl, dataDir });
        try {
          const owners = await db.pool.query(
            `SELECT id, "ownerId" FROM "Conversation" ORDER BY id`,
          );
          expect(owners.rows).toEqual([
            { id: "c-alice", ownerId: "proxy:alice@example.com" },
            { id: "c-odd", ownerId: "proxy:proxy:bob" },
            { id: "c-op", ownerId: "local" },
          ]);
          const decided = await db.pool.query(`SELECT "decidedBy" FROM "Approval"`);
          expect(decided.rows).toEqual([{ decidedBy: "proxy:alice@example.com" }]);
        } finally {
          await db.close();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        if (backend.name === "postgres")
          await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    });

    // Only PostgreSQL: the Prisma CLI would need a second connection to the embedded
    // server, which admits one (docs/persistence.md).
    if (backend.name !== "postgres") return;
    it("keep Prisma's bookkeeping: `prisma migrate status` agrees", async () => {
      const t = await backend.open();
      try {
        const status = spawnSync(
          process.execPath,
          [join(root, "node_modules/prisma/build/index.js"), "migrate", "status"],
          {
            cwd: root,
            env: { ...process.env, DATABASE_URL: t.databaseUrl, CHECKPOINT_DISABLE: "1" },
            encoding: "utf8",
            timeout: 60_000,
          },
        );
        expect(status.stdout + status.stderr).toContain("Database schema is up to date!");
        expect(status.status).toBe(0);
      } finally {
        await t.dispose();
      }
    });
  });
}

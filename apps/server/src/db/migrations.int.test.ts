import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testBackends } from "../../test/backends";
import { isServerError } from "../errors";
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

/**
 * What the database costs at start, and what a turn's commit costs, on both
 * backends. Used by bench/db-startup/run.ts; lives here because it uses the
 * server's own modules and test fixtures.
 *
 * Cases:
 * - embedded first start: PGlite initdb on an empty data dir + migrations + Prisma
 * - embedded restart: the same on an existing data dir (nothing to migrate)
 * - in-process migrations on an empty PostgreSQL database, and the no-op check
 * - baseline: `prisma migrate deploy` spawned, on an empty database and as a no-op
 * - startServer on an existing embedded data dir, until it listens
 * - one turn's commit (2 assistant messages, 3 tool logs, a report) per backend
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { POSTGRES_ADMIN_URL } from "../test/backends";
import { sampleReport, TurnScript } from "../test/turn-script";
import { loadConfig } from "../src/config";
import { openDatabase, type Database } from "../src/db/database";
import { applyMigrations, readMigrations } from "../src/db/migrations";
import { createLogger } from "../src/logger";
import { createPersistence } from "../src/persistence/persistence";
import { startServer } from "../src/server";

export interface DbStartupSamples {
  embeddedFirstStart: number[];
  embeddedRestart: number[];
  serverStartEmbedded: number[];
  migrateInProcessEmpty: number[];
  migrateInProcessNoop: number[];
  prismaDeployEmpty: { workDone: number[]; exited: number[] };
  prismaDeployNoop: { workDone: number[]; exited: number[] };
  commitPglite: number[];
  commitPostgres: number[];
  postgres: boolean;
}

const root = new URL("../../../", import.meta.url).pathname;
const now = () => performance.now();

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = now();
  await fn();
  return now() - started;
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

async function postgresReachable(): Promise<boolean> {
  return admin("SELECT 1").then(
    () => true,
    () => false,
  );
}

/** A fresh PostgreSQL database; returns its URL and a dropper. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kubemedic_bench_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** `prisma migrate deploy`: when its result line appears, and when the process exits. */
function prismaDeploy(url: string): Promise<{ workDone: number; exited: number }> {
  const started = now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, "node_modules/prisma/build/index.js"), "migrate", "deploy"],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let workDone = Number.NaN;
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (Number.isNaN(workDone) && /successfully applied|No pending migrations/.test(out))
        workDone = now() - started;
    });
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`prisma migrate deploy exited with ${code}: ${out}`));
      else resolve({ workDone, exited: now() - started });
    });
  });
}

async function commitOneTurn(db: Database, n: number): Promise<number> {
  const store = createPersistence(db.prisma);
  const conversation = await store.conversations.create("bench");
  const begun = await store.turns.begin({
    ownerId: "bench",
    conversationId: conversation.id,
    text: `question ${n}`,
  });
  if (begun.duplicate) throw new Error("duplicate");
  const s = new TurnScript(conversation.id, begun.turnId);
  const uow = begun.unitOfWork;
  await uow.record(
    s.frame({ type: "turn.started", model: "offline-diagnostician", startedAt: s.iso() }),
  );
  await uow.record(
    s.frame({
      type: "assistant.message",
      messageId: crypto.randomUUID(),
      content: "Looking.",
      toolCallIds: ["a", "b", "c"],
    }),
  );
  for (const id of ["a", "b", "c"]) {
    await uow.record(
      s.frame({
        type: "tool.finished",
        toolCallId: id,
        tool: "kubectl",
        command: `get pods -n shop # ${id}`,
        classification: "read",
        status: "ok",
        durationMs: 20,
        outputPreview: "NAME READY STATUS\n".repeat(40),
        truncated: false,
      }),
    );
  }
  await uow.record(s.frame({ type: "report.ready", report: sampleReport(), degraded: false }));
  await uow.record(
    s.frame({
      type: "assistant.message",
      messageId: crypto.randomUUID(),
      content: "The ConfigMap is missing.",
      toolCallIds: [],
    }),
  );
  // Only the commit (the event that ends the turn) is timed.
  return timed(() =>
    uow.record(s.frame({ type: "turn.completed", durationMs: 900, partial: false })),
  );
}

export async function measureDbStartup(opts: {
  runs: number;
  slowRuns: number;
}): Promise<DbStartupSamples> {
  const scratch = mkdtempSync(join(tmpdir(), "kubemedic-bench-"));
  const logger = createLogger("silent");
  const samples: DbStartupSamples = {
    embeddedFirstStart: [],
    embeddedRestart: [],
    serverStartEmbedded: [],
    migrateInProcessEmpty: [],
    migrateInProcessNoop: [],
    prismaDeployEmpty: { workDone: [], exited: [] },
    prismaDeployNoop: { workDone: [], exited: [] },
    commitPglite: [],
    commitPostgres: [],
    postgres: await postgresReachable(),
  };
  try {
    for (let i = 0; i < opts.slowRuns; i++) {
      const dir = join(scratch, `first-${i}`);
      let db: Database | undefined;
      samples.embeddedFirstStart.push(
        await timed(async () => (db = await openDatabase({ dataDir: dir }))),
      );
      await db?.close();
    }
    const dataDir = join(scratch, "first-0");
    for (let i = 0; i < opts.runs; i++) {
      let db: Database | undefined;
      samples.embeddedRestart.push(await timed(async () => (db = await openDatabase({ dataDir }))));
      await db?.close();
    }
    const config = loadConfig({ PORT: "0", KUBEMEDIC_DATA_DIR: dataDir });
    for (let i = 0; i < opts.runs; i++) {
      const started = now();
      const server = await startServer(config, { logger, webDir: join(scratch, "no-web") });
      samples.serverStartEmbedded.push(now() - started);
      await server.close();
    }
    const embedded = await openDatabase({ dataDir });
    for (let i = 0; i < opts.runs * 3; i++)
      samples.commitPglite.push(await commitOneTurn(embedded, i));
    await embedded.close();

    if (samples.postgres) {
      const migrations = readMigrations();
      for (let i = 0; i < opts.slowRuns; i++) {
        const fresh = await freshDatabase();
        const pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
        samples.migrateInProcessEmpty.push(await timed(() => applyMigrations(pool, migrations)));
        for (let j = 0; j < opts.runs; j++)
          samples.migrateInProcessNoop.push(await timed(() => applyMigrations(pool, migrations)));
        await pool.end();
        const d1 = await prismaDeploy(fresh.url);
        samples.prismaDeployNoop.workDone.push(d1.workDone);
        samples.prismaDeployNoop.exited.push(d1.exited);
        await fresh.drop();
        const empty = await freshDatabase();
        const d2 = await prismaDeploy(empty.url);
        samples.prismaDeployEmpty.workDone.push(d2.workDone);
        samples.prismaDeployEmpty.exited.push(d2.exited);
        await empty.drop();
      }
      const fresh = await freshDatabase();
      const db = await openDatabase({ databaseUrl: fresh.url, dataDir: scratch });
      for (let i = 0; i < opts.runs * 3; i++)
        samples.commitPostgres.push(await commitOneTurn(db, i));
      await db.close();
      await fresh.drop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return samples;
}

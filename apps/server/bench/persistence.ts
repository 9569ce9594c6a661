/**
 * What committing a turn's outputs in one transaction buys, on both backends.
 * Used by bench/persistence/run.ts; lives here because it drives the server's
 * own persistence layer (TurnRepository, TurnUnitOfWork) and test fixtures.
 *
 * A turn of 20 tool calls (kubectl reads with ~2 KB of output each), two
 * assistant messages and a report, fed to the persistence layer event by
 * event as the gateway feeds it:
 * - ours: the TurnUnitOfWork buffers the events and writes everything (turn
 *   status, messages, 20 tool logs, the report) in ONE transaction when
 *   `turn.completed` arrives;
 * - baseline: the per-event design we did not take: each tool log committed
 *   on its own (`toolLog.create`, autocommit) as its `tool.finished`
 *   arrives — 20 commits — and the messages, report and status in a final
 *   commit by the same unit of work (which then has no tool logs to write).
 * Both write the same rows; the span timed is the first event to the last
 * commit. Runs alternate between the two so machine noise hits both alike.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EventFrame } from "@kubemedic/protocol";
import pg from "pg";
import { POSTGRES_ADMIN_URL } from "../test/backends";
import { sampleReport, TurnScript } from "../test/turn-script";
import { openDatabase, type Database, type DatabaseBackend } from "../src/db/database";
import { createPersistence } from "../src/persistence/persistence";

export const TOOL_CALLS = 20;

export interface BackendSamples {
  backend: DatabaseBackend;
  /** One transaction per turn (TurnUnitOfWork), ms per turn. */
  oneTransactionMs: number[];
  /** 20 tool-log commits + 1 final commit, ms per turn. */
  separateCommitsMs: number[];
  /** Rows written per turn (the same on both sides), checked after each run. */
  rows: number;
}

export interface PersistenceSamples {
  backends: BackendSamples[];
  /** Why PostgreSQL was left out, when it was. */
  postgresSkipped: string | undefined;
}

/** ~2 KB of kubectl-like output: what a tool log stores as its preview. */
function toolOutput(i: number): string {
  const header = "NAME                          READY   STATUS             RESTARTS      AGE\n";
  let out = header;
  for (let p = 0; out.length < 2_000; p++)
    out += `checkout-7d9f8c6b5-${i}x${p}q   0/1     CrashLoopBackOff   ${5 + p} (20s ago)   ${p + 3}m\n`;
  return out;
}

/** The turn's events, as the gateway frames them. */
function turnEvents(s: TurnScript): EventFrame[] {
  const ids = Array.from({ length: TOOL_CALLS }, (_, i) => `call_${i}`);
  const frames: EventFrame[] = [
    s.frame({ type: "turn.started", model: "stub-model", startedAt: s.iso() }),
    s.frame({
      type: "assistant.message",
      messageId: crypto.randomUUID(),
      content: "Let me look at the pods, their events and logs.",
      toolCallIds: ids,
    }),
  ];
  for (const [i, id] of ids.entries()) {
    const command = `describe pod checkout-7d9f8c6b5-${i} -n shop`;
    frames.push(
      s.frame({
        type: "tool.started",
        toolCallId: id,
        tool: "kubectl",
        command,
        classification: "read",
        startedAt: s.iso(),
      }),
      s.frame({
        type: "tool.finished",
        toolCallId: id,
        tool: "kubectl",
        command,
        classification: "read",
        status: "ok",
        durationMs: 12,
        outputPreview: toolOutput(i),
        truncated: false,
      }),
    );
  }
  frames.push(
    s.frame({
      type: "assistant.message",
      messageId: crypto.randomUUID(),
      content: "checkout crash-loops because its ConfigMap is missing.",
      toolCallIds: [],
    }),
    s.frame({ type: "report.ready", report: sampleReport(), degraded: false }),
    s.frame({ type: "turn.completed", durationMs: 1_500, partial: false }),
  );
  return frames;
}

async function runTurn(db: Database, mode: "one" | "separate", n: number): Promise<number> {
  const store = createPersistence(db.prisma);
  const conversation = await store.conversations.create("bench");
  const begun = await store.turns.begin({
    ownerId: "bench",
    conversationId: conversation.id,
    text: `why is checkout failing? (${mode} ${n})`,
  });
  if (begun.duplicate) throw new Error("unexpected duplicate turn");
  const uow = begun.unitOfWork;
  const frames = turnEvents(new TurnScript(conversation.id, begun.turnId));
  const started = performance.now();
  for (const frame of frames) {
    const { event } = frame;
    if (mode === "separate" && (event.type === "tool.started" || event.type === "tool.finished")) {
      if (event.type === "tool.finished") {
        await db.prisma.toolLog.create({
          data: {
            turnId: begun.turnId,
            toolCallId: event.toolCallId,
            tool: event.tool,
            command: event.command,
            classification: event.classification,
            status: event.status,
            durationMs: Math.round(event.durationMs),
            outputPreview: event.outputPreview,
            truncated: event.truncated,
            startedAt: new Date(frame.at),
          },
        });
      }
      continue;
    }
    await uow.record(frame);
  }
  const elapsed = performance.now() - started;
  const logs = await db.prisma.toolLog.count({ where: { turnId: begun.turnId } });
  if (logs !== TOOL_CALLS) throw new Error(`${mode}: ${logs} tool logs stored, not ${TOOL_CALLS}`);
  return elapsed;
}

async function measureBackend(
  db: Database,
  runs: number,
  warmup: number,
  log: (line: string) => void,
): Promise<BackendSamples> {
  const samples: BackendSamples = {
    backend: db.backend,
    oneTransactionMs: [],
    separateCommitsMs: [],
    // turn status + 2 assistant messages + 20 tool logs + 1 report
    rows: 1 + 2 + TOOL_CALLS + 1,
  };
  for (let i = 0; i < warmup; i++) {
    await runTurn(db, "one", -i);
    await runTurn(db, "separate", -i);
  }
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first so neither always runs on a warmer cache.
    const order: ("one" | "separate")[] = i % 2 === 0 ? ["one", "separate"] : ["separate", "one"];
    for (const mode of order) {
      const ms = await runTurn(db, mode, i);
      (mode === "one" ? samples.oneTransactionMs : samples.separateCommitsMs).push(ms);
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  log(
    `  ${db.backend}: one transaction ${med(samples.oneTransactionMs).toFixed(1)} ms, ` +
      `${TOOL_CALLS} separate commits ${med(samples.separateCommitsMs).toFixed(1)} ms (medians)`,
  );
  return samples;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function measurePersistence(opts: {
  runs: number;
  warmup: number;
  log: (line: string) => void;
}): Promise<PersistenceSamples> {
  const scratch = mkdtempSync(join(tmpdir(), "kubemedic-bench-persistence-"));
  const backends: BackendSamples[] = [];
  let postgresSkipped: string | undefined;
  try {
    opts.log("PGlite (embedded, via openDatabase)…");
    const embedded = await openDatabase({ dataDir: scratch });
    try {
      backends.push(await measureBackend(embedded, opts.runs, opts.warmup, opts.log));
    } finally {
      await embedded.close();
    }

    const name = `kubemedic_bench_${process.pid}_${Math.random().toString(16).slice(2, 10)}`;
    try {
      await admin(`CREATE DATABASE "${name}"`);
    } catch (error) {
      postgresSkipped = (error as Error).message || String(error);
    }
    if (postgresSkipped === undefined) {
      opts.log("PostgreSQL…");
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${name}`;
      try {
        const db = await openDatabase({ databaseUrl: url.toString(), dataDir: scratch });
        try {
          backends.push(await measureBackend(db, opts.runs, opts.warmup, opts.log));
        } finally {
          await db.close();
        }
      } finally {
        await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { backends, postgresSkipped };
}

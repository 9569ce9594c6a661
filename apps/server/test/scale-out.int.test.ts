import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startOpenAIStub, type OpenAIStub, type StubReply } from "@kubemedic/agent/testing";
import type { EventFrame, ServerFrame } from "@kubemedic/protocol";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningUrl, runCli, type CliRun } from "./cli";
import { serverBackends, type ServerDatabase } from "./server-backends";
import { TestSocket } from "./test-socket";

/**
 * Scale-out as it runs: 2–3 `kubemedic serve` processes on loopback sharing
 * one fresh PostgreSQL database, the model an OpenAI-compatible stub in this
 * process (scripted by the question's marker), clients on different replicas.
 */
const TOKEN = "scale-out-test-token-0123456789";
const LEASE_MS = 1_500;
const postgres = (await serverBackends()).find((b) => b.name === "postgres");

/** What the stub answers, by the marker in the conversation's first question. */
function reply(body: { messages?: { role: string; content: unknown }[] } | undefined): StubReply {
  const messages = body?.messages ?? [];
  const question = JSON.stringify(messages.filter((m) => m.role === "user").at(-1)?.content ?? "");
  const last = messages.at(-1);
  const afterTool = last?.role === "tool";
  if (question.includes("[fanout]")) {
    return { text: "Fan-out answer: every replica sees this. ".repeat(4), chunkDelayMs: 5 };
  }
  if (question.includes("[approve]")) {
    return afterTool
      ? { text: "Scaled checkout to 2 replicas." }
      : {
          toolCalls: [
            {
              name: "kubectl",
              arguments: { command: "scale deployment checkout --replicas=2 -n shop" },
            },
          ],
        };
  }
  if (question.includes("[kill]")) {
    return afterTool
      ? { text: "Long answer word. ".repeat(60), chunkDelayMs: 60 }
      : { toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] };
  }
  return { text: "ok" };
}

interface Replica {
  name: string;
  run: CliRun;
  url: string;
  dataDir: string;
}

describe.skipIf(postgres?.skipped !== undefined)("scale-out: replicas on one PostgreSQL", () => {
  let database: ServerDatabase;
  let stub: OpenAIStub;
  const replicas: Replica[] = [];
  const sockets: TestSocket[] = [];

  async function start(name: string, env: Record<string, string> = {}): Promise<Replica> {
    const dataDir = mkdtempSync(join(tmpdir(), `kubemedic-${name}-`));
    const run = runCli(["serve", "--port", "0", "--demo"], {
      DATABASE_URL: database.databaseUrl,
      KUBEMEDIC_DATA_DIR: dataDir,
      KUBEMEDIC_AUTH_TOKEN: TOKEN,
      OPENAI_BASE_URL: stub.url,
      OPENAI_API_KEY: "stub-key",
      KUBEMEDIC_SCALE_OUT: "true",
      KUBEMEDIC_TURN_LEASE_MS: String(LEASE_MS),
      KUBEMEDIC_SHUTDOWN_GRACE_MS: "0",
      LOG_LEVEL: "info",
      ...env,
    });
    const replica = { name, run, url: "", dataDir };
    // Known before it listens, so afterAll stops it even if starting fails.
    replicas.push(replica);
    replica.url = await listeningUrl(run, 120_000);
    return replica;
  }

  async function socket(replica: Replica): Promise<TestSocket> {
    const s = await TestSocket.open(replica.url, { token: TOKEN });
    await s.waitFor((f) => f.type === "welcome");
    sockets.push(s);
    return s;
  }

  async function open(
    s: TestSocket,
    conversationId?: string,
    lastEventId?: number,
  ): Promise<Extract<ServerFrame, { type: "conversation.state" }>> {
    const requestId = randomUUID();
    s.send({
      type: "conversation.open",
      requestId,
      ...(conversationId === undefined ? { create: {} } : { conversationId }),
      ...(lastEventId === undefined ? {} : { lastEventId }),
    });
    return (await s.waitFor(
      (f) => f.type === "conversation.state" && f.requestId === requestId,
    )) as Extract<ServerFrame, { type: "conversation.state" }>;
  }

  async function send(s: TestSocket, conversationId: string, text: string): Promise<string> {
    const clientMessageId = randomUUID();
    s.send({ type: "message.send", conversationId, clientMessageId, text });
    const ack = await s.waitFor((f) => f.type === "ack" && f.clientMessageId === clientMessageId);
    if (ack.type !== "ack") throw new Error("no ack");
    return ack.turnId;
  }

  beforeAll(async () => {
    database = await (postgres as NonNullable<typeof postgres>).create();
    stub = await startOpenAIStub((req) => reply(req.body));
    await Promise.all([start("a"), start("b")]);
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) await s.close().catch(() => undefined);
    for (const r of replicas) {
      if (r.run.child.exitCode === null && r.run.child.signalCode === null) {
        r.run.child.kill("SIGTERM");
        await r.run.exited;
      }
      rmSync(r.dataDir, { recursive: true, force: true });
    }
    await stub?.close();
    await database?.dispose();
  }, 60_000);

  it("fans a turn on replica A out to a socket on replica B, and resumes by lastEventId on B", async () => {
    const [a, b] = replicas as [Replica, Replica];
    const onA = await socket(a);
    const state = await open(onA);
    const id = state.conversation.id;
    const onB = await socket(b);
    await open(onB, id);
    const turnId = await send(onA, id, "[fanout] why does checkout crash?");
    await onA.event("turn.completed", turnId);
    await onB.event("turn.completed", turnId);
    const seqs = (s: TestSocket) => s.events(id).map((f) => f.seq);
    // The same events, numbered alike, on both replicas' sockets.
    expect(seqs(onB)).toEqual(seqs(onA));
    expect(onB.events(id).map((f) => f.event.type)).toEqual(
      onA.events(id).map((f) => f.event.type),
    );
    const all = seqs(onA);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));

    // A client that saw only the first three events resumes on B.
    const late = await socket(b);
    const resumed = await open(late, id, 3);
    expect(resumed.resync).toBe(false);
    expect(resumed.missed.map((f) => f.seq)).toEqual(all.slice(3));
  });

  it("resumes a turn paused for approval on the other replica, which takes its lease", async () => {
    const [a, b] = replicas as [Replica, Replica];
    const onA = await socket(a);
    const id = (await open(onA)).conversation.id;
    const turnId = await send(onA, id, "[approve] scale checkout to 2");
    const asked = await onA.event("approval.requested", turnId);
    const onB = await socket(b);
    await open(onB, id);
    onB.send({
      type: "approval.decide",
      conversationId: id,
      turnId,
      decisions: asked.event.requests.map((r) => ({
        toolCallId: r.toolCallId,
        decision: "approve" as const,
      })),
    });
    await onB.event("approval.resolved", turnId);
    const done = await onB.event("turn.completed", turnId);
    // A's socket sees the resumed segment too, same numbers.
    expect((await onA.event("turn.completed", turnId)).seq).toBe(done.seq);
    const lease = await query<{ leaseOwner: string; status: string }>(
      `SELECT "leaseOwner", status FROM "Turn" WHERE id = $1`,
      [turnId],
    );
    expect(lease[0]?.status).toBe("completed");
    expect(lease[0]?.leaseOwner).toBe(replicaId(b));
    expect(replicaId(b)).not.toBe(replicaId(a));
  });

  it("kill -9: the turn goes on on another replica from its checkpoint; no event lost or repeated", async () => {
    const [a, b] = replicas as [Replica, Replica];
    const c = await start("c");
    const onA = await socket(a);
    const id = (await open(onA)).conversation.id;
    const onB = await socket(b);
    await open(onB, id);
    const onC = await socket(c);
    await open(onC, id);
    const turnId = await send(onA, id, "[kill] what runs in shop?");
    // The tool step is checkpointed; the answer is streaming when A dies.
    await onA.event("tool.finished", turnId);
    await onA.waitFor((f) => f.type === "event" && f.event.type === "assistant.delta");
    const killedAt = Date.now();
    a.run.child.kill("SIGKILL");
    await a.run.exited;
    const seenOnA = onA.events(id).map((f) => f.seq);

    const end = await onB.turnEnd(turnId, 60_000);
    const resumeMs = Date.now() - killedAt;
    expect(end.event.type).toBe("turn.completed");
    await onC.turnEnd(turnId, 10_000);

    // The client of the dead replica reconnects to B with the last number it saw.
    const back = await socket(b);
    const resumed = await open(back, id, seenOnA.at(-1));
    expect(resumed.resync).toBe(false);
    const rebuilt = [...seenOnA, ...resumed.missed.map((f) => f.seq)];
    for (const s of [onB, onC]) {
      const seqs = s.events(id).map((f) => f.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect(seqs).toEqual(rebuilt);
    }
    // Not interrupted: the stored turn is complete, with the answer the resumed run gave.
    const turns = await query<{ status: string; leaseOwner: string }>(
      `SELECT status, "leaseOwner" FROM "Turn" WHERE id = $1`,
      [turnId],
    );
    expect(turns[0]?.status).toBe("completed");
    expect([replicaId(b), replicaId(c)]).toContain(turns[0]?.leaseOwner);
    const answer = onB
      .events(id)
      .filter(
        (f): f is EventFrame & { event: { type: "assistant.message"; content: string } } =>
          f.event.type === "assistant.message",
      )
      .at(-1);
    expect(answer?.event.content).toContain("Long answer word.");
    // The read-only tool ran once before the death and was not run again.
    const toolRuns = onB.events(id).filter((f) => f.event.type === "tool.finished");
    expect(toolRuns).toHaveLength(1);
    console.log(`kill -9 → turn resumed and completed after ${resumeMs} ms (lease ${LEASE_MS} ms)`);
  }, 120_000);

  it("a replica that stops gracefully leaves its running turn to another, which completes it", async () => {
    const b = replicas[1] as Replica;
    const c = replicas.find((r) => r.name === "c") ?? (await start("c"));
    const onC = await socket(c);
    const id = (await open(onC)).conversation.id;
    const onB = await socket(b);
    await open(onB, id);
    const turnId = await send(onC, id, "[kill] and now?");
    await onC.event("tool.finished", turnId);
    await onB.waitFor((f) => f.type === "event" && f.event.type === "assistant.delta");
    c.run.child.kill("SIGTERM");
    expect(await c.run.exited).toBe(0);
    expect(c.run.stdout()).toContain("turn left to another replica");
    // Released at once: resumed well before a lease would have lapsed on its own.
    const end = await onB.turnEnd(turnId, 60_000);
    expect(end.event.type).toBe("turn.completed");
    const seqs = onB.events(id).map((f) => f.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 1) + i));
    const turns = await query<{ status: string }>(`SELECT status FROM "Turn" WHERE id = $1`, [
      turnId,
    ]);
    expect(turns[0]?.status).toBe("completed");
  }, 120_000);

  it("kill -9 while an approved change is being applied: the change is not run again, the turn ends interrupted saying so", async () => {
    const b = replicas[1] as Replica;
    // Its demo cluster answers slowly: the change is in flight long enough to die in it.
    const slow = await start("slow", { KUBEMEDIC_DEMO_LATENCY_MS: "4000" });
    const onSlow = await socket(slow);
    const id = (await open(onSlow)).conversation.id;
    const onB = await socket(b);
    await open(onB, id);
    const turnId = await send(onSlow, id, "[approve] scale checkout to 2");
    const asked = await onSlow.event("approval.requested", turnId, 60_000);
    onSlow.send({
      type: "approval.decide",
      conversationId: id,
      turnId,
      decisions: asked.event.requests.map((r) => ({
        toolCallId: r.toolCallId,
        decision: "approve" as const,
      })),
    });
    const started = await onB.waitFor(
      (f) =>
        f.type === "event" &&
        f.event.type === "tool.started" &&
        f.event.classification === "mutating",
      // Before the change runs, the verify baseline reads the namespace: several requests at 4 s each.
      90_000,
    );
    slow.run.child.kill("SIGKILL");
    await slow.run.exited;
    const end = await onB.waitFor(
      (f) =>
        f.type === "event" &&
        f.event.turnId === turnId &&
        ["turn.completed", "turn.failed", "turn.cancelled"].includes(f.event.type),
      60_000,
    );
    if (end.type !== "event") throw new Error("no end");
    expect(end.event).toMatchObject({
      type: "turn.cancelled",
      interrupted: true,
      reason: expect.stringContaining("not applied again") as unknown,
    });
    // Nothing ran it again: no second start of that call on any replica.
    const starts = onB
      .events(id)
      .filter(
        (f) =>
          f.event.type === "tool.started" &&
          started.type === "event" &&
          started.event.type === "tool.started" &&
          f.event.toolCallId === started.event.toolCallId,
      );
    expect(starts).toHaveLength(1);
    const turns = await query<{ status: string }>(`SELECT status FROM "Turn" WHERE id = $1`, [
      turnId,
    ]);
    expect(turns[0]?.status).toBe("interrupted");
  }, 240_000);

  async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<T[]> {
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
});

/** The replica id a server logged at start. */
function replicaId(replica: Replica): string | undefined {
  for (const line of replica.run.stdout().split("\n")) {
    if (!line.includes("listening on")) continue;
    return (JSON.parse(line) as { replica?: string }).replica;
  }
  return undefined;
}

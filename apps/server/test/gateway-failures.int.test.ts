import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConversationDetail } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningUrl, runCli, type CliRun } from "./cli";
import { startDemo, type DemoFixture } from "./demo";
import { Gate, gatedModel } from "./gated-model";
import { GatewayFixture, SCRIPTED_GRAPH } from "./gateway-fixture";
import { admin, serverBackends, type ServerDatabase } from "./server-backends";
import { TcpProxy } from "./tcp-proxy";
import { TestSocket } from "./test-socket";

/**
 * What happens when things break mid-turn, on PGlite and PostgreSQL:
 * - the real `kubemedic serve` (demo cluster, offline diagnostician, generated
 *   token) killed with SIGKILL while a turn runs, then restarted: the user's
 *   message is kept, the turn is `interrupted`, nothing of its outputs is
 *   half-written;
 * - the commit of a turn failing (injected before COMMIT) and, on
 *   PostgreSQL, the database connection cut: clients get `turn.failed` and
 *   nothing of the turn's outputs is stored.
 */
const backends = await serverBackends();

async function readyLine(run: CliRun, ms = 60_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const line = run
      .stderr()
      .split("\n")
      .find((l) => l.startsWith("kubemedic is ready"));
    if (line !== undefined) return line;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ready line:\n${run.stderr()}`);
}

describe.each(backends)("failures on $name", (backend) => {
  describe.skipIf(backend.skipped !== undefined)("mid-turn", () => {
    it("kubemedic serve killed with SIGKILL mid-turn, restarted: the message is kept, the turn is interrupted, nothing is half-written", async () => {
      const database = await backend.create();
      const home = mkdtempSync(join(tmpdir(), "kubemedic-kill-"));
      // No kubeconfig and no LLM key: the first-run defaults.
      const env = {
        ...database.env,
        HOME: home,
        KUBECONFIG: join(home, "no-such-kubeconfig"),
        OPENAI_API_KEY: "",
        OPENAI_BASE_URL: "",
        KUBEMEDIC_MODEL: "",
      };
      let run = runCli(["serve", "--port", "0"], env);
      try {
        const url = await listeningUrl(run);
        const line = await readyLine(run);
        expect(line).toMatch(
          new RegExp(
            `^kubemedic is ready — open ${url}/login\\?token=[\\w-]+ \\(the built-in demo cluster, the offline diagnostician\\)$`,
          ),
        );
        const token = decodeURIComponent(/token=([\w%-]+)/.exec(line)![1]!);
        // The link signs in (and its request is logged without the token).
        const signIn = await fetch(`${url}/login?token=${encodeURIComponent(token)}`, {
          redirect: "manual",
        });
        expect(signIn.status).toBe(303);
        for (let i = 0; i < 50 && !run.stdout().includes('"path":"/login"'); i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(run.stdout()).toContain('"path":"/login"');
        expect(run.stdout()).not.toContain(token);

        const socket = await TestSocket.open(url, { token });
        await socket.waitFor((f) => f.type === "welcome");
        socket.send({ type: "conversation.open", requestId: "o", create: {} });
        const state = await socket.waitFor((f) => f.type === "conversation.state");
        const conversationId = state.type === "conversation.state" ? state.conversation.id : "";
        socket.send({
          type: "message.send",
          requestId: "s",
          conversationId,
          text: "why is checkout failing in shop?",
          clientMessageId: "cm-killed-0001",
        });
        const ack = await socket.waitFor((f) => f.type === "ack");
        const turnId = ack.type === "ack" ? ack.turnId : "";
        const firstTool = await socket.event("tool.started", turnId);
        run.child.kill("SIGKILL");
        expect(await run.exited).toBe(128);
        await socket.closed;
        const seen = socket.events(conversationId);
        expect(seen.some((e) => e.event.type === "turn.completed")).toBe(false);
        expect(firstTool.seq).toBeGreaterThan(2);

        run = runCli(["serve", "--port", "0"], env);
        const again = await listeningUrl(run);
        expect(run.stdout()).toContain('"interrupted":1');
        const res = await fetch(`${again}/api/conversations/${conversationId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const detail = ConversationDetail.parse(await res.json());
        expect(detail.turns).toHaveLength(1);
        const turn = detail.turns[0]!;
        expect(turn).toMatchObject({ id: turnId, status: "interrupted", report: null });
        expect(turn.error).toMatch(/stopped while this turn was running/);
        expect(turn.messages.map((m) => [m.role, m.content])).toEqual([
          ["user", "why is checkout failing in shop?"],
        ]);
        expect(turn.toolLogs).toEqual([]);
        expect(turn.approvals).toEqual([]);
        // Events the dead process sent were never stored: numbering goes on above all of
        // them (its reservation), and a client that saw them must resync.
        expect(detail.lastSeq).toBeGreaterThanOrEqual(seen.at(-1)!.seq);
        const back = await TestSocket.open(again, { token });
        back.send({
          type: "conversation.open",
          requestId: "b",
          conversationId,
          lastEventId: seen.at(-1)!.seq,
        });
        expect(await back.waitFor((f) => f.type === "conversation.state")).toMatchObject({
          resync: true,
          turns: [expect.objectContaining({ status: "interrupted" })],
        });
        // The conversation is usable again.
        back.send({
          type: "message.send",
          requestId: "n",
          conversationId,
          text: "list pods in shop",
          clientMessageId: "cm-after-kill",
        });
        const next = await back.waitFor((f) => f.type === "ack" || f.type === "error");
        expect(next).toMatchObject({ type: "ack", duplicate: false });
        if (next.type === "ack") await back.event("turn.completed", next.turnId);
        await back.close();
        run.child.kill("SIGTERM");
        expect(await run.exited).toBe(0);
      } finally {
        if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
        await run.exited;
        rmSync(home, { recursive: true, force: true });
        await database.dispose();
      }
    });

    it("event numbers repeated after a SIGKILL: a client that saw the dead server's events is told to resync and misses none of the next turn", async () => {
      const database = await backend.create();
      const home = mkdtempSync(join(tmpdir(), "kubemedic-renumber-"));
      const env = {
        ...database.env,
        HOME: home,
        KUBECONFIG: join(home, "no-such-kubeconfig"),
        OPENAI_API_KEY: "",
        OPENAI_BASE_URL: "",
        KUBEMEDIC_MODEL: "",
        KUBEMEDIC_AUTH_TOKEN: "renumber-test-token-0123456789",
      };
      const token = env.KUBEMEDIC_AUTH_TOKEN;
      let run = runCli(["serve", "--port", "0"], env);
      try {
        const first = await TestSocket.open(await listeningUrl(run), { token });
        first.send({ type: "conversation.open", requestId: "o", create: {} });
        const state = await first.waitFor((f) => f.type === "conversation.state");
        const conversationId = state.type === "conversation.state" ? state.conversation.id : "";
        const killedTurn = await sendText(
          first,
          conversationId,
          "why is checkout failing in shop?",
        );
        await first.event("tool.started", killedTurn);
        run.child.kill("SIGKILL");
        await run.exited;
        await first.closed;
        // The highest number the client saw: none of it was stored.
        const seen = Math.max(...first.events(conversationId).map((e) => e.seq));

        run = runCli(["serve", "--port", "0"], env);
        const url = await listeningUrl(run);
        const second = await TestSocket.open(url, { token });
        second.send({ type: "conversation.open", requestId: "o2", conversationId });
        await second.waitFor((f) => f.type === "conversation.state");
        const nextTurn = await sendText(second, conversationId, "list pods in shop");
        await second.event("turn.completed", nextTurn, 60_000);
        const next = second.events(conversationId).filter((e) => e.event.turnId === nextTurn);
        // New numbers only: none of the next turn's events reuses one the first client saw.
        expect(Math.min(...next.map((e) => e.seq))).toBeGreaterThan(seen);

        // The first client comes back with the last number it saw: it must reload, not
        // apply the tail of a renumbered stream (the next turn's first events would be lost).
        const back = await TestSocket.open(url, { token });
        back.send({ type: "conversation.open", requestId: "b", conversationId, lastEventId: seen });
        const resumed = await back.waitFor((f) => f.type === "conversation.state");
        expect(resumed).toMatchObject({ resync: true, lastSeq: next.at(-1)!.seq });
        const detail = ConversationDetail.parse(
          await (
            await fetch(`${url}/api/conversations/${conversationId}`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json(),
        );
        expect(detail.lastSeq).toBe(next.at(-1)!.seq);
        expect(detail.turns.map((t) => [t.id, t.status])).toEqual([
          [killedTurn, "interrupted"],
          [nextTurn, "completed"],
        ]);
        await Promise.all([second.close(), back.close()]);
      } finally {
        if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
        await run.exited;
        rmSync(home, { recursive: true, force: true });
        await database.dispose();
      }
    });

    describe("a commit that fails", () => {
      const gate = new Gate();
      let demo: DemoFixture;
      let database: ServerDatabase;
      let fx: GatewayFixture;
      const failing = new Set<string>();
      beforeAll(async () => {
        demo = await startDemo();
        database = await backend.create();
        fx = await GatewayFixture.start(database, {
          kubeconfig: demo.kubeconfig,
          model: gatedModel(gate),
          graphConfig: SCRIPTED_GRAPH,
          hooks: {
            beforeCommit: (turnId) => {
              if (failing.has(turnId)) throw new Error("Connection terminated unexpectedly");
            },
          },
        });
      });
      afterAll(async () => {
        gate.open();
        await fx?.close();
        await database?.dispose();
        await demo?.close();
      });

      it("sends turn.failed instead of turn.completed, stores none of the turn's outputs, and marks it failed", async () => {
        gate.close();
        const socket = await fx.socket();
        const conversationId = await fx.newConversation(socket);
        const turnId = await fx.send(socket, conversationId, "list pods in shop");
        failing.add(turnId);
        await socket.event("tool.finished", turnId);
        gate.open();
        const end = await socket.turnEnd(turnId);
        expect(end.event).toMatchObject({
          type: "turn.failed",
          code: "db_unavailable",
          message: expect.stringMatching(/^The results of this turn could not be saved/) as unknown,
        });
        expect(socket.events(conversationId).some((e) => e.event.type === "turn.completed")).toBe(
          false,
        );
        const detail = ConversationDetail.parse(
          await fx.json(`/api/conversations/${conversationId}`),
        );
        const turn = detail.turns[0]!;
        expect(turn).toMatchObject({
          status: "failed",
          error: "The results of this turn could not be saved.",
        });
        expect(turn.messages.map((m) => m.role)).toEqual(["user"]);
        expect(turn.toolLogs).toEqual([]);
        // Its numbers are kept so they never repeat.
        expect(detail.lastSeq).toBe(end.seq);
        // The next turn works.
        const next = await fx.send(socket, conversationId, "list pods in shop");
        expect((await socket.turnEnd(next)).event.type).toBe("turn.completed");
        await socket.close();
      });
    });

    describe.skipIf(backend.name !== "postgres")("the database going away", () => {
      const gate = new Gate();
      let demo: DemoFixture;
      let database: ServerDatabase;
      let proxy: TcpProxy;
      let fx: GatewayFixture;
      beforeAll(async () => {
        demo = await startDemo();
        database = await backend.create();
        const target = new URL(database.databaseUrl!);
        proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
        await proxy.start();
        const viaProxy = new URL(target);
        viaProxy.host = `127.0.0.1:${proxy.port}`;
        fx = await GatewayFixture.start(
          { ...database, env: { ...database.env, DATABASE_URL: viaProxy.toString() } },
          { kubeconfig: demo.kubeconfig, model: gatedModel(gate), graphConfig: SCRIPTED_GRAPH },
        );
      });
      afterAll(async () => {
        gate.open();
        await fx?.close();
        await proxy?.cut();
        await database?.dispose();
        await demo?.close();
      });

      it("cut mid-turn: clients get turn.failed, and the database holds the user's message and nothing else of the turn", async () => {
        gate.close();
        const socket = await fx.socket();
        const conversationId = await fx.newConversation(socket);
        const turnId = await fx.send(socket, conversationId, "list pods in shop");
        await socket.event("tool.finished", turnId);
        await proxy.cut();
        gate.open();
        const end = await socket.turnEnd(turnId, 60_000);
        expect(end.event.type).toBe("turn.failed");
        expect(socket.events(conversationId).some((e) => e.event.type === "turn.completed")).toBe(
          false,
        );

        // Straight from PostgreSQL (not through the server).
        const rows = async (sql: string) =>
          (await admin(sql, database.databaseUrl)).rows as Record<string, unknown>[];
        expect(await rows(`SELECT status FROM "Turn" WHERE id = '${turnId}'`)).toEqual([
          { status: "running" },
        ]);
        expect(
          await rows(`SELECT role, content FROM "Message" WHERE "turnId" = '${turnId}'`),
        ).toEqual([{ role: "user", content: "list pods in shop" }]);
        expect(
          await rows(`SELECT count(*)::int AS n FROM "ToolLog" WHERE "turnId" = '${turnId}'`),
        ).toEqual([{ n: 0 }]);

        // Back up: the turn nobody can finish is recovered, the conversation works again.
        await proxy.start();
        const next = await until(async () => {
          socket.skipAll();
          socket.send({
            type: "message.send",
            requestId: `again-${Date.now()}`,
            conversationId,
            text: "list pods in shop",
            clientMessageId: `cm-again-${Date.now()}`,
          });
          return socket.next((f) => f.type === "ack" || f.type === "error");
        });
        expect(next.type).toBe("ack");
        if (next.type === "ack")
          expect((await socket.turnEnd(next.turnId)).event.type).toBe("turn.completed");
        const detail = ConversationDetail.parse(
          await fx.json(`/api/conversations/${conversationId}`),
        );
        expect(detail.turns.map((t) => t.status)).toEqual(["interrupted", "completed"]);
        expect(detail.turns[0]!.toolLogs).toEqual([]);
        await socket.close();
      });
    });
  });
});

/** Sends a message; resolves with its turn id once acknowledged. */
async function sendText(socket: TestSocket, conversationId: string, text: string): Promise<string> {
  const clientMessageId = `cm-${Math.random().toString(36).slice(2, 12)}`;
  socket.send({
    type: "message.send",
    requestId: clientMessageId,
    conversationId,
    text,
    clientMessageId,
  });
  const ack = await socket.waitFor(
    (f) => (f.type === "ack" || f.type === "error") && f.requestId === clientMessageId,
  );
  if (ack.type !== "ack") throw new Error(`send failed: ${JSON.stringify(ack)}`);
  return ack.turnId;
}

/** Retries while the pool finds its way back to the database. */
async function until<T extends { type: string }>(
  attempt: () => Promise<T>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const result = await attempt();
    if (result.type !== "error" || Date.now() > deadline) return result;
    await new Promise((r) => setTimeout(r, 250));
  }
}

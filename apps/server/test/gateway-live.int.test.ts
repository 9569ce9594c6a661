import {
  ConversationDetail,
  type ClustersResponse,
  type ConversationList,
  type EventFrame,
} from "@kubemedic/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REPLAY_MAX_EVENTS } from "../src/gateway/replay-buffer";
import { startDemo, type DemoFixture } from "./demo";
import { CALL_USAGE, Gate, gatedModel } from "./gated-model";
import { GatewayFixture, SCRIPTED_GRAPH } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";
import { TestSocket } from "./test-socket";

/**
 * The live side of the gateway with a scripted model whose turns wait at a
 * gate the test controls, so a turn is "running" exactly as long as needed:
 * reconnects, dropped sockets, one turn per conversation, cancel, per-user
 * limits, privacy between users (trusted-proxy mode), no cross-talk, and a
 * graceful shutdown. PGlite and PostgreSQL.
 */
const backends = await serverBackends();

const seqs = (frames: EventFrame[]) => frames.map((f) => f.seq);
const consecutive = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** An answer of 1,500 words: 1,500 deltas, more than the replay buffer holds. */
const LONG_ANSWER = Array.from({ length: 1_500 }, (_, i) => `word${i}`).join(" ");

/**
 * What a client rebuilds from the frames after `from`: each message's text
 * (deltas concatenated, an assistant.message replacing them) and the other
 * events in order. Fails on a gap in the numbering (a folded delta stands
 * for seq…throughSeq).
 */
function rebuild(frames: EventFrame[], from: number) {
  let next = from + 1;
  const texts: Record<string, string> = {};
  const others: string[] = [];
  for (const frame of frames) {
    if (frame.seq !== next) throw new Error(`expected seq ${next}, got ${frame.seq}`);
    next = (frame.throughSeq ?? frame.seq) + 1;
    const { event } = frame;
    if (event.type === "assistant.delta")
      texts[event.messageId] = (texts[event.messageId] ?? "") + event.delta;
    else if (event.type === "assistant.message") texts[event.messageId] = event.content;
    else others.push(`${frame.seq} ${event.type}`);
  }
  return { texts, others, last: next - 1 };
}

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(backends)("live gateway on $name", (backend) => {
  describe.skipIf(backend.skipped !== undefined)("gated scripted model", () => {
    const gate = new Gate();
    let demo: DemoFixture;
    let database: ServerDatabase;
    let fx: GatewayFixture;
    /** The server's log lines. */
    const logs: string[] = [];
    const as = (user: string) => fx.socket({ headers: { "x-user": user } });
    const detail = async (id: string, user: string) =>
      ConversationDetail.parse(await fx.json(`/api/conversations/${id}`, { user }));

    beforeAll(async () => {
      demo = await startDemo();
      database = await backend.create();
      fx = await GatewayFixture.start(database, {
        kubeconfig: demo.kubeconfig,
        model: gatedModel(gate, "shop", (question, meta) =>
          question.startsWith("at length:")
            ? LONG_ANSWER
            : question === "where am I?"
              ? `context=${String(meta.clusterContext)} namespace=${String(meta.namespace)}`
              : "Looking at the pods first.",
        ),
        graphConfig: SCRIPTED_GRAPH,
        logs,
        env: {
          KUBEMEDIC_TRUST_PROXY_USER_HEADER: "X-User",
          KUBEMEDIC_MAX_TURNS_PER_USER: "2",
          KUBEMEDIC_MAX_CONNECTIONS_PER_USER: "4",
          KUBEMEDIC_RATE_LIMIT: "20",
          KUBEMEDIC_RATE_BURST: "30",
          KUBEMEDIC_SHUTDOWN_GRACE_MS: "300",
          KUBEMEDIC_WS_HEARTBEAT_MS: "1000",
        },
      });
    });
    afterEach(() => gate.open());
    afterAll(async () => {
      gate.open();
      await fx?.close();
      await database?.dispose();
      await demo?.close();
    });

    it("a client reconnecting with lastEventId gets what it missed, then the live stream, with no gap", async () => {
      gate.close();
      const first = await as("ann");
      const conversationId = await fx.newConversation(first);
      const turnId = await fx.send(first, conversationId, "list pods in shop");
      const lastToolEvent = await first.event("tool.finished", turnId);
      const seen = first.events(conversationId);
      const lastSeen = seen.find((e) => e.event.type === "turn.started")!.seq;
      await first.close();

      const again = await as("ann");
      again.send({
        type: "conversation.open",
        requestId: "re",
        conversationId,
        lastEventId: lastSeen,
      });
      const state = await again.waitFor((f) => f.type === "conversation.state");
      if (state.type !== "conversation.state") return;
      expect(state.resync).toBe(false);
      expect(state.turns.map((t) => t.status)).toEqual(["running"]);
      expect(state.lastSeq).toBe(lastToolEvent.seq);
      expect(seqs(state.missed)).toEqual(consecutive(lastSeen + 1, lastToolEvent.seq));
      expect(state.missed.map((f) => f.event)).toEqual(
        seen.filter((e) => e.seq > lastSeen).map((e) => e.event),
      );

      gate.open();
      const end = await again.event("turn.completed", turnId);
      const live = again.events(conversationId);
      expect(seqs([...state.missed, ...live])).toEqual(consecutive(lastSeen + 1, end.seq));
      const stored = await detail(conversationId, "ann");
      expect(stored.lastSeq).toBe(end.seq);
      await again.close();
    });

    it("a client reconnecting mid-turn after more events than the replay buffer holds rebuilds the running turn exactly", async () => {
      gate.close();
      const first = await as("lee");
      const conversationId = await fx.newConversation(first);
      const turnId = await fx.send(first, conversationId, "at length: list pods in shop");
      await first.event("tool.finished", turnId, 60_000);
      const seen = first.events(conversationId);
      expect(seen.length).toBeGreaterThan(REPLAY_MAX_EVENTS);
      const deltas = seen.filter((e) => e.event.type === "assistant.delta");
      expect(deltas.length).toBeGreaterThanOrEqual(1_500);

      // From before the turn, and from the middle of its long message.
      const points = [0, deltas[700]!.seq];
      const sockets = await Promise.all(points.map(() => as("lee")));
      const states = await Promise.all(
        sockets.map(async (socket, i) => {
          socket.send({
            type: "conversation.open",
            requestId: `mid-${i}`,
            conversationId,
            lastEventId: points[i],
          });
          const state = await socket.waitFor((f) => f.type === "conversation.state");
          if (state.type !== "conversation.state") throw new Error("no state");
          return state;
        }),
      );
      states.forEach((state, i) => {
        const from = points[i]!;
        expect(state).toMatchObject({ resync: false, lastSeq: seen.at(-1)!.seq });
        // Folded: far fewer frames than events, and exactly what the live client saw.
        expect(state.missed.length).toBeLessThan(50);
        const replayed = rebuild(state.missed, from);
        const live = rebuild(
          seen.filter((e) => e.seq > from),
          from,
        );
        expect(replayed).toEqual(live);
        // The long message is whole by now (assistant.message): the replay carries it once.
        expect(Object.values(replayed.texts)).toContain(LONG_ANSWER);
      });

      gate.open();
      const end = await first.event("turn.completed", turnId);
      for (const [i, socket] of sockets.entries()) {
        await socket.event("turn.completed", turnId);
        const from = points[i]!;
        const state = states[i]!;
        // The replay, then the live stream: the whole turn, as the first client saw it.
        expect(rebuild([...state.missed, ...socket.events(conversationId)], from)).toEqual(
          rebuild(
            first.events(conversationId).filter((e) => e.seq > from),
            from,
          ),
        );
        await socket.close();
      }
      expect(end.seq).toBe((await detail(conversationId, "lee")).lastSeq);
      await first.close();
    });

    it("conversation.open with create refuses an unknown cluster context as REST does; a known one and the namespace reach the turn", async () => {
      const socket = await as("kim");
      socket.send({
        type: "conversation.open",
        requestId: "bad",
        create: { clusterContext: "no-such-context", namespace: "shop" },
      });
      expect(
        await socket.waitFor((f) => f.type === "error" && f.requestId === "bad"),
      ).toMatchObject({
        code: "bad_request",
        message: 'unknown cluster context "no-such-context"',
      });
      const overRest = await fx.rest("/api/conversations", {
        method: "POST",
        body: { clusterContext: "no-such-context" },
        user: "kim",
      });
      expect(overRest.status).toBe(400);
      expect(
        (await fx.json<ConversationList>("/api/conversations", { user: "kim" })).items,
      ).toEqual([]);

      const { contexts } = await fx.json<ClustersResponse>("/api/clusters", { user: "kim" });
      const context = contexts[0]!.name;
      const conversationId = await fx.newConversation(socket, {
        clusterContext: context,
        namespace: "shop",
      });
      const turnId = await fx.send(socket, conversationId, "where am I?");
      await socket.event("turn.completed", turnId);
      const said = socket
        .events(conversationId)
        .flatMap((e) => (e.event.type === "assistant.message" ? [e.event.content] : []));
      expect(said).toContain(`context=${context} namespace=shop`);
      await socket.close();
    });

    const metric = async (series: string) => {
      const text = await (await fx.rest("/metrics", { user: "max" })).text();
      const line = text.split("\n").find((l) => l.startsWith(`${series} `));
      return line === undefined ? 0 : Number(line.slice(series.length + 1));
    };
    const input = 'kubemedic_llm_tokens_total{direction="input"}';
    const output = 'kubemedic_llm_tokens_total{direction="output"}';

    it("counts the LLM tokens of every turn, cancelled ones included, and each turn's status", async () => {
      const before = {
        input: await metric(input),
        output: await metric(output),
        cancelled: await metric('kubemedic_turns_total{status="cancelled"}'),
        completed: await metric('kubemedic_turns_total{status="completed"}'),
      };
      const socket = await as("max");
      const conversationId = await fx.newConversation(socket);

      // Stopped after its first model call: that call's tokens count.
      gate.close();
      const stopped = await fx.send(socket, conversationId, "list pods in shop");
      await socket.event("tool.finished", stopped);
      socket.send({ type: "turn.cancel", conversationId, turnId: stopped });
      const cancelled = await socket.event("turn.cancelled", stopped);
      expect(cancelled.event.usage).toEqual({
        inputTokens: CALL_USAGE.input_tokens,
        outputTokens: CALL_USAGE.output_tokens,
      });
      gate.open();
      // Two model calls.
      const done = await fx.send(socket, conversationId, "list pods in shop");
      const completed = await socket.event("turn.completed", done);
      expect(completed.event.usage?.inputTokens).toBe(2 * CALL_USAGE.input_tokens);

      expect(await metric(input)).toBe(before.input + 3 * CALL_USAGE.input_tokens);
      expect(await metric(output)).toBe(before.output + 3 * CALL_USAGE.output_tokens);
      expect(await metric('kubemedic_turns_total{status="cancelled"}')).toBe(before.cancelled + 1);
      expect(await metric('kubemedic_turns_total{status="completed"}')).toBe(before.completed + 1);
      // The stored turns say the same.
      expect((await detail(conversationId, "max")).turns.map((t) => t.usage)).toEqual([
        cancelled.event.usage,
        completed.event.usage,
      ]);
      await socket.close();
    });

    it("counts a paused and resumed turn's tokens once: the resumed segment adds only its own", async () => {
      const before = { input: await metric(input), output: await metric(output) };
      const socket = await as("mia");
      const conversationId = await fx.newConversation(socket);
      const turnId = await fx.send(
        socket,
        conversationId,
        "run: scale deployment/checkout -n shop --replicas=3",
      );
      const paused = await socket.event("approval.requested", turnId);
      // The first model call is counted at the pause.
      expect(await metric(input)).toBe(before.input + CALL_USAGE.input_tokens);
      socket.send({
        type: "approval.decide",
        conversationId,
        turnId,
        decisions: [{ toolCallId: paused.event.requests[0]!.toolCallId, decision: "reject" }],
      });
      const completed = await socket.event("turn.completed", turnId);
      // The agent's usage is the turn's running total: two calls.
      expect(completed.event.usage).toEqual({
        inputTokens: 2 * CALL_USAGE.input_tokens,
        outputTokens: 2 * CALL_USAGE.output_tokens,
      });
      expect(await metric(input)).toBe(before.input + 2 * CALL_USAGE.input_tokens);
      expect(await metric(output)).toBe(before.output + 2 * CALL_USAGE.output_tokens);
      await socket.close();
    });

    it("logs each turn's start and end with the connection, requestId and clientMessageId that started it", async () => {
      const socket = await as("ola");
      const welcome = socket.frames[0];
      const connectionId = welcome?.type === "welcome" ? welcome.connectionId : "";
      const conversationId = await fx.newConversation(socket);
      socket.send({
        type: "message.send",
        requestId: "req-log-0001",
        conversationId,
        text: "list pods in shop",
        clientMessageId: "cm-log-0001",
      });
      const ack = await socket.waitFor((f) => f.type === "ack" && f.requestId === "req-log-0001");
      const turnId = ack.type === "ack" ? ack.turnId : "";
      await socket.event("turn.completed", turnId);
      const lines = await until(
        () =>
          Promise.resolve(
            logs
              .map((l) => JSON.parse(l) as Record<string, unknown>)
              .filter(
                (l) =>
                  l.turnId === turnId && ["turn started", "turn ended"].includes(String(l.msg)),
              ),
          ),
        (found) => found.length === 2,
      );
      const origin = {
        conversationId,
        turnId,
        user: "proxy:ola",
        connectionId,
        requestId: "req-log-0001",
        clientMessageId: "cm-log-0001",
      };
      expect(lines).toEqual([
        expect.objectContaining({ ...origin, msg: "turn started" }),
        expect.objectContaining({ ...origin, msg: "turn ended", status: "completed" }),
      ]);
      // The same connection id as the socket's own lines.
      expect(
        logs.some((l) => l.includes('"msg":"WebSocket connected"') && l.includes(connectionId)),
      ).toBe(true);
      await socket.close();
    });

    it("a turn keeps running when its only socket drops, and its result is there on reload", async () => {
      gate.close();
      const socket = await as("bea");
      const conversationId = await fx.newConversation(socket);
      const turnId = await fx.send(socket, conversationId, "list pods in shop");
      await socket.close();
      expect(fx.server.hub.get(conversationId)?.run?.turnId).toBe(turnId);
      gate.open();
      const stored = await until(
        () => detail(conversationId, "bea"),
        (d) => d.turns[0]?.status !== "running",
      );
      expect(stored.turns[0]).toMatchObject({ id: turnId, status: "completed" });
      expect(stored.turns[0]!.messages.map((m) => m.role)).toEqual([
        "user",
        "assistant",
        "assistant",
      ]);
      expect(stored.turns[0]!.toolLogs.map((l) => [l.command, l.status])).toEqual([
        ["get pods -n shop", "ok"],
      ]);
    });

    it("one turn per conversation: a second message is refused with turn_in_progress, a resend is acknowledged as a duplicate", async () => {
      gate.close();
      const socket = await as("cat");
      const conversationId = await fx.newConversation(socket);
      const send = (requestId: string, clientMessageId: string, text: string) => {
        socket.send({ type: "message.send", requestId, conversationId, text, clientMessageId });
        return socket.waitFor(
          (f) => (f.type === "ack" || f.type === "error") && f.requestId === requestId,
        );
      };
      const first = await send("r1", "cm-first-0001", "list pods in shop");
      expect(first).toMatchObject({ type: "ack", duplicate: false });
      expect(await send("r2", "cm-second-001", "and now?")).toMatchObject({
        type: "error",
        code: "turn_in_progress",
        conversationId,
      });
      const resent = await send("r3", "cm-first-0001", "list pods in shop");
      expect(resent).toMatchObject({ type: "ack", duplicate: true });
      if (first.type === "ack" && resent.type === "ack") {
        expect([resent.messageId, resent.turnId]).toEqual([first.messageId, first.turnId]);
      }
      gate.open();
      if (first.type === "ack") await socket.event("turn.completed", first.turnId);
      const next = await send("r4", "cm-third-0001", "list pods in shop again");
      expect(next).toMatchObject({ type: "ack", duplicate: false });
      if (next.type === "ack") await socket.event("turn.completed", next.turnId);
      const stored = await detail(conversationId, "cat");
      expect(stored.turns.map((t) => t.status)).toEqual(["completed", "completed"]);
      expect(stored.turns[0]!.messages.filter((m) => m.role === "user")).toHaveLength(1);
      await socket.close();
    });

    it("turn.cancel stops a running turn; what it had streamed is stored with the cancellation", async () => {
      gate.close();
      const socket = await as("dan");
      const conversationId = await fx.newConversation(socket);
      const turnId = await fx.send(socket, conversationId, "list pods in shop");
      await socket.event("tool.finished", turnId);
      socket.send({ type: "turn.cancel", conversationId, turnId });
      const cancelled = await socket.event("turn.cancelled", turnId);
      expect(cancelled.event.reason).toBe("Stopped by the user.");
      const stored = await detail(conversationId, "dan");
      expect(stored.turns[0]).toMatchObject({ status: "cancelled", error: "Stopped by the user." });
      expect(stored.turns[0]!.messages[1]?.content).toBe("Looking at the pods first.");
      expect(stored.turns[0]!.toolLogs).toHaveLength(1);
      expect(stored.lastSeq).toBe(cancelled.seq);
      await socket.close();
    });

    it("per-user limits: concurrent turns (too_many_turns) and connections (4429); other users are unaffected", async () => {
      gate.close();
      const socket = await as("eve");
      const ids = [
        await fx.newConversation(socket),
        await fx.newConversation(socket),
        await fx.newConversation(socket),
      ];
      await fx.send(socket, ids[0]!, "list pods in shop");
      await fx.send(socket, ids[1]!, "list pods in shop");
      socket.send({
        type: "message.send",
        requestId: "third",
        conversationId: ids[2],
        text: "list pods in shop",
        clientMessageId: "cm-third-turn",
      });
      expect(
        await socket.waitFor((f) => f.type === "error" && f.requestId === "third"),
      ).toMatchObject({
        code: "too_many_turns",
      });
      const other = await as("fay");
      await fx.send(other, await fx.newConversation(other), "list pods in shop");

      const more = [await as("eve"), await as("eve"), await as("eve")];
      const refused = await as("eve");
      expect((await refused.closed).code).toBe(4429);
      expect(refused.frames[0]).toMatchObject({ type: "error", code: "too_many_connections" });
      gate.open();
      await Promise.all([socket, other, ...more].map((s) => s.close()));
    });

    it("rate-limits a flooding connection with error frames and serves it again once it slows down", async () => {
      const socket = await as("gus");
      for (let i = 0; i < 100; i++) socket.send({ type: "ping", requestId: `p${i}` });
      await until(
        () => Promise.resolve(socket.frames.length),
        (n) => n >= 101,
      );
      const answers = socket.frames.slice(1);
      expect(answers).toHaveLength(100);
      const limited = answers.filter((f) => f.type === "error" && f.code === "rate_limited");
      expect(limited.length).toBeGreaterThan(50);
      expect(answers.filter((f) => f.type === "pong").length).toBeGreaterThanOrEqual(30);
      // Each answer names the frame it answers.
      expect(new Set(answers.map((f) => (f as { requestId?: string }).requestId)).size).toBe(100);
      await new Promise((r) => setTimeout(r, 1_500));
      socket.send({ type: "ping", requestId: "later" });
      expect(
        await socket.waitFor((f) => f.type === "pong" && f.requestId === "later"),
      ).toBeDefined();
      await socket.close();
    });

    it("pings every socket and drops a peer that stops answering, keeping the live ones", async () => {
      const live = await as("ivy");
      const dead = await fx.socket({ headers: { "x-user": "ivy" }, autoPong: false });
      const pings: number[] = [];
      live.ws.on("ping", () => pings.push(Date.now()));
      const closed = await dead.closed;
      // The server terminates it (no close frame): the client sees an abnormal closure.
      expect(closed.code).toBe(1006);
      expect(pings.length).toBeGreaterThanOrEqual(1);
      live.send({ type: "ping", requestId: "still" });
      expect(await live.waitFor((f) => f.type === "pong" && f.requestId === "still")).toBeDefined();
      await live.close();
    });

    it("keeps users apart: another user's conversation is a 404 everywhere, and concurrent turns never cross", async () => {
      const alice = await as("alice");
      const bob = await as("bob");
      const aliceConversation = await fx.newConversation(alice, { title: "alice's" });
      expect(
        (await fx.rest(`/api/conversations/${aliceConversation}`, { user: "bob" })).status,
      ).toBe(404);
      const bobList = await fx.json<{ items: { id: string }[] }>("/api/conversations", {
        user: "bob",
      });
      expect(bobList.items.map((c) => c.id)).not.toContain(aliceConversation);
      const attempts = [
        { type: "conversation.open", requestId: "b1", conversationId: aliceConversation },
        {
          type: "message.send",
          requestId: "b2",
          conversationId: aliceConversation,
          text: "hi",
          clientMessageId: "cm-bob-0001",
        },
        { type: "turn.cancel", requestId: "b3", conversationId: aliceConversation },
        {
          type: "approval.decide",
          requestId: "b4",
          conversationId: aliceConversation,
          turnId: "t",
          decisions: [{ toolCallId: "c", decision: "approve" }],
        },
      ];
      for (const frame of attempts) {
        bob.send(frame);
        expect(
          await bob.waitFor((f) => f.type === "error" && f.requestId === frame.requestId),
        ).toMatchObject({
          code: "not_found",
        });
      }

      // Six turns at once: three users with two conversations each (their limit is 2 turns).
      gate.close();
      const users = ["u1", "u2", "u3"];
      const sockets = await Promise.all(users.map((u) => as(u)));
      const runs: { socket: TestSocket; conversationId: string; turnId: string }[] = [];
      for (const socket of sockets) {
        for (let i = 0; i < 2; i++) {
          const conversationId = await fx.newConversation(socket);
          runs.push({
            socket,
            conversationId,
            turnId: await fx.send(socket, conversationId, "list pods in shop"),
          });
        }
      }
      await until(
        () => Promise.resolve(gate.waiting),
        (n) => n === runs.length,
      );
      gate.open();
      for (const run of runs) await run.socket.event("turn.completed", run.turnId);
      for (const socket of sockets) {
        const mine = new Set(runs.filter((r) => r.socket === socket).map((r) => r.conversationId));
        const foreign = socket.events().filter((e) => !mine.has(e.conversationId));
        expect(foreign).toEqual([]);
        for (const id of mine) {
          const events = socket.events(id);
          expect(seqs(events)).toEqual(consecutive(1, events.length));
          expect(new Set(events.map((e) => e.event.turnId)).size).toBe(1);
        }
      }
      expect(alice.events().filter((e) => e.conversationId !== aliceConversation)).toEqual([]);
      expect(bob.events()).toEqual([]);
      await Promise.all([alice, bob, ...sockets].map((s) => s.close()));
    });

    it("during a graceful shutdown: /readyz answers 503, new sockets and messages are refused, and a turn that finishes within the grace period is stored completed", async () => {
      gate.close();
      const socket = await as("jon");
      const conversationId = await fx.newConversation(socket);
      const other = await fx.newConversation(socket);
      const turnId = await fx.send(socket, conversationId, "list pods in shop");
      await socket.event("tool.finished", turnId);
      const stopping = fx.server.gateway.shutdown(30_000);

      const ready = await fetch(`${fx.url}/readyz`);
      expect(ready.status).toBe(503);
      // Nothing is checked once it is going: it does not claim a database or cluster state.
      expect(await ready.json()).toEqual({
        status: "shutting_down",
        db: "unchecked",
        cluster: "unchecked",
        demo: false,
        reasons: ["the server is shutting down"],
      });
      socket.send({
        type: "message.send",
        requestId: "late",
        conversationId: other,
        text: "list pods in shop",
        clientMessageId: "cm-late-0001",
      });
      expect(
        await socket.waitFor((f) => f.type === "error" && f.requestId === "late"),
      ).toMatchObject({ code: "shutting_down", conversationId: other });
      await expect(TestSocket.open(fx.url, { headers: { "x-user": "jon" } })).rejects.toThrow(
        /503/,
      );

      gate.open();
      const end = await socket.event("turn.completed", turnId);
      await stopping;
      expect((await socket.closed).code).toBe(1001);
      await fx.restart();
      const stored = await detail(conversationId, "jon");
      expect(stored.turns).toMatchObject([{ id: turnId, status: "completed" }]);
      expect(stored.lastSeq).toBe(end.seq);
      expect((await detail(other, "jon")).turns).toEqual([]);
    });

    it("shuts down gracefully: a turn still running after the grace period is stopped and stored interrupted, sockets close with 1001", async () => {
      gate.close();
      const socket = await as("hal");
      const conversationId = await fx.newConversation(socket);
      const turnId = await fx.send(socket, conversationId, "list pods in shop");
      await socket.event("tool.finished", turnId);
      await fx.server.close();
      const cancelled = await socket.event("turn.cancelled", turnId, 1_000);
      expect(cancelled.event).toMatchObject({
        reason: "The server shut down while this turn was running.",
        interrupted: true,
      });
      expect((await socket.closed).code).toBe(1001);
      expect(await fx.server.metrics.render()).toMatch(
        /^kubemedic_turns_total\{status="interrupted"\} 1$/m,
      );

      gate.open();
      await fx.restart();
      const stored = await detail(conversationId, "hal");
      // As after a crash (it can be asked again), with what it had streamed.
      expect(stored.turns[0]).toMatchObject({
        status: "interrupted",
        error: "The server shut down while this turn was running.",
      });
      expect(stored.turns[0]!.toolLogs.map((l) => l.status)).toEqual(["ok"]);
      expect(stored.lastSeq).toBe(cancelled.seq);
    });
  });
});

import { ConversationDetail, ServerFrame, type ToolLogDto } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replicasOf, startDemo, type DemoFixture } from "./demo";
import { GatewayFixture, TEST_TOKEN } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";
import { TestSocket } from "./test-socket";

/**
 * The gateway with the offline diagnostician against the real demo cluster,
 * on PGlite and on PostgreSQL: full turns, approvals, two tabs, restarts,
 * the REST API, sign-in and refusals. Real server on port 0, real `ws`
 * clients, real database.
 */
const backends = await serverBackends();

describe.each(backends)("gateway on $name", (backend) => {
  describe.skipIf(backend.skipped !== undefined)("offline diagnostician", () => {
    let demo: DemoFixture;
    let database: ServerDatabase;
    let fx: GatewayFixture;
    beforeAll(async () => {
      demo = await startDemo();
      database = await backend.create();
      fx = await GatewayFixture.start(database, { kubeconfig: demo.kubeconfig });
    });
    afterAll(async () => {
      await fx?.close();
      await database?.dispose();
      await demo?.close();
    });

    it("runs a full turn: ack, then every event in order with consecutive seqs, and the stored detail equals what streamed", async () => {
      const socket = await fx.socket();
      const conversationId = await fx.newConversation(socket, { title: "full turn" });
      const turnId = await fx.send(socket, conversationId, "why is checkout failing in shop?");
      const end = await socket.turnEnd(turnId);
      expect(end.event.type).toBe("turn.completed");

      // Every frame is a valid ServerFrame; the ack came before the turn's first event.
      for (const frame of socket.frames) ServerFrame.parse(frame);
      const ackAt = socket.frames.findIndex((f) => f.type === "ack");
      const firstEventAt = socket.frames.findIndex((f) => f.type === "event");
      expect(ackAt).toBeGreaterThan(-1);
      expect(ackAt).toBeLessThan(firstEventAt);

      const events = socket.events(conversationId);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      const types = events.map((e) => e.event.type);
      expect(types.slice(0, 2)).toEqual(["user.message", "turn.started"]);
      expect(types.at(-1)).toBe("turn.completed");
      expect(types.at(-2)).toBe("report.ready");
      expect(types.filter((t) => t === "tool.started").length).toBeGreaterThanOrEqual(3);
      for (const e of events) {
        if (e.event.type !== "tool.finished") continue;
        const callId = e.event.toolCallId;
        const started = events.findIndex(
          (s) => s.event.type === "tool.started" && s.event.toolCallId === callId,
        );
        expect(started).toBeGreaterThan(-1);
        expect(started).toBeLessThan(events.indexOf(e));
      }

      const detail = ConversationDetail.parse(
        await fx.json(`/api/conversations/${conversationId}`),
      );
      expect(detail.lastSeq).toBe(events.at(-1)?.seq);
      expect(detail.turns).toHaveLength(1);
      const turn = detail.turns[0]!;
      expect(turn).toMatchObject({
        id: turnId,
        status: "completed",
        model: "offline diagnostician",
      });
      expect(detail.conversation.lastTurnStatus).toBe("completed");

      // Messages: the user's, then each assistant message exactly as streamed.
      const streamed = events.flatMap((e) =>
        e.event.type === "assistant.message" ? [e.event] : [],
      );
      expect(turn.messages[0]).toMatchObject({
        role: "user",
        content: "why is checkout failing in shop?",
      });
      expect(turn.messages.slice(1).map((m) => [m.id, m.content])).toEqual(
        streamed.map((m) => [m.messageId, m.content]),
      );
      for (const m of streamed) {
        const deltas = events
          .flatMap((e) =>
            e.event.type === "assistant.delta" && e.event.messageId === m.messageId
              ? [e.event.delta]
              : [],
          )
          .join("");
        if (deltas !== "") expect(deltas).toBe(m.content);
      }
      // Tool logs: one per finished call, as streamed.
      const finished = events.flatMap((e) => (e.event.type === "tool.finished" ? [e.event] : []));
      const logs = new Map(turn.toolLogs.map((l: ToolLogDto) => [l.toolCallId, l]));
      expect(logs.size).toBe(finished.length);
      for (const f of finished) {
        expect(logs.get(f.toolCallId)).toMatchObject({
          tool: f.tool,
          command: f.command,
          classification: f.classification,
          status: f.status,
          outputPreview: f.outputPreview,
          truncated: f.truncated,
        });
      }
      // The report, exactly as streamed.
      const ready = events.find((e) => e.event.type === "report.ready")!;
      expect(ready.event.type === "report.ready" && ready.event.report).toEqual(
        turn.report?.report,
      );
      expect(turn.report?.report.category).toBe("CrashLoop");
      await socket.close();
    });

    it("fans out to two tabs on one conversation: the same events with the same numbers, the sender's message included", async () => {
      const [tabA, tabB] = [await fx.socket(), await fx.socket()];
      const conversationId = await fx.newConversation(tabA);
      tabB.send({ type: "conversation.open", requestId: "b", conversationId });
      await tabB.waitFor((f) => f.type === "conversation.state");
      const turnId = await fx.send(tabA, conversationId, "list pods in shop");
      await tabA.turnEnd(turnId);
      await tabB.turnEnd(turnId);
      const view = (s: TestSocket) => s.events(conversationId).map((e) => [e.seq, e.event]);
      expect(view(tabB)).toEqual(view(tabA));
      expect(tabB.events(conversationId)[0]?.event).toMatchObject({
        type: "user.message",
        text: "list pods in shop",
      });
      // The ack went to the sender only.
      expect(tabB.frames.some((f) => f.type === "ack")).toBe(false);
      await Promise.all([tabA.close(), tabB.close()]);
    });

    it("approval round trip: the turn pauses, a message meanwhile is refused, approve runs the change on the cluster and the audit says who and when", async () => {
      const socket = await fx.socket();
      const conversationId = await fx.newConversation(socket);
      const before = await replicasOf(demo.cluster, "shop", "checkout");
      const target = before === 3 ? 4 : 3;
      const turnId = await fx.send(
        socket,
        conversationId,
        `kubectl scale deployment/checkout -n shop --replicas=${target}`,
      );
      const paused = await socket.turnEnd(turnId);
      expect(paused.event.type).toBe("approval.requested");
      if (paused.event.type !== "approval.requested") return;
      const request = paused.event.requests[0]!;
      expect(request.command).toContain("scale deployment/checkout");
      expect(`${request.preview.summary} ${request.preview.diff ?? ""}`).toMatch(/replicas/);
      expect(await replicasOf(demo.cluster, "shop", "checkout")).toBe(before);

      const waiting = ConversationDetail.parse(
        await fx.json(`/api/conversations/${conversationId}`),
      );
      expect(waiting.turns[0]?.status).toBe("awaiting_approval");
      expect(waiting.turns[0]?.approvals[0]).toMatchObject({ decision: null, decidedBy: null });

      // A second tab sees the pause in conversation.state.
      const other = await fx.socket();
      other.send({ type: "conversation.open", requestId: "o", conversationId });
      const state = await other.waitFor((f) => f.type === "conversation.state");
      expect(state.type === "conversation.state" && state.pendingApproval).toEqual({
        turnId,
        requests: paused.event.requests,
      });

      socket.send({
        type: "message.send",
        requestId: "while-paused",
        conversationId,
        text: "hello?",
        clientMessageId: "cm-while-paused",
      });
      const refused = await socket.waitFor(
        (f) => f.type === "error" && f.requestId === "while-paused",
      );
      expect(refused).toMatchObject({ code: "turn_in_progress", conversationId });
      expect(refused.type === "error" && refused.message).toMatch(/approval/);

      const decidedFrom = Date.now();
      socket.send({
        type: "approval.decide",
        conversationId,
        turnId,
        decisions: [{ toolCallId: request.toolCallId, decision: "approve" }],
      });
      const resolved = await socket.event("approval.resolved", turnId);
      expect(resolved.event.decisions[0]).toMatchObject({ decision: "approve", by: "local" });
      const done = await socket.waitFor(
        (f) =>
          f.type === "event" &&
          f.event.turnId === turnId &&
          (f.event.type === "turn.completed" || f.event.type === "turn.failed"),
      );
      expect(done.type === "event" && done.event.type).toBe("turn.completed");
      const ran = socket
        .events(conversationId)
        .find((e) => e.event.type === "tool.finished" && e.event.classification === "mutating");
      expect(ran?.event).toMatchObject({ status: "ok" });
      expect(await replicasOf(demo.cluster, "shop", "checkout")).toBe(target);
      // The other tab saw the decision and the end too.
      await other.waitFor((f) => f.type === "event" && f.event.type === "turn.completed");

      const detail = ConversationDetail.parse(
        await fx.json(`/api/conversations/${conversationId}`),
      );
      const approval = detail.turns[0]!.approvals[0]!;
      expect(approval).toMatchObject({ decision: "approve", decidedBy: "local" });
      const decidedAt = Date.parse(approval.decidedAt!);
      expect(decidedAt).toBeGreaterThanOrEqual(decidedFrom - 1_000);
      expect(decidedAt).toBeLessThanOrEqual(Date.now());
      expect(detail.turns[0]!.status).toBe("completed");
      await Promise.all([socket.close(), other.close()]);
    });

    it("reject with a reason: nothing runs, the agent says so, and the audit keeps the reason", async () => {
      const socket = await fx.socket();
      const conversationId = await fx.newConversation(socket);
      const turnId = await fx.send(
        socket,
        conversationId,
        "kubectl rollout restart deployment/cart -n shop",
      );
      const paused = await socket.turnEnd(turnId);
      expect(paused.event.type).toBe("approval.requested");
      if (paused.event.type !== "approval.requested") return;
      const toolCallId = paused.event.requests[0]!.toolCallId;
      socket.send({
        type: "approval.decide",
        conversationId,
        turnId,
        decisions: [{ toolCallId, decision: "reject", reason: "not during business hours" }],
      });
      const end = await socket.event("turn.completed", turnId);
      expect(end.event.type).toBe("turn.completed");
      const events = socket.events(conversationId);
      const mutating = events.filter(
        (e) => e.event.type === "tool.finished" && e.event.classification === "mutating",
      );
      expect(mutating.map((e) => e.event.type === "tool.finished" && e.event.status)).toEqual([
        "rejected",
      ]);
      const said = events
        .flatMap((e) => (e.event.type === "assistant.message" ? [e.event.content] : []))
        .join("\n");
      // The offline diagnostician's words: "… was not run, as you decided."
      expect(said).toMatch(/not run|reject/i);
      const detail = ConversationDetail.parse(
        await fx.json(`/api/conversations/${conversationId}`),
      );
      expect(detail.turns[0]!.approvals[0]).toMatchObject({
        decision: "reject",
        reason: "not during business hours",
        decidedBy: "local",
      });
      await socket.close();
    });

    it("a paused turn survives a restart: the new server shows the pause, resumes it, and events keep counting up", async () => {
      let socket = await fx.socket();
      const conversationId = await fx.newConversation(socket);
      const turnId = await fx.send(
        socket,
        conversationId,
        "kubectl scale deployment/cart -n shop --replicas=2",
      );
      const paused = await socket.turnEnd(turnId);
      expect(paused.event.type).toBe("approval.requested");
      if (paused.event.type !== "approval.requested") return;
      const lastSeen = paused.seq;
      await socket.close();

      await fx.restart();
      socket = await fx.socket();
      socket.send({
        type: "conversation.open",
        requestId: "r",
        conversationId,
        lastEventId: lastSeen,
      });
      const state = await socket.waitFor((f) => f.type === "conversation.state");
      if (state.type !== "conversation.state") return;
      expect(state).toMatchObject({ lastSeq: lastSeen, resync: false, missed: [] });
      expect(state.pendingApproval?.turnId).toBe(turnId);
      expect(state.turns.map((t) => t.status)).toEqual(["awaiting_approval"]);

      // A client that saw more than the server stored is told to resync.
      const ahead = await fx.socket();
      ahead.send({
        type: "conversation.open",
        requestId: "a",
        conversationId,
        lastEventId: lastSeen + 5,
      });
      expect(await ahead.waitFor((f) => f.type === "conversation.state")).toMatchObject({
        resync: true,
      });
      await ahead.close();

      socket.send({
        type: "approval.decide",
        conversationId,
        turnId,
        decisions: [{ toolCallId: paused.event.requests[0]!.toolCallId, decision: "approve" }],
      });
      const resolved = await socket.event("approval.resolved", turnId);
      expect(resolved.seq).toBe(lastSeen + 1);
      await socket.event("turn.completed", turnId);
      expect(await replicasOf(demo.cluster, "shop", "cart")).toBe(2);
      await socket.close();
    });

    it('the conversation outlives a restart: a diagnosis, a restart, then "fix it" asks to approve that diagnosis\'s fix', async () => {
      let socket = await fx.socket();
      const conversationId = await fx.newConversation(socket);
      const first = await fx.send(socket, conversationId, "why is checkout failing in shop?");
      expect((await socket.turnEnd(first)).event.type).toBe("turn.completed");
      const started = await socket.event("turn.scoped", first);
      expect(started.event.scope).toMatchObject({ namespaces: ["shop"], allNamespaces: false });
      const report = await socket.event("report.ready", first);
      expect(report.event.report.category).toBe("CrashLoop");
      await socket.close();

      await fx.restart();
      socket = await fx.socket();
      socket.send({ type: "conversation.open", requestId: "r2", conversationId });
      await socket.waitFor((f) => f.type === "conversation.state");
      const second = await fx.send(socket, conversationId, "fix it");
      const paused = await socket.turnEnd(second);
      expect(paused.event.type).toBe("approval.requested");
      if (paused.event.type !== "approval.requested") return;
      const command = paused.event.requests[0]?.command ?? "";
      expect(command).toMatch(/deployment[ /]checkout\b/);
      expect(command).toContain("-n shop");
      // The scope came from the conversation, not from the (empty) picker.
      const scoped = await socket.event("turn.scoped", second);
      expect(scoped.event.scope).toMatchObject({ namespaces: ["shop"], source: "conversation" });
      socket.send({
        type: "approval.decide",
        conversationId,
        turnId: second,
        decisions: [
          {
            toolCallId: paused.event.requests[0]!.toolCallId,
            decision: "reject",
            reason: "just checking",
          },
        ],
      });
      await socket.event("turn.completed", second);
      // Stored with the turn: a reload shows where each turn looked.
      const detail = ConversationDetail.parse(
        await fx.json(`/api/conversations/${conversationId}`),
      );
      expect(detail.turns.map((t) => t.scope?.namespaces)).toEqual([["shop"], ["shop"]]);
      await socket.close();
    });

    it("answers bad frames with error frames and stays usable", async () => {
      const socket = await fx.socket();
      const cases: [string | Buffer | Record<string, unknown>, string][] = [
        ["{not json", "invalid_json"],
        [Buffer.from([0xff, 0x00, 0x13]), "invalid_json"],
        ["[1,2]", "bad_request"],
        [{ requestId: "no-type" }, "bad_request"],
        [{ type: "nope", requestId: "unknown" }, "unknown_type"],
        [
          {
            type: "message.send",
            requestId: "empty",
            conversationId: "c",
            text: " ",
            clientMessageId: "cm-00000001",
          },
          "bad_request",
        ],
        [{ type: "ping", v: "2.0", requestId: "v2" }, "unsupported_protocol"],
        [{ type: "ping", requestId: "big", pad: "x".repeat(70_000) }, "frame_too_large"],
        [
          {
            type: "conversation.open",
            requestId: "missing",
            conversationId: "00000000-0000-0000-0000-000000000000",
          },
          "not_found",
        ],
        [
          {
            type: "turn.cancel",
            requestId: "cancel",
            conversationId: "00000000-0000-0000-0000-000000000000",
          },
          "not_found",
        ],
      ];
      for (const [frame, code] of cases) {
        socket.skipAll();
        socket.send(frame);
        const answer = await socket.next((f) => f.type === "error");
        expect([
          JSON.stringify(frame).slice(0, 60),
          answer.type === "error" && answer.code,
        ]).toEqual([JSON.stringify(frame).slice(0, 60), code]);
      }
      const errors = socket.frames.filter((f) => f.type === "error");
      expect(errors.find((f) => f.type === "error" && f.requestId === "empty")).toMatchObject({
        message: expect.stringContaining("text: message is empty") as unknown,
      });
      // A frame over the limit is not parsed at all, so its requestId cannot be echoed.
      expect(errors.filter((f) => f.type === "error" && f.code === "frame_too_large")).toHaveLength(
        1,
      );
      // Still usable.
      socket.send({ type: "ping", requestId: "alive", t: 7 });
      expect(await socket.waitFor((f) => f.type === "pong")).toEqual({
        type: "pong",
        requestId: "alive",
        t: 7,
      });
      const conversationId = await fx.newConversation(socket);
      socket.send({ type: "turn.cancel", requestId: "idle", conversationId });
      expect(
        await socket.waitFor((f) => f.type === "error" && f.requestId === "idle"),
      ).toMatchObject({
        code: "conflict",
      });
      await socket.close();
    });

    it("refuses sockets without credentials (4401), from a foreign origin (4403) and of another protocol major (4400)", async () => {
      const refusal = async (options: Parameters<typeof TestSocket.open>[1]) => {
        const socket = await TestSocket.open(fx.url, options);
        const closed = await socket.closed;
        const error = socket.frames.find((f) => f.type === "error");
        return [closed.code, error?.type === "error" ? error.code : undefined];
      };
      expect(await refusal({})).toEqual([4401, "unauthorized"]);
      expect(await refusal({ token: "wrong-token-wrong-token" })).toEqual([4401, "unauthorized"]);
      expect(await refusal({ cookie: "kubemedic_session=forged" })).toEqual([4401, "unauthorized"]);
      expect(await refusal({ token: TEST_TOKEN, origin: "http://evil.example" })).toEqual([
        4403,
        "origin_not_allowed",
      ]);
      expect(await refusal({ token: TEST_TOKEN, v: "2.0" })).toEqual([
        4400,
        "unsupported_protocol",
      ]);
      // Same-origin and version-less sockets are fine.
      const host = new URL(fx.url).host;
      const ok = await fx.socket({ token: TEST_TOKEN, origin: `http://${host}`, v: null });
      expect(ok.frames[0]).toMatchObject({
        type: "welcome",
        user: "local",
        protocolVersion: "1.1",
      });
      await ok.close();
      await expect(
        TestSocket.open(fx.url.replace(/$/, "/elsewhere"), { token: TEST_TOKEN }),
      ).rejects.toThrow();
    });
  });
});

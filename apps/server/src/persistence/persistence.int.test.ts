import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends, type TestDatabase } from "../../test/backends";
import { sampleApproval, sampleReport, TurnScript } from "../../test/turn-script";
import { isServerError, type ServerErrorCode } from "../errors";
import { DEFAULT_TITLE } from "./conversation-repository";
import { createPersistence, type Persistence } from "./persistence";
import { SEQ_BLOCK } from "./turn-repository";
import { TurnUnitOfWork } from "./turn-unit-of-work";

/**
 * The persistence conformance spec: the same behaviour on embedded PGlite and
 * on PostgreSQL (../../test/backends.ts says how each is provided).
 */
const backends = await testBackends();

async function rejectsWith(promise: Promise<unknown>, code: ServerErrorCode): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isServerError(error, code), `expected ServerError ${code}, got ${String(error)}`).toBe(
    true,
  );
}

for (const backend of backends) {
  describe.skipIf(backend.skipped !== undefined)(`persistence on ${backend.name}`, () => {
    let t: TestDatabase;
    let store: Persistence;
    const owner = `user-${randomUUID()}`;
    const failing = new Set<string>();

    beforeAll(async () => {
      t = await backend.open();
      store = createPersistence(t.db.prisma, {
        hooks: {
          beforeCommit: (turnId) => {
            if (failing.has(turnId)) throw new Error("injected failure before COMMIT");
          },
        },
      });
    });
    afterAll(() => t?.dispose());

    /** A conversation with one begun turn, ready for events. */
    async function begunTurn(text = "why is checkout failing in shop?") {
      const conversation = await store.conversations.create(owner, { namespace: "shop" });
      const begun = await store.turns.begin({
        ownerId: owner,
        conversationId: conversation.id,
        text,
      });
      if (begun.duplicate) throw new Error("unexpected duplicate");
      const script = new TurnScript(conversation.id, begun.turnId);
      return { conversation, begun, script, uow: begun.unitOfWork };
    }

    it("creates conversations and reads them back", async () => {
      const a = await store.conversations.create(owner, {
        title: "Checkout",
        clusterContext: "kind-dev",
        namespace: "shop",
      });
      const b = await store.conversations.create(owner);
      expect(a).toMatchObject({
        title: "Checkout",
        clusterContext: "kind-dev",
        namespace: "shop",
        lastTurnStatus: null,
      });
      expect(b).toMatchObject({ title: DEFAULT_TITLE, clusterContext: null, namespace: null });
      expect(await store.conversations.get(owner, a.id)).toEqual(a);
      await rejectsWith(
        store.conversations.create(owner, { namespace: "Not A Namespace" }),
        "bad_request",
      );
    });

    it("commits a turn's reply, tool logs and report together, in one unit of work", async () => {
      const { conversation, begun, script, uow } = await begunTurn();
      // The user's message is durable at once; the turn runs.
      const before = await store.conversations.detail(owner, conversation.id);
      expect(before.turns).toHaveLength(1);
      expect(before.turns[0]).toMatchObject({ status: "running", seq: 1 });
      expect(before.turns[0]?.messages.map((m) => [m.role, m.content])).toEqual([
        ["user", "why is checkout failing in shop?"],
      ]);
      expect(before.conversation.title).toBe("why is checkout failing in shop?");

      // The gateway records its own user.message too: only its seq counts.
      const frames = [
        script.frame({
          type: "user.message",
          messageId: begun.messageId,
          text: "why is checkout failing in shop?",
          createdAt: script.iso(),
        }),
        script.frame({
          type: "turn.started",
          model: "offline-diagnostician",
          startedAt: script.iso(),
        }),
        script.frame({
          type: "assistant.delta",
          messageId: `m-${begun.turnId}-1`,
          delta: "Let me ",
        }),
        script.frame({
          type: "assistant.message",
          messageId: `m-${begun.turnId}-1`,
          content: "Let me look at the pods.",
          toolCallIds: ["call-1", "call-2"],
        }),
        script.frame({
          type: "tool.started",
          toolCallId: "call-1",
          tool: "kubectl",
          command: "get pods -n shop",
          classification: "read",
          startedAt: script.iso(),
        }),
        script.frame({
          type: "tool.started",
          toolCallId: "call-2",
          tool: "kubectl",
          command: "get events -n shop",
          classification: "read",
          startedAt: script.iso(),
        }),
        script.frame({
          type: "tool.finished",
          toolCallId: "call-2",
          tool: "kubectl",
          command: "get events -n shop",
          classification: "read",
          status: "ok",
          durationMs: 12,
          outputPreview: 'configmap "checkout-config" not found',
          truncated: false,
        }),
        script.frame({
          type: "tool.finished",
          toolCallId: "call-1",
          tool: "kubectl",
          command: "get pods -n shop",
          classification: "read",
          status: "ok",
          durationMs: 30,
          outputPreview: "checkout-7d9  0/1  CrashLoopBackOff\u0000",
          truncated: true,
        }),
        script.frame({
          type: "report.ready",
          reportId: `r-${begun.turnId}`,
          report: sampleReport(),
          degraded: false,
        }),
        script.frame({
          type: "assistant.message",
          messageId: `m-${begun.turnId}-2`,
          content: "The ConfigMap is missing.",
          toolCallIds: [],
        }),
      ];
      for (const frame of frames) expect(await uow.record(frame)).toBeUndefined();
      // Nothing of the turn's outputs is visible before it ends.
      const midway = await store.conversations.detail(owner, conversation.id);
      expect(midway.turns[0]?.messages).toHaveLength(1);
      expect(midway.turns[0]?.toolLogs).toHaveLength(0);
      expect(midway.lastSeq).toBe(0);

      const commit = await uow.record(
        script.frame({
          type: "turn.completed",
          durationMs: 4200,
          usage: { inputTokens: 1200, outputTokens: 300 },
          partial: false,
        }),
      );
      expect(commit).toMatchObject({
        status: "completed",
        messages: 2,
        toolLogs: 2,
        reports: 1,
        approvals: 0,
      });
      expect(uow.state).toBe("committed");

      const detail = await store.conversations.detail(owner, conversation.id);
      expect(detail.lastSeq).toBe(script.lastSeq);
      expect(detail.conversation.lastTurnStatus).toBe("completed");
      const turn = detail.turns[0];
      expect(turn).toMatchObject({
        status: "completed",
        model: "offline-diagnostician",
        usage: { inputTokens: 1200, outputTokens: 300 },
        error: null,
      });
      expect(turn?.finishedAt).not.toBeNull();
      expect(turn?.messages.map((m) => [m.seq, m.role, m.content])).toEqual([
        [1, "user", "why is checkout failing in shop?"],
        [2, "assistant", "Let me look at the pods."],
        [3, "assistant", "The ConfigMap is missing."],
      ]);
      expect(turn?.messages[1]?.id).toBe(`m-${begun.turnId}-1`);
      expect(turn?.messages[1]?.toolCalls).toEqual([
        { id: "call-1", name: "kubectl", args: { command: "get pods -n shop" } },
        { id: "call-2", name: "kubectl", args: { command: "get events -n shop" } },
      ]);
      expect(
        turn?.toolLogs.map((l) => [l.toolCallId, l.status, l.durationMs, l.truncated]),
      ).toEqual([
        ["call-1", "ok", 30, true],
        ["call-2", "ok", 12, false],
      ]);
      expect(turn?.toolLogs[0]?.outputPreview).toBe("checkout-7d9  0/1  CrashLoopBackOff\uFFFD");
      // Timestamps round-trip to the millisecond, in UTC, whatever writes them.
      const startedOf = (type: string, index = 0) =>
        frames
          .filter((f) => f.event.type === type)
          .map((f) => (f.event as { startedAt: string }).startedAt)[index];
      expect(turn?.startedAt).toBe(startedOf("turn.started"));
      expect(turn?.toolLogs.map((l) => l.startedAt)).toEqual([
        startedOf("tool.started", 0),
        startedOf("tool.started", 1),
      ]);
      expect(turn?.report).toMatchObject({
        id: `r-${begun.turnId}`,
        degraded: false,
        report: sampleReport(),
      });
    });

    it("leaves no trace of a turn's outputs when its commit fails, and keeps the user's message", async () => {
      const { conversation, begun, script, uow } = await begunTurn("is the database ok?");
      failing.add(begun.turnId);
      await uow.record(
        script.frame({
          type: "assistant.message",
          messageId: randomUUID(),
          content: "Checking.",
          toolCallIds: ["c1"],
        }),
      );
      await uow.record(
        script.frame({
          type: "tool.finished",
          toolCallId: "c1",
          tool: "kubectl",
          command: "get pods",
          classification: "read",
          status: "ok",
          durationMs: 5,
          outputPreview: "…",
          truncated: false,
        }),
      );
      await uow.record(
        script.frame({ type: "report.ready", report: sampleReport(), degraded: false }),
      );
      await rejectsWith(
        uow.record(script.frame({ type: "turn.completed", durationMs: 100, partial: false })),
        "internal",
      );
      expect(uow.state).toBe("failed");

      const detail = await store.conversations.detail(owner, conversation.id);
      const turn = detail.turns[0];
      expect(turn?.messages.map((m) => m.role)).toEqual(["user"]);
      expect(turn?.toolLogs).toEqual([]);
      expect(turn?.report).toBeNull();
      expect(turn).toMatchObject({
        status: "failed",
        error: "The results of this turn could not be saved.",
      });
      // Event numbers already sent stay used.
      expect(detail.lastSeq).toBe(script.lastSeq);
      // The conversation is usable again.
      const next = await store.turns.begin({
        ownerId: owner,
        conversationId: conversation.id,
        text: "again",
      });
      expect(next).toMatchObject({ duplicate: false, turnSeq: 2 });
    });

    it("pages a user's conversations by recency with an opaque cursor, and searches titles", async () => {
      const pager = `pager-${randomUUID()}`;
      const created = [];
      for (let i = 0; i < 23; i++)
        created.push(
          await store.conversations.create(pager, {
            title: `Incident ${i}${i === 7 ? " 100%_cpu" : ""}`,
          }),
        );
      await store.conversations.create(`someone-else-${randomUUID()}`, { title: "Incident X" });
      const expected = [...created]
        .sort((x, y) => y.updatedAt.localeCompare(x.updatedAt) || y.id.localeCompare(x.id))
        .map((c) => c.id);

      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await store.conversations.list(pager, { limit: 10, cursor });
        seen.push(...page.items.map((c) => c.id));
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor !== undefined);
      expect(pages).toBe(3);
      expect(seen).toEqual(expected);

      // Activity moves a conversation to the top; a rename does not.
      const oldest = created[0]!;
      await store.turns.begin({ ownerId: pager, conversationId: oldest.id, text: "hello again" });
      await store.conversations.update(pager, created[1]!.id, { title: "Renamed" });
      const first = await store.conversations.list(pager, { limit: 2 });
      expect(first.items[0]?.id).toBe(oldest.id);
      expect(first.items[0]?.lastTurnStatus).toBe("running");
      expect(first.items[1]?.id).not.toBe(created[1]!.id);

      // "Incident 1" was renamed above: 10 to 19 are left.
      expect((await store.conversations.list(pager, { q: "incident 1" })).items).toHaveLength(10);
      // LIKE wildcards in the search are literal characters.
      expect(
        (await store.conversations.list(pager, { q: "100%_C" })).items.map((c) => c.title),
      ).toEqual(["Incident 7 100%_cpu"]);
      expect((await store.conversations.list(pager, { q: "%" })).items.map((c) => c.title)).toEqual(
        ["Incident 7 100%_cpu"],
      );
      expect((await store.conversations.list(pager, { q: "\\" })).items).toEqual([]);
      await rejectsWith(store.conversations.list(pager, { cursor: "garbage" }), "bad_request");
    });

    it("commits turns of different conversations concurrently without interference", async () => {
      const runs = await Promise.all([1, 2, 3, 4].map((n) => begunTurn(`question ${n}`)));
      const frames = runs.map(({ script }, n) => [
        script.frame({
          type: "assistant.message",
          messageId: randomUUID(),
          content: `answer ${n}`,
          toolCallIds: [`tc-${n}`],
        }),
        script.frame({
          type: "tool.finished",
          toolCallId: `tc-${n}`,
          tool: "kubectl",
          command: `get pods -n ns${n}`,
          classification: "read",
          status: "ok",
          durationMs: n,
          outputPreview: `out ${n}`,
          truncated: false,
        }),
        script.frame({
          type: "report.ready",
          report: sampleReport({ summary: `summary ${n}` }),
          degraded: n % 2 === 0,
        }),
      ]);
      // Interleave the buffering, then end all turns at once.
      for (let i = 0; i < 3; i++)
        for (const [n, run] of runs.entries()) await run.uow.record(frames[n]![i]!);
      const commits = await Promise.all(
        runs.map(({ uow, script }) =>
          uow.record(script.frame({ type: "turn.completed", durationMs: 50, partial: false })),
        ),
      );
      expect(commits.map((c) => c?.status)).toEqual([
        "completed",
        "completed",
        "completed",
        "completed",
      ]);

      for (const [n, { conversation }] of runs.entries()) {
        const turn = (await store.conversations.detail(owner, conversation.id)).turns[0];
        expect(turn?.messages.map((m) => m.content)).toEqual([`question ${n + 1}`, `answer ${n}`]);
        expect(turn?.toolLogs.map((l) => l.command)).toEqual([`get pods -n ns${n}`]);
        expect(turn?.report?.report.summary).toBe(`summary ${n}`);
      }
    });

    it("keeps the agent's message and report ids, or gives a fresh one when an id is taken", async () => {
      const first = await begunTurn("one");
      const second = await begunTurn("two");
      for (const run of [first, second]) {
        await run.uow.record(
          run.script.frame({
            type: "assistant.message",
            messageId: "msg-reused",
            content: run.conversation.id,
            toolCallIds: [],
          }),
        );
        await run.uow.record(
          run.script.frame({
            type: "report.ready",
            reportId: "report-reused",
            report: sampleReport(),
            degraded: false,
          }),
        );
        expect(
          await run.uow.record(
            run.script.frame({ type: "turn.completed", durationMs: 1, partial: false }),
          ),
        ).toMatchObject({ status: "completed" });
      }
      const [a, b] = await Promise.all(
        [first, second].map((r) => store.conversations.detail(owner, r.conversation.id)),
      );
      expect(a?.turns[0]?.messages[1]).toMatchObject({
        id: "msg-reused",
        content: first.conversation.id,
      });
      expect(a?.turns[0]?.report?.id).toBe("report-reused");
      expect(b?.turns[0]?.messages[1]?.content).toBe(second.conversation.id);
      expect(b?.turns[0]?.messages[1]?.id).not.toBe("msg-reused");
      expect(b?.turns[0]?.report?.id).not.toBe("report-reused");
    });

    it("makes sending the same clientMessageId twice a no-op, even concurrently", async () => {
      const conversation = await store.conversations.create(owner);
      const send = () =>
        store.turns.begin({
          ownerId: owner,
          conversationId: conversation.id,
          text: "restart checkout",
          clientMessageId: "client-msg-0001",
        });
      const results = await Promise.all([send(), send(), send()]);
      const created = results.filter((r) => !r.duplicate);
      expect(created).toHaveLength(1);
      for (const r of results)
        expect([r.turnId, r.messageId]).toEqual([created[0]?.turnId, created[0]?.messageId]);
      const again = await send();
      expect(again).toMatchObject({ duplicate: true, turnId: created[0]?.turnId });

      const detail = await store.conversations.detail(owner, conversation.id);
      expect(detail.turns).toHaveLength(1);
      expect(detail.turns[0]?.messages).toHaveLength(1);
      const found = await store.messages.findByClientMessageId(
        owner,
        conversation.id,
        "client-msg-0001",
      );
      expect(found).toMatchObject({
        id: created[0]?.messageId,
        role: "user",
        content: "restart checkout",
      });
      // The id is scoped to its conversation.
      const other = await store.conversations.create(owner);
      expect(
        await store.turns.begin({
          ownerId: owner,
          conversationId: other.id,
          text: "hi",
          clientMessageId: "client-msg-0001",
        }),
      ).toMatchObject({ duplicate: false });
    });

    it("refuses a second turn while one runs or waits, and audits approvals", async () => {
      const { conversation, begun, script, uow } = await begunTurn("scale checkout to 3");
      await rejectsWith(
        store.turns.begin({ ownerId: owner, conversationId: conversation.id, text: "and?" }),
        "turn_in_progress",
      );

      await uow.record(
        script.frame({
          type: "assistant.message",
          messageId: randomUUID(),
          content: "I will scale it.",
          toolCallIds: ["mut-1"],
        }),
      );
      const paused = await uow.record(
        script.frame({ type: "approval.requested", requests: [sampleApproval("mut-1")] }),
      );
      expect(paused).toMatchObject({ status: "awaiting_approval", approvals: 1 });
      const state = await store.conversations.state(owner, conversation.id);
      expect(state.pendingApproval).toEqual({
        turnId: begun.turnId,
        requests: [sampleApproval("mut-1")],
      });
      expect(state.turns[0]?.status).toBe("awaiting_approval");
      await rejectsWith(
        store.turns.begin({ ownerId: owner, conversationId: conversation.id, text: "and?" }),
        "turn_in_progress",
      );

      const decide = (toolCallId: string) =>
        store.turns.resume({
          ownerId: owner,
          conversationId: conversation.id,
          turnId: begun.turnId,
          decisions: [{ toolCallId, decision: "approve", by: owner, at: script.iso() }],
        });
      await rejectsWith(decide("not-pending"), "no_pending_approval");
      await rejectsWith(
        store.turns.resume({
          ownerId: "intruder",
          conversationId: conversation.id,
          turnId: begun.turnId,
          decisions: [],
        }),
        "not_found",
      );
      const resumed = await decide("mut-1");
      // The decision is durable before the rest of the turn runs.
      const audited = (await store.conversations.detail(owner, conversation.id)).turns[0];
      expect(audited?.status).toBe("running");
      expect(audited?.approvals[0]).toMatchObject({
        toolCallId: "mut-1",
        decision: "approve",
        decidedBy: owner,
        command: "rollout restart deploy/checkout -n shop",
      });
      await rejectsWith(decide("mut-1"), "no_pending_approval");

      await resumed.record(
        script.frame({
          type: "approval.resolved",
          decisions: [{ toolCallId: "mut-1", decision: "approve", by: owner, at: script.iso() }],
        }),
      );
      await resumed.record(
        script.frame({
          type: "tool.finished",
          toolCallId: "mut-1",
          tool: "kubectl",
          command: "rollout restart deploy/checkout -n shop",
          classification: "mutating",
          status: "ok",
          durationMs: 80,
          outputPreview: "restarted",
          truncated: false,
        }),
      );
      await resumed.record(
        script.frame({ type: "turn.completed", durationMs: 900, partial: false }),
      );
      const done = await store.conversations.detail(owner, conversation.id);
      expect(done.turns[0]).toMatchObject({ status: "completed" });
      expect(done.turns[0]?.toolLogs.map((l) => [l.toolCallId, l.classification])).toEqual([
        ["mut-1", "mutating"],
      ]);
      expect(done.turns[0]?.messages[1]?.toolCalls).toEqual([
        {
          id: "mut-1",
          name: "kubectl",
          args: { command: "rollout restart deploy/checkout -n shop" },
        },
      ]);
      expect((await store.conversations.state(owner, conversation.id)).pendingApproval).toBeNull();
    });

    it("stores what the user saw of a cancelled turn", async () => {
      const { conversation, script, uow } = await begunTurn();
      await uow.record(
        script.frame({
          type: "assistant.delta",
          messageId: "partial-" + randomUUID(),
          delta: "Looking at the ",
        }),
      );
      await uow.record(
        script.frame({
          type: "tool.started",
          toolCallId: "slow",
          tool: "kubectl",
          command: "logs checkout-7d9 -n shop",
          classification: "read",
          startedAt: script.iso(),
        }),
      );
      await uow.record(
        script.frame({ type: "turn.cancelled", reason: "stopped by the user" }, 500),
      );
      const turn = (await store.conversations.detail(owner, conversation.id)).turns[0];
      expect(turn).toMatchObject({ status: "cancelled", error: "stopped by the user" });
      expect(turn?.messages.map((m) => m.content)).toEqual([
        "why is checkout failing in shop?",
        "Looking at the ",
      ]);
      // It started at t, its frame came 10 ms later and the cancel 500 ms after that.
      expect(turn?.toolLogs.map((l) => [l.toolCallId, l.status, l.durationMs])).toEqual([
        ["slow", "cancelled", 510],
      ]);
    });

    it("scopes every read and write to the owner", async () => {
      const mine = await store.conversations.create(owner, { title: "Private" });
      await store.turns.begin({
        ownerId: owner,
        conversationId: mine.id,
        text: "secret question",
        clientMessageId: "owner-scope-1",
      });
      const intruder = `intruder-${randomUUID()}`;
      await rejectsWith(store.conversations.get(intruder, mine.id), "not_found");
      await rejectsWith(store.conversations.detail(intruder, mine.id), "not_found");
      await rejectsWith(store.conversations.state(intruder, mine.id), "not_found");
      await rejectsWith(
        store.conversations.update(intruder, mine.id, { title: "Mine now" }),
        "not_found",
      );
      await rejectsWith(store.conversations.delete(intruder, mine.id), "not_found");
      await rejectsWith(
        store.turns.begin({ ownerId: intruder, conversationId: mine.id, text: "hi" }),
        "not_found",
      );
      expect(
        await store.messages.findByClientMessageId(intruder, mine.id, "owner-scope-1"),
      ).toBeNull();
      expect((await store.conversations.list(intruder)).items).toEqual([]);
      expect((await store.conversations.get(owner, mine.id)).title).toBe("Private");
      await rejectsWith(store.conversations.get(owner, randomUUID()), "not_found");
    });

    it("renames, retargets and deletes with everything under the conversation", async () => {
      const { conversation, script, uow } = await begunTurn();
      await uow.record(
        script.frame({ type: "report.ready", report: sampleReport(), degraded: true }),
      );
      await uow.record(script.frame({ type: "turn.completed", durationMs: 1, partial: false }));
      const renamed = await store.conversations.update(owner, conversation.id, {
        title: "Checkout outage",
        namespace: null,
      });
      expect(renamed).toMatchObject({ title: "Checkout outage", namespace: null });
      await rejectsWith(store.conversations.update(owner, conversation.id, {}), "bad_request");
      await store.conversations.delete(owner, conversation.id);
      await rejectsWith(store.conversations.detail(owner, conversation.id), "not_found");
      const prisma = t.db.prisma;
      expect(await prisma.turn.count({ where: { conversationId: conversation.id } })).toBe(0);
      expect(await prisma.message.count({ where: { conversationId: conversation.id } })).toBe(0);
      expect(
        await prisma.diagnosisReport.count({
          where: { turn: { conversationId: conversation.id } },
        }),
      ).toBe(0);
    });

    // Last: it restarts the database.
    it("marks turns left running as interrupted at start, and keeps turns waiting for approval", async () => {
      const running = await begunTurn("still running when the server died");
      const waiting = await begunTurn("waiting for approval");
      await waiting.uow.record(
        waiting.script.frame({ type: "approval.requested", requests: [sampleApproval("w-1")] }),
      );

      const db = await t.reopen();
      const restarted = createPersistence(db.prisma);
      expect(await restarted.turns.markInterrupted()).toBeGreaterThanOrEqual(1);
      const interrupted = (await restarted.conversations.detail(owner, running.conversation.id))
        .turns[0];
      expect(interrupted).toMatchObject({
        status: "interrupted",
        error: "The server stopped while this turn was running.",
      });
      expect(interrupted?.messages.map((m) => m.content)).toEqual([
        "still running when the server died",
      ]);
      expect(
        (await restarted.conversations.state(owner, waiting.conversation.id)).pendingApproval
          ?.turnId,
      ).toBe(waiting.begun.turnId);
      // A unit of work of the dead process cannot overwrite the recovery.
      const late = new TurnUnitOfWork(db.prisma, running.conversation.id, running.begun.turnId);
      await rejectsWith(
        late.record(
          running.script.frame({ type: "turn.completed", durationMs: 1, partial: false }),
        ),
        "conflict",
      );
      expect(await restarted.turns.markInterrupted()).toBe(0);
    });

    it("reserves event numbers before they are sent, releases them at commit, and continues above them after a crash", async () => {
      // The test before restarted the database: work on the open one.
      store = createPersistence((await t.reopen()).prisma);
      const cut = await begunTurn("cut off mid-turn");
      expect(cut.begun.reservedSeq).toBe(SEQ_BLOCK);
      // The gateway's counter is ahead of the database: the reservation starts above it.
      expect(await store.turns.reserveEventSeqs(cut.conversation.id, 1_500)).toBe(
        1_500 + SEQ_BLOCK,
      );
      // Never lower than a reservation already made.
      expect(await store.turns.reserveEventSeqs(cut.conversation.id, 10)).toBe(1_500 + SEQ_BLOCK);

      const done = await begunTurn("finished before the crash");
      await done.uow.record(
        done.script.frame({
          type: "user.message",
          messageId: done.begun.messageId,
          text: "x",
          createdAt: done.script.iso(),
        }),
      );
      await done.uow.record(
        done.script.frame({ type: "turn.completed", durationMs: 1, partial: false }),
      );
      const floor = done.script.lastSeq;
      const next = await store.turns.begin({
        ownerId: owner,
        conversationId: done.conversation.id,
        text: "and then",
        seqFloor: floor,
      });
      expect(next).toMatchObject({ duplicate: false, reservedSeq: floor + SEQ_BLOCK });
      if (next.duplicate) return;
      await next.unitOfWork.record(
        new TurnScript(done.conversation.id, next.turnId, floor).frame({
          type: "turn.completed",
          durationMs: 1,
          partial: false,
        }),
      );

      const db = await t.reopen();
      const restarted = createPersistence(db.prisma);
      await restarted.turns.markInterrupted();
      // Cut off: anything up to the reservation may have been seen; numbering goes on above it.
      expect((await restarted.conversations.state(owner, cut.conversation.id)).lastSeq).toBe(
        1_500 + SEQ_BLOCK,
      );
      // Committed: the unused reservation was released, the numbers stay as they were.
      expect((await restarted.conversations.state(owner, done.conversation.id)).lastSeq).toBe(
        floor + 1,
      );
    });
  });
}

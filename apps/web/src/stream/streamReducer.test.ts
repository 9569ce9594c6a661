import type { EventFrame, ServerFrame, ServerFrameOf } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import {
  at,
  fixDetail,
  fixFrames,
  frame,
  investigationDetail,
  investigationFrames,
  sampleApproval,
} from "./eventFixtures";
import { activeTurn, hasGap, resumePoint, turnGoingOn } from "./selectors";
import { initialStreamState, MAX_PENDING_FRAMES, streamReducer } from "./streamReducer";
import type { ConversationStream, StreamAction, StreamState, TurnView } from "./streamTypes";

const C = "conv-1";

function reduce(actions: readonly StreamAction[], state: StreamState = initialStreamState) {
  return actions.reduce(streamReducer, state);
}
const frames = (list: readonly ServerFrame[]): StreamAction[] =>
  list.map((f) => ({ type: "frame", frame: f }));
const conv = (state: StreamState, id = C): ConversationStream => {
  const c = state.conversations[id];
  if (c === undefined) throw new Error(`no conversation ${id}`);
  return c;
};
/** What the user sees, without timestamps that legitimately differ between paths. */
function shape(turns: readonly TurnView[]) {
  return turns.map((t) => ({
    id: t.id,
    status: t.status,
    items: t.items.map((i) => {
      switch (i.kind) {
        case "user":
          return [i.key, i.text];
        case "assistant":
          return [i.key, i.text, i.streaming];
        case "tool":
          return [i.key, i.command, i.status, i.output, i.truncated];
        case "approval":
          return [i.key, i.entries.map((e) => [e.toolCallId, e.decision?.decision ?? null])];
        case "report":
          return [i.key, i.report.category];
        case "plan":
          return [i.key, i.plan.plan?.steps.map((st) => [st.id, st.status]) ?? null];
        case "verification":
          return [i.key, i.result?.outcome ?? null, i.checks.map((c) => c.state), i.elapsedMs];
        case "clarification":
          return [i.key, i.question, i.choices.map((c) => c.reply)];
      }
    }),
  }));
}
/** A deterministic shuffle (mulberry32), so a failing order can be replayed. */
function shuffled<T>(list: readonly T[], seed: number): T[] {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
function stateFrame(
  overrides: Partial<ServerFrameOf<"conversation.state">> = {},
): ServerFrameOf<"conversation.state"> {
  return {
    type: "conversation.state",
    conversation: investigationDetail(C, "turn-1").conversation,
    turns: [],
    missed: [],
    lastSeq: 0,
    resync: false,
    pendingApproval: null,
    ...overrides,
  };
}

describe("streamReducer: sequencing", () => {
  const all = investigationFrames(C, "turn-1");

  it("builds the conversation from a full live investigation", () => {
    const c = conv(reduce(frames(all)));
    expect(c.lastSeq).toBe(13);
    expect(c.hydrated).toBe(true); // an unbroken history from seq 1
    expect(c.pending).toEqual([]);
    expect(shape(c.turns)).toEqual([
      {
        id: "turn-1",
        status: "completed",
        items: [
          ["u:turn-1-u", "why is checkout failing in shop?"],
          ["a:turn-1-a1", "Looking at the shop namespace.", false],
          ["t:turn-1-c1", "get pods -n shop", "ok", expect.stringContaining("truncated"), true],
          ["t:turn-1-c2", "get events -n shop", "ok", expect.stringContaining("NAME"), true],
          ["a:turn-1-a2", "The pod crashes.", false],
          ["r:turn-1", "MissingConfig"],
        ],
      },
    ]);
    expect(c.turns[0]?.model).toBe("offline-diagnostician");
    expect(c.turns[0]?.durationMs).toBe(1200);
  });

  it("drops duplicate frames: every frame delivered twice gives the same view", () => {
    const once = conv(reduce(frames(all)));
    const twice = conv(reduce(frames(all.flatMap((f) => [f, f]))));
    expect(twice).toEqual(once);
    const replayedAfter = conv(reduce(frames(all), reduce(frames(all))));
    expect(replayedAfter).toEqual(once);
  });

  it("returns the same state object for a duplicate, so nothing re-renders", () => {
    const state = reduce(frames(all));
    expect(streamReducer(state, { type: "frame", frame: all[4] as EventFrame })).toBe(state);
  });

  it("gives the same view for any arrival order (50 shuffles)", () => {
    const expected = conv(reduce(frames(all)));
    for (let seed = 1; seed <= 50; seed++) {
      const c = conv(reduce(frames(shuffled(all, seed))));
      expect(c.turns, `seed ${seed}`).toEqual(expected.turns);
      expect(c.lastSeq).toBe(13);
      expect(c.pending).toEqual([]);
    }
  });

  it("holds frames behind a gap and applies them once it fills", () => {
    const [f1, f2, f3, f4, f5, f6, f7] = all.slice(0, 7) as [
      EventFrame,
      EventFrame,
      EventFrame,
      EventFrame,
      EventFrame,
      EventFrame,
      EventFrame,
    ];
    let state = reduce(frames([f1, f2, f3, f6, f7]));
    let c = conv(state);
    expect(c.lastSeq).toBe(3);
    expect(c.pending.map((f) => f.seq)).toEqual([6, 7]);
    expect(hasGap(c)).toBe(true);
    // Nothing past the gap shows: the first delta is there, no tool card yet.
    expect(c.turns[0]?.items.map((i) => i.key)).toEqual(["u:turn-1-u", "a:turn-1-a1"]);
    state = reduce(frames([f5]), state);
    expect(conv(state).lastSeq).toBe(3);
    state = reduce(frames([f4]), state);
    c = conv(state);
    expect(c.lastSeq).toBe(7);
    expect(c.pending).toEqual([]);
    expect(hasGap(c)).toBe(false);
    expect(c.turns[0]?.items.map((i) => i.key)).toContain("t:turn-1-c2");
  });

  it("does not apply anything before seq 1 is known when it joins mid-stream", () => {
    const c = conv(reduce(frames(all.slice(5))));
    expect(c.hydrated).toBe(false);
    expect(c.lastSeq).toBe(0);
    expect(c.turns).toEqual([]);
    expect(c.pending).toHaveLength(8);
    expect(resumePoint(c)).toBeUndefined();
  });

  it("concatenates deltas and ignores a late delta once the message is complete", () => {
    const late = frame(C, 14, {
      type: "assistant.delta",
      turnId: "turn-1",
      messageId: "turn-1-a1",
      delta: " (again)",
    });
    const c = conv(reduce(frames([...all, late])));
    expect(c.lastSeq).toBe(14);
    expect(c.turns[0]?.items[1]).toMatchObject({ text: "Looking at the shop namespace." });
  });

  it("shows a streaming message while deltas arrive", () => {
    const c = conv(reduce(frames(all.slice(0, 4))));
    expect(c.turns[0]?.items[1]).toMatchObject({
      kind: "assistant",
      text: "Looking at the shop namespace.",
      streaming: true,
    });
    expect(activeTurn(c)?.id).toBe("turn-1");
  });

  it("gives up on a gap that buffers too much and asks for a re-fetch", () => {
    const first = frame(C, 1, { type: "turn.started", turnId: "t", model: "m", startedAt: at(0) });
    const flood = Array.from({ length: MAX_PENDING_FRAMES + 1 }, (_, i) =>
      frame(C, i + 3, { type: "assistant.delta", turnId: "t", messageId: "m", delta: "x" }),
    );
    const c = conv(reduce(frames([first, ...flood])));
    expect(c.stale).toBe(true);
    expect(c.pending).toEqual([]);
  });
});

describe("streamReducer: hydrate from REST", () => {
  const live = investigationFrames(C, "turn-1");
  const detail = investigationDetail(C, "turn-1", 13);

  it("builds the same view from the stored conversation as from the live stream", () => {
    const fromRest = conv(reduce([{ type: "hydrate", detail }]));
    const fromLive = conv(reduce(frames(live)));
    expect(shape(fromRest.turns)).toEqual(shape(fromLive.turns));
    expect(fromRest.lastSeq).toBe(13);
    expect(fromRest.hydrated).toBe(true);
  });

  it("ignores a replay of everything the snapshot already holds", () => {
    const hydrated = reduce([{ type: "hydrate", detail }]);
    expect(reduce(frames(live), hydrated)).toBe(hydrated);
  });

  it("ignores a snapshot older than what the stream applied", () => {
    const state = reduce(frames(live));
    const older = investigationDetail(C, "turn-1", 5);
    expect(streamReducer(state, { type: "hydrate", detail: older })).toBe(state);
  });

  it("applies frames that arrived before the snapshot, past its lastSeq", () => {
    const second = investigationFrames(C, "turn-2", 14, "client-msg-0002");
    const state = reduce([...frames(second), { type: "hydrate", detail }]);
    const c = conv(state);
    expect(c.lastSeq).toBe(26);
    expect(c.turns.map((t) => [t.id, t.status])).toEqual([
      ["turn-1", "completed"],
      ["turn-2", "completed"],
    ]);
  });

  it("keeps what a running turn showed when the snapshot lacks its uncommitted outputs", () => {
    // Mid-turn the server has committed only the user's message.
    const running = investigationDetail(C, "turn-1", 13);
    const turn = running.turns[0];
    if (turn === undefined) throw new Error("fixture");
    const midTurn = {
      ...running,
      lastSeq: 7,
      turns: [
        {
          ...turn,
          status: "running" as const,
          finishedAt: null,
          messages: turn.messages.slice(0, 1),
          toolLogs: [],
          report: null,
        },
      ],
    };
    const shown = reduce(frames(live.slice(0, 7)));
    const c = conv(reduce([{ type: "hydrate", detail: midTurn }], shown));
    expect(c.turns[0]?.items.map((i) => i.key)).toEqual([
      "u:turn-1-u",
      "a:turn-1-a1",
      "t:turn-1-c1",
      "t:turn-1-c2",
    ]);
    expect(c.turns[0]?.status).toBe("running");
    // …and the stream continues from there.
    const done = conv(
      reduce(frames(live.slice(7)), reduce([{ type: "hydrate", detail: midTurn }], shown)),
    );
    expect(shape(done.turns)).toEqual(shape(conv(reduce(frames(live))).turns));
  });
});

describe("streamReducer: conversation.state (resume)", () => {
  const live = investigationFrames(C, "turn-1");

  it("applies the missed events of a resume", () => {
    const before = reduce(frames(live.slice(0, 4)));
    const c = conv(
      reduce(
        frames([
          stateFrame({
            missed: live.slice(4),
            lastSeq: 13,
            turns: [summary("turn-1", "completed")],
          }),
        ]),
        before,
      ),
    );
    expect(c.lastSeq).toBe(13);
    expect(c.stale).toBe(false);
    expect(shape(c.turns)).toEqual(shape(conv(reduce(frames(live))).turns));
  });

  it("overlapping missed events and live frames are applied once", () => {
    const before = reduce(frames(live.slice(0, 6)));
    const after = reduce(
      frames([
        ...live.slice(4, 9),
        stateFrame({ missed: live.slice(3), lastSeq: 13 }),
        ...live.slice(8),
      ]),
      before,
    );
    expect(conv(after).turns).toEqual(conv(reduce(frames(live))).turns);
  });

  it("marks the conversation stale on resync and re-bases on the next snapshot", () => {
    const before = reduce(frames(live.slice(0, 6)));
    let state = reduce(frames([stateFrame({ resync: true, lastSeq: 13, missed: [] })]), before);
    expect(conv(state).stale).toBe(true);
    // Live frames keep arriving and wait for the snapshot, even those that continue lastSeq.
    state = reduce(frames(live.slice(6, 9)), state);
    expect(conv(state).lastSeq).toBe(6);
    expect(conv(state).pending.map((f) => f.seq)).toEqual([7, 8, 9]);
    const second = investigationFrames(C, "turn-2", 14, "client-msg-0002");
    state = reduce(frames(second.slice(0, 3)), state);
    expect(conv(state).turns).toHaveLength(1);
    state = reduce([{ type: "hydrate", detail: investigationDetail(C, "turn-1", 13) }], state);
    const c = conv(state);
    expect(c.stale).toBe(false);
    expect(c.lastSeq).toBe(16);
    expect(c.turns.map((t) => t.id)).toEqual(["turn-1", "turn-2"]);
    expect(c.turns[0]?.status).toBe("completed");
  });

  it("treats a numbering that went backwards as a resync", () => {
    const before = reduce(frames(live));
    const c = conv(reduce(frames([stateFrame({ lastSeq: 4 })]), before));
    expect(c.stale).toBe(true);
    // The next snapshot is accepted even though its lastSeq is lower than ours.
    const rebased = conv(
      reduce(
        [{ type: "hydrate", detail: investigationDetail(C, "turn-1", 4) }],
        reduce(frames([stateFrame({ lastSeq: 4 })]), before),
      ),
    );
    expect(rebased.lastSeq).toBe(4);
    expect(rebased.stale).toBe(false);
  });

  it("takes the server's turn status: a running turn left by a restart is interrupted", () => {
    const before = reduce(frames(live.slice(0, 7)));
    const c = conv(
      reduce(
        frames([stateFrame({ lastSeq: 7, turns: [summary("turn-1", "interrupted")] })]),
        before,
      ),
    );
    const turn = c.turns[0];
    expect(turn?.status).toBe("interrupted");
    // No spinner survives: the running tool calls and the text stop.
    expect(
      turn?.items.filter((i) => i.kind === "tool").map((i) => i.kind === "tool" && i.status),
    ).toEqual(["cancelled", "cancelled"]);
    expect(activeTurn(c)).toBeUndefined();
  });

  it("asks for a re-fetch when the server knows a turn the view does not", () => {
    const before = reduce([{ type: "hydrate", detail: investigationDetail(C, "turn-1", 13) }]);
    const c = conv(
      reduce(
        frames([
          stateFrame({
            lastSeq: 13,
            turns: [summary("turn-1", "completed"), summary("turn-9", "completed")],
          }),
        ]),
        before,
      ),
    );
    expect(c.stale).toBe(true);
  });

  it("asks for a re-fetch when the replay does not reach the server's lastSeq", () => {
    const before = reduce([{ type: "hydrate", detail: investigationDetail(C, "turn-1", 13) }]);
    const c = conv(reduce(frames([stateFrame({ lastSeq: 15, missed: [] })]), before));
    expect(c.stale).toBe(true);
  });

  it("shows a pending approval it never saw the event for", () => {
    const before = reduce(frames(live.slice(0, 2)));
    const c = conv(
      reduce(
        frames([
          stateFrame({
            lastSeq: 2,
            turns: [summary("turn-1", "awaiting_approval")],
            pendingApproval: { turnId: "turn-1", requests: [sampleApproval] },
          }),
        ]),
        before,
      ),
    );
    expect(c.turns[0]?.status).toBe("awaiting_approval");
    const approval = c.turns[0]?.items.find((i) => i.kind === "approval");
    expect(approval).toMatchObject({ entries: [{ toolCallId: "call-scale", decision: null }] });
  });
});

describe("streamReducer: the outbox", () => {
  const live = investigationFrames(C, "turn-1");
  const send: StreamAction = {
    type: "send",
    conversationId: C,
    clientMessageId: "client-msg-0001",
    text: "why is checkout failing in shop?",
    at: at(0),
  };

  it("shows a sent message until the server echoes it, then only the echo", () => {
    let state = reduce([send]);
    expect(conv(state).outbox).toMatchObject([
      { status: "sending", text: send.type === "send" ? send.text : "" },
    ]);
    state = reduce(
      frames([
        {
          type: "ack",
          conversationId: C,
          clientMessageId: "client-msg-0001",
          messageId: "turn-1-u",
          turnId: "turn-1",
          duplicate: false,
        },
      ]),
      state,
    );
    expect(conv(state).outbox).toMatchObject([{ status: "acked", turnId: "turn-1" }]);
    state = reduce(frames(live.slice(0, 2)), state);
    expect(conv(state).outbox).toEqual([]);
    expect(conv(state).turns[0]?.items[0]).toMatchObject({
      kind: "user",
      clientMessageId: "client-msg-0001",
    });
  });

  it("drops an acked duplicate whose message is already in the conversation", () => {
    let state = reduce([{ type: "hydrate", detail: investigationDetail(C, "turn-1") }, send]);
    state = reduce(
      frames([
        {
          type: "ack",
          conversationId: C,
          clientMessageId: "client-msg-0001",
          messageId: "turn-1-u",
          turnId: "turn-1",
          duplicate: true,
        },
      ]),
      state,
    );
    expect(conv(state).outbox).toEqual([]);
  });

  it("marks a rejected send as failed, and a retry as sending again", () => {
    let state = reduce([
      send,
      {
        type: "frame",
        frame: {
          type: "error",
          code: "turn_in_progress",
          message: "a turn is already running",
          requestId: "client-msg-0001",
          conversationId: C,
        },
      },
    ]);
    expect(conv(state).outbox[0]).toMatchObject({
      status: "failed",
      error: { code: "turn_in_progress" },
    });
    state = reduce([send], state);
    expect(conv(state).outbox).toHaveLength(1);
    expect(conv(state).outbox[0]).toMatchObject({ status: "sending", error: null });
    state = reduce(
      [{ type: "outbox.discard", conversationId: C, clientMessageId: "client-msg-0001" }],
      state,
    );
    expect(conv(state).outbox).toEqual([]);
  });

  it("counts a turn as going on from the send to its end, not after a refusal (what 'Run' waits for)", () => {
    let state = reduce([send]);
    expect(turnGoingOn(conv(state))).toBe(true);
    state = reduce(frames(live.slice(0, 2)), state);
    expect(turnGoingOn(conv(state))).toBe(true);
    state = reduce(frames(live.slice(2)), state);
    expect(conv(state).turns[0]?.status).toBe("completed");
    expect(turnGoingOn(conv(state))).toBe(false);
    const refused = reduce([
      send,
      {
        type: "frame",
        frame: {
          type: "error",
          code: "turn_in_progress",
          message: "a turn is already running",
          requestId: "client-msg-0001",
          conversationId: C,
        },
      },
    ]);
    expect(turnGoingOn(conv(refused))).toBe(false);
  });

  it("ignores errors for requests it does not know", () => {
    const state = reduce([send]);
    const next = streamReducer(state, {
      type: "frame",
      frame: {
        type: "error",
        code: "bad_request",
        message: "x",
        requestId: "other",
        conversationId: C,
      },
    });
    expect(next).toBe(state);
  });
});

describe("streamReducer: turns", () => {
  it("walks an approval: waiting, decided by whom, then running the call", () => {
    const events = [
      frame(C, 1, { type: "turn.started", turnId: "t1", model: "m", startedAt: at(0) }),
      frame(C, 2, { type: "approval.requested", turnId: "t1", requests: [sampleApproval] }),
    ];
    let c = conv(reduce(frames(events)));
    expect(c.turns[0]?.status).toBe("awaiting_approval");
    expect(activeTurn(c)?.status).toBe("awaiting_approval");
    c = conv(
      reduce(
        frames([
          ...events,
          frame(C, 3, {
            type: "approval.resolved",
            turnId: "t1",
            decisions: [{ toolCallId: "call-scale", decision: "approve", by: "alice", at: at(5) }],
          }),
          frame(C, 4, {
            type: "tool.started",
            turnId: "t1",
            toolCallId: "call-scale",
            tool: "kubectl",
            command: sampleApproval.command,
            classification: "mutating",
            startedAt: at(6),
          }),
        ]),
      ),
    );
    expect(c.turns[0]?.status).toBe("running");
    expect(c.turns[0]?.items.map((i) => i.kind)).toEqual(["approval", "tool"]);
    expect(c.turns[0]?.items[0]).toMatchObject({
      entries: [{ decision: { decision: "approve", by: "alice" } }],
    });
  });

  it("records a decision whose request it never saw", () => {
    const c = conv(
      reduce(
        frames([
          frame(C, 1, {
            type: "approval.resolved",
            turnId: "t1",
            decisions: [
              { toolCallId: "x", decision: "reject", reason: "not now", by: "bob", at: at(1) },
            ],
          }),
        ]),
      ),
    );
    expect(c.turns[0]?.items[0]).toMatchObject({
      kind: "approval",
      entries: [{ toolCallId: "x", request: null, decision: { reason: "not now", by: "bob" } }],
    });
  });

  it("stops the spinners of a cancelled turn and keeps the reason", () => {
    const live = investigationFrames(C, "turn-1").slice(0, 7);
    const c = conv(
      reduce(
        frames([
          ...live,
          frame(C, 8, { type: "turn.cancelled", turnId: "turn-1", reason: "stopped by the user" }),
        ]),
      ),
    );
    const turn = c.turns[0];
    expect(turn?.status).toBe("cancelled");
    expect(turn?.cancelReason).toBe("stopped by the user");
    expect(
      turn?.items.some(
        (i) =>
          (i.kind === "tool" && i.status === "running") || (i.kind === "assistant" && i.streaming),
      ),
    ).toBe(false);
  });

  it("shows a turn stopped by a server shutdown as interrupted, not cancelled", () => {
    const live = investigationFrames(C, "turn-1").slice(0, 7);
    const c = conv(
      reduce(
        frames([
          ...live,
          frame(C, 8, {
            type: "turn.cancelled",
            turnId: "turn-1",
            reason: "The server shut down while this turn was running.",
            interrupted: true,
          }),
        ]),
      ),
    );
    expect(c.turns[0]?.status).toBe("interrupted");
  });

  it("takes a replayed run of folded deltas as the numbers it stands for (throughSeq)", () => {
    const started = frame(C, 1, {
      type: "turn.started",
      turnId: "t",
      model: "m",
      startedAt: at(0),
    });
    // Events 2…41 were forty deltas of one message, folded by the server's replay buffer.
    const folded: EventFrame = {
      ...frame(C, 2, {
        type: "assistant.delta",
        turnId: "t",
        messageId: "a",
        delta: "x".repeat(40),
      }),
      throughSeq: 41,
    };
    const next = frame(C, 42, { type: "assistant.delta", turnId: "t", messageId: "a", delta: "y" });
    const c = conv(reduce(frames([started, folded, next])));
    expect(c.lastSeq).toBe(42);
    expect(c.pending).toEqual([]);
    expect(hasGap(c)).toBe(false);
    const item = c.turns[0]?.items[0];
    expect(item?.kind === "assistant" ? item.text : undefined).toBe(`${"x".repeat(40)}y`);
  });

  it("drops live deltas held behind a gap that a folded replay covers (regression: they blocked the stream)", () => {
    const started = frame(C, 1, {
      type: "turn.started",
      turnId: "t",
      model: "m",
      startedAt: at(0),
    });
    const delta = (seq: number, text: string) =>
      frame(C, seq, { type: "assistant.delta", turnId: "t", messageId: "a", delta: text });
    // Joined mid-turn: live deltas 30…42 arrive while 2…29 are missing.
    const live = Array.from({ length: 13 }, (_, i) => delta(30 + i, i === 12 ? "y" : "x"));
    let state = reduce(frames([started, ...live]));
    expect(hasGap(conv(state))).toBe(true);
    // The replay folds 2…41 into one frame; 30…41 held in pending are part of it.
    const folded: EventFrame = { ...delta(2, "x".repeat(40)), throughSeq: 41 };
    state = reduce(frames([folded]), state);
    const c = conv(state);
    expect(c.lastSeq).toBe(42);
    expect(c.pending).toEqual([]);
    expect(hasGap(c)).toBe(false);
    const item = c.turns[0]?.items[0];
    expect(item?.kind === "assistant" ? item.text : undefined).toBe(`${"x".repeat(40)}y`);
  });

  it("keeps a failed turn's error code and message", () => {
    const c = conv(
      reduce(
        frames([
          frame(C, 1, { type: "turn.started", turnId: "t1", model: "m", startedAt: at(0) }),
          frame(C, 2, {
            type: "turn.failed",
            turnId: "t1",
            code: "cluster_unreachable",
            message: "no route",
          }),
        ]),
      ),
    );
    expect(c.turns[0]).toMatchObject({
      status: "failed",
      error: { code: "cluster_unreachable", message: "no route" },
    });
  });

  it("puts the user's message first even when it arrives after the turn's other events", () => {
    const c = conv(
      reduce(
        frames([
          frame(C, 1, { type: "assistant.delta", turnId: "t1", messageId: "a", delta: "hi" }),
          frame(C, 2, {
            type: "user.message",
            turnId: "t1",
            messageId: "u",
            text: "hello",
            createdAt: at(0),
          }),
          frame(C, 3, { type: "turn.started", turnId: "t1", model: "m", startedAt: at(0) }),
        ]),
      ),
    );
    expect(c.turns).toHaveLength(1);
    expect(c.turns[0]?.items.map((i) => i.key)).toEqual(["u:u", "a:a"]);
    expect(c.turns[0]?.model).toBe("m");
  });

  it("never revives a completed turn, but lets an interrupted one resume", () => {
    const started = frame(C, 1, {
      type: "turn.started",
      turnId: "t1",
      model: "m",
      startedAt: at(0),
    });
    const done = frame(C, 2, {
      type: "turn.completed",
      turnId: "t1",
      durationMs: 5,
      partial: false,
    });
    let state = reduce(frames([started, done]));
    state = streamReducer(state, {
      type: "hydrate",
      detail: {
        ...investigationDetail(C, "t1", 2),
      },
    });
    const restarted = frame(C, 3, {
      type: "turn.started",
      turnId: "t1",
      model: "m",
      startedAt: at(9),
    });
    expect(conv(reduce(frames([restarted]), state)).turns[0]?.status).toBe("completed");

    const interrupted = reduce(
      frames([started, stateFrame({ lastSeq: 1, turns: [summary("t1", "interrupted")] })]),
    );
    const resumed = reduce(
      frames([
        frame(C, 2, { type: "approval.requested", turnId: "t1", requests: [sampleApproval] }),
      ]),
      interrupted,
    );
    expect(conv(resumed).turns[0]?.status).toBe("awaiting_approval");
  });

  it("forgets a deleted conversation", () => {
    const state = reduce(frames(investigationFrames(C, "t1")));
    expect(reduce([{ type: "forget", conversationId: C }], state).conversations).toEqual({});
  });

  it("keeps conversations apart", () => {
    const state = reduce(
      frames([...investigationFrames("a", "t1"), ...investigationFrames("b", "t2").slice(0, 3)]),
    );
    expect(conv(state, "a").turns[0]?.status).toBe("completed");
    expect(conv(state, "b").turns[0]?.status).toBe("running");
    expect(conv(state, "b").lastSeq).toBe(3);
  });

  it("shows a verification live: what it waits for, then the verdict after the change", () => {
    const all = fixFrames(C, "turn-f");
    const live = reduce(frames(all.slice(0, 6)));
    const waiting = conv(live).turns[0]?.items.find((i) => i.kind === "verification");
    expect(waiting).toMatchObject({
      kind: "verification",
      result: null,
      elapsedMs: 300,
      deadlineMs: 120_000,
      checks: [{ object: "Deployment/shop/checkout", state: "pending" }],
    });
    const done = conv(reduce(frames(all.slice(6)), live)).turns[0];
    const items = done?.items ?? [];
    const v = items.find((i) => i.kind === "verification");
    expect(v?.kind === "verification" ? v.result?.outcome : null).toBe("resolved");
    // Right after the change it verified, before the answer.
    expect(items.map((i) => i.kind)).toEqual([
      "user",
      "assistant",
      "tool",
      "verification",
      "assistant",
    ]);
  });

  it("brings the verification card back on reload: the stored turn gives the live view", () => {
    const live = reduce(frames(fixFrames(C, "turn-f")));
    const stored = reduce([{ type: "hydrate", detail: fixDetail(C, "turn-f") }]);
    expect(shape(conv(stored).turns)).toEqual(shape(conv(live).turns));
  });

  it("a replayed progress never undoes a verdict", () => {
    const all = fixFrames(C, "turn-f");
    const state = reduce(frames(all));
    const replayed = frame(C, 99, all[5]?.event as EventFrame["event"]);
    const after = conv(reduce(frames([replayed]), state)).turns[0]?.items.find(
      (i) => i.kind === "verification",
    );
    expect(after?.kind === "verification" ? after.result?.outcome : null).toBe("resolved");
    expect(after?.kind === "verification" ? after.elapsedMs : 0).toBe(1200);
  });
});

function summary(id: string, status: TurnView["status"]) {
  return {
    id,
    seq: 1,
    status,
    model: "offline-diagnostician",
    startedAt: at(0),
    finishedAt: status === "running" || status === "awaiting_approval" ? null : at(100),
    error: null,
    usage: null,
  };
}

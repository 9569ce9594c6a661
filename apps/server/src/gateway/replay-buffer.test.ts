import type { ConversationEvent, EventFrame } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { ReplayBuffer } from "./replay-buffer";

/** Frames of one conversation, numbered 1, 2, 3…, pushed into `buffer` as the hub does. */
function stream(buffer: ReplayBuffer) {
  const sent: EventFrame[] = [];
  const push = (event: ConversationEvent): EventFrame => {
    const frame: EventFrame = {
      type: "event",
      conversationId: "c",
      seq: sent.length + 1,
      at: new Date(Date.UTC(2026, 10, 22, 10, 0, 0, sent.length)).toISOString(),
      event,
    };
    sent.push(frame);
    buffer.push(frame, JSON.stringify(frame));
    return frame;
  };
  return { sent, push };
}

const delta = (turnId: string, messageId: string, text: string): ConversationEvent => ({
  type: "assistant.delta",
  turnId,
  messageId,
  delta: text,
});

/** A whole stored turn: its last event was published after its commit. */
function storedTurn(push: (e: ConversationEvent) => EventFrame, turnId: string, deltas: number) {
  push({ type: "turn.started", turnId, model: "m", startedAt: "2026-11-22T10:00:00.000Z" });
  for (let i = 0; i < deltas; i++) push(delta(turnId, `${turnId}-m`, `w${i} `));
  push({ type: "turn.completed", turnId, durationMs: 1, partial: false });
}

/**
 * What a client's reducer rebuilds from frames after `from`: checks that the
 * numbering has no gap (a folded frame stands for seq…throughSeq), and
 * returns each message's text and the other events in order.
 */
function rebuild(frames: string[], from: number) {
  let next = from + 1;
  const texts = new Map<string, string>();
  const others: string[] = [];
  for (const json of frames) {
    const frame = JSON.parse(json) as EventFrame;
    expect(frame.seq).toBe(next);
    next = (frame.throughSeq ?? frame.seq) + 1;
    const { event } = frame;
    if (event.type === "assistant.delta")
      texts.set(event.messageId, (texts.get(event.messageId) ?? "") + event.delta);
    else if (event.type === "assistant.message") texts.set(event.messageId, event.content);
    else others.push(`${frame.seq}:${event.type}`);
  }
  return { texts, others, last: next - 1 };
}

const seqsOf = (frames: string[]) => frames.map((json) => (JSON.parse(json) as EventFrame).seq);

describe("ReplayBuffer", () => {
  it("keeps the newest stored events within its count and byte bounds", () => {
    const buffer = new ReplayBuffer(10, 100_000);
    const { sent, push } = stream(buffer);
    for (let t = 0; t < 5; t++) storedTurn(push, `t${t}`, 3); // 5 events per turn
    expect(buffer.size).toBe(10);
    expect(seqsOf(buffer.after(0))).toEqual(sent.slice(-10).map((f) => f.seq));

    const small = new ReplayBuffer(1_000, 1_000);
    const bytes = stream(small);
    storedTurn(bytes.push, "t", 20);
    const kept = small.after(0);
    expect(kept.join("").length).toBeLessThanOrEqual(1_000);
    expect(seqsOf(kept).at(-1)).toBe(bytes.sent.at(-1)?.seq);
  });

  it("keeps every event of the running turn past its bounds, folding the deltas, so a client rebuilds it exactly from any point", () => {
    const buffer = new ReplayBuffer(50, 4_000);
    const { sent, push } = stream(buffer);
    storedTurn(push, "t0", 100); // stored: may go
    push({ type: "user.message", turnId: "t1", messageId: "u", text: "why?", createdAt: "x" });
    push({ type: "turn.started", turnId: "t1", model: "m", startedAt: "x" });
    for (let i = 0; i < 700; i++) push(delta("t1", "a", `alpha${i} `));
    push({
      type: "tool.started",
      turnId: "t1",
      toolCallId: "k1",
      tool: "kubectl",
      command: "get pods",
      classification: "read",
      startedAt: "x",
    });
    for (let i = 0; i < 900; i++) push(delta("t1", "b", `beta${i} `));

    // Far more than 50 events and 4 KB were sent; the buffer holds them as a handful of entries.
    expect(sent.length).toBeGreaterThan(1_700);
    expect(buffer.size).toBeLessThanOrEqual(6);
    const firstOfTurn = sent.find((f) => f.event.turnId === "t1")!.seq;
    expect(buffer.firstSeq).toBe(firstOfTurn);

    // From before the running turn, from inside each run, and from its very end.
    const fromPoints = [firstOfTurn - 1, firstOfTurn + 1, firstOfTurn + 350, firstOfTurn + 702];
    for (const from of [...fromPoints, sent.length - 5]) {
      const live = rebuild(
        sent.filter((f) => f.seq > from).map((f) => JSON.stringify(f)),
        from,
      );
      const replayed = rebuild(buffer.after(from), from);
      expect(replayed.last).toBe(sent.length);
      expect(replayed.texts).toEqual(live.texts);
      expect(replayed.others).toEqual(live.others);
    }
  });

  it("drops the text of folded deltas once the message arrives whole, and goes back to plain frames after the turn", () => {
    const buffer = new ReplayBuffer(20, 100_000);
    const { sent, push } = stream(buffer);
    push({ type: "turn.started", turnId: "t", model: "m", startedAt: "x" });
    const text = Array.from({ length: 200 }, (_, i) => `word${i} `);
    for (const piece of text) push(delta("t", "a", piece));
    push({
      type: "assistant.message",
      turnId: "t",
      messageId: "a",
      content: text.join(""),
      toolCallIds: [],
    });
    // The text is kept once (in the message), not twice.
    const replay = buffer.after(0).map((j) => JSON.parse(j) as EventFrame);
    const deltas = replay.filter((f) => f.event.type === "assistant.delta");
    expect(deltas.map((f) => [f.seq, f.throughSeq, "delta" in f.event && f.event.delta])).toEqual([
      [2, 201, ""],
    ]);
    expect(rebuild(buffer.after(0), 0).texts.get("a")).toBe(text.join(""));
    push({ type: "turn.completed", turnId: "t", durationMs: 1, partial: false });

    // The next turn starts plain: under the bounds nothing is folded.
    push({ type: "turn.started", turnId: "t2", model: "m", startedAt: "x" });
    push(delta("t2", "b", "one "));
    push(delta("t2", "b", "two"));
    const tail = buffer.after(sent.length - 3).map((j) => JSON.parse(j) as EventFrame);
    expect(tail.map((f) => [f.seq, f.throughSeq])).toEqual([
      [sent.length - 2, undefined],
      [sent.length - 1, undefined],
      [sent.length, undefined],
    ]);
  });
});

import type { ConversationEvent, EventFrame } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { ConversationHub, type FrameBus, type Subscriber } from "../gateway/conversation-hub";
import type { LogRow } from "./event-log";
import { catchUp, replayFromLog } from "./replay-from-log";

function tab(id: string): Subscriber & { got: number[] } {
  const got: number[] = [];
  return {
    id,
    got,
    sendRaw: (json) => got.push((JSON.parse(json) as EventFrame).seq),
    forgotten: () => undefined,
  };
}

const delta = (n: number): ConversationEvent => ({
  type: "assistant.delta",
  turnId: "t1",
  messageId: "m1",
  delta: `w${n} `,
});

const frameJson = (seq: number): string =>
  JSON.stringify({
    type: "event",
    conversationId: "c1",
    seq,
    at: "2026-11-27T10:00:00.000Z",
    event: delta(seq),
  } satisfies EventFrame);

const rows = (from: number, to: number): LogRow[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ seq: from + i, json: frameJson(from + i) }));

const seqsOf = (missed: string[]) => missed.map((json) => (JSON.parse(json) as EventFrame).seq);

/** A bus whose appends complete when the test says so. */
function manualBus(): FrameBus & { complete(): void; pending: number } {
  const waiting: (() => void)[] = [];
  return {
    append: () => new Promise<void>((resolve) => waiting.push(resolve)),
    complete: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
    get pending() {
      return waiting.length;
    },
  };
}

describe("scale-out replay", () => {
  it("sends a replica's own frames only once they are logged, in order", async () => {
    const bus = manualBus();
    const hub = new ConversationHub(undefined, undefined, bus);
    const channel = hub.ensure("c1", 0);
    const socket = tab("s");
    hub.subscribe(socket, channel);
    hub.emit(channel, delta(1));
    hub.emit(channel, delta(2));
    expect(socket.got).toEqual([]);
    expect(channel.pendingLocal).toBe(2);
    bus.complete();
    await new Promise((resolve) => setImmediate(resolve));
    expect(socket.got).toEqual([1, 2]);
    expect(channel.pendingLocal).toBe(0);
  });

  it("another replica's frames: sent once each, a late joiner catches up from the log without duplicates", () => {
    const hub = new ConversationHub(undefined, undefined, manualBus());
    // This replica opened the conversation when 3 events were stored; 4–6 went
    // out before it watched, 7 arrives by notification while the log is read.
    const channel = hub.ensure("c1", 3);
    const early = tab("early");
    hub.subscribe(early, channel);
    hub.receive("c1", 7, frameJson(7));
    hub.receive("c1", 7, frameJson(7));
    const logged = rows(4, 8);
    catchUp(hub, channel, logged);
    // The stored seq from another read never hides frames still on their way.
    hub.ensure("c1", 8);
    hub.receive("c1", 8, frameJson(8));
    const late = tab("late");
    hub.subscribe(late, channel);
    const replay = replayFromLog(channel, logged, 3, 5);
    expect(replay).toMatchObject({ lastSeq: 8, resync: false });
    expect(seqsOf(replay.missed)).toEqual([6, 7, 8]);
    expect(early.got).toEqual([7, 8]);
    hub.receive("c1", 9, frameJson(9));
    expect(late.got).toEqual([9]);
  });

  it("says resync when the log no longer reaches back to the client's next event", () => {
    const hub = new ConversationHub(undefined, undefined, manualBus());
    const channel = hub.ensure("c1", 50);
    const logged = rows(45, 52);
    catchUp(hub, channel, logged);
    expect(replayFromLog(channel, logged, 50, 10)).toMatchObject({ resync: true, lastSeq: 52 });
    expect(seqsOf(replayFromLog(channel, logged, 50, 10).missed)).toEqual([51, 52]);
    expect(replayFromLog(channel, logged, 50, 44).resync).toBe(false);
    expect(replayFromLog(channel, logged, 50, 60).resync).toBe(true);
  });
});

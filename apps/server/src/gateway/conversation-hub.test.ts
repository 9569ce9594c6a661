import type { ConversationEvent, EventFrame } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { ConversationHub, type Subscriber } from "./conversation-hub";

const seqsOf = (missed: string[]) => missed.map((json) => (JSON.parse(json) as EventFrame).seq);

function tab(id: string): Subscriber & { got: EventFrame[] } {
  const got: EventFrame[] = [];
  return {
    id,
    got,
    sendRaw: (json) => got.push(JSON.parse(json) as EventFrame),
    forgotten: () => undefined,
  };
}

const delta = (n: number): ConversationEvent => ({
  type: "assistant.delta",
  turnId: "t1",
  messageId: "m1",
  delta: `w${n} `,
});

describe("ConversationHub", () => {
  it("numbers events per conversation from the stored lastSeq and fans them out to every subscriber of that conversation only", () => {
    const hub = new ConversationHub();
    const a = hub.ensure("c1", 41);
    const b = hub.ensure("c2", 0);
    const [tab1, tab2, other] = [tab("1"), tab("2"), tab("3")];
    hub.subscribe(tab1, a);
    hub.subscribe(tab2, a);
    hub.subscribe(other, b);
    hub.emit(a, delta(1));
    hub.emit(b, delta(2));
    hub.emit(a, delta(3));
    expect(tab1.got.map((f) => f.seq)).toEqual([42, 43]);
    expect(tab2.got).toEqual(tab1.got);
    expect(other.got.map((f) => [f.conversationId, f.seq])).toEqual([["c2", 1]]);
    // A known channel's counter never goes back, even if the database says less.
    expect(hub.ensure("c1", 10).seq).toBe(43);
  });

  it("hands out a held-back seq that later events never reuse", () => {
    const hub = new ConversationHub();
    const c = hub.ensure("c", 0);
    const held = hub.frame(c, delta(1));
    const live = hub.emit(c, delta(2));
    expect([held.seq, live.seq]).toEqual([1, 2]);
    hub.publish(c, held);
    expect(c.seq).toBe(2);
  });

  it("replays what a client missed, and asks for a resync when the buffer cannot cover it", () => {
    const hub = new ConversationHub();
    const c = hub.ensure("c", 5);
    for (let i = 0; i < 4; i++) hub.emit(c, delta(i)); // seq 6..9
    expect(hub.replay(c, 5, 7)).toMatchObject({ lastSeq: 9, resync: false });
    expect(seqsOf(hub.replay(c, 5, 7).missed)).toEqual([8, 9]);
    expect(hub.replay(c, 5, 9)).toEqual({ missed: [], lastSeq: 9, resync: false });
    // No lastEventId: after what the database has (what a REST read shows).
    expect(seqsOf(hub.replay(c, 5, undefined).missed)).toEqual([6, 7, 8, 9]);
    // Before the buffer (events lost to a restart or overflow): resync, plus what is buffered after the stored seq.
    expect(hub.replay(c, 5, 2)).toMatchObject({ resync: true, lastSeq: 9 });
    // A client ahead of the server (it saw events of a process that died): resync.
    expect(hub.replay(c, 5, 30)).toMatchObject({ resync: true, lastSeq: 9 });
  });

  it("after a restart, a client that saw more than was stored is told to resync", () => {
    const hub = new ConversationHub();
    const c = hub.ensure("c", 12);
    expect(hub.replay(c, 12, 15)).toEqual({ missed: [], lastSeq: 12, resync: true });
    expect(hub.replay(c, 12, 12)).toEqual({ missed: [], lastSeq: 12, resync: false });
  });

  it("hands out only numbers reserved in the database, asking for the next block when they run out", async () => {
    const asked: number[] = [];
    let failing = false;
    const hub = new ConversationHub(undefined, (_id, floor) => {
      asked.push(floor);
      return failing ? Promise.reject(new Error("database down")) : Promise.resolve(floor + 3);
    });
    const c = hub.ensure("c", 10);
    hub.reserved(c, 12); // what begin() reserved with the user's message
    expect(hub.room(c)).toBeUndefined();
    hub.emit(c, delta(1));
    hub.emit(c, delta(2)); // 12: the last reserved number
    const room = hub.room(c);
    expect(room).toBeInstanceOf(Promise);
    await room;
    expect(asked).toEqual([12]);
    expect(c.reservedSeq).toBe(15);
    // A commit stores every number sent and releases the rest: the next segment asks again.
    hub.persisted(c, 12);
    expect(c.reservedSeq).toBe(12);
    // The database is down: the stream goes on for a while instead of stalling.
    failing = true;
    await hub.room(c);
    expect(c.reservedSeq).toBeGreaterThan(12);
  });
});

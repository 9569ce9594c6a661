import { describe, expect, it } from "vitest";
import {
  decodeNotification,
  encodeNotifications,
  MAX_PAYLOAD_BYTES,
  type NotifyItem,
} from "./notify-payload";

const frame = (seq: number, text: string): NotifyItem => ({
  kind: "frame",
  conversationId: "c-1",
  seq,
  json: JSON.stringify({ type: "event", conversationId: "c-1", seq, event: { text } }),
});

describe("notify payloads", () => {
  it("round-trips frames, references and stop requests in order", () => {
    const items: NotifyItem[] = [
      frame(1, "a line\nwith a newline and ünïcödé"),
      { kind: "ref", conversationId: "c-2", seq: 9 },
      { kind: "stop", conversationId: "c-3", turnId: "t-1" },
    ];
    const payloads = encodeNotifications("replica-a", items);
    expect(payloads).toHaveLength(1);
    expect(decodeNotification(payloads[0] ?? "")).toEqual({ replica: "replica-a", items });
  });

  it("splits below the 8 kB limit, counting bytes, and references a frame too big for one", () => {
    const items = [
      ...Array.from({ length: 40 }, (_, i) => frame(i + 1, "é".repeat(300))),
      frame(41, "x".repeat(9_000)),
      frame(42, "after"),
    ];
    const payloads = encodeNotifications("r", items);
    expect(payloads.length).toBeGreaterThan(3);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const decoded = payloads.flatMap((p) => decodeNotification(p)?.items ?? []);
    const seqOf = (i: NotifyItem) => ("seq" in i ? i.seq : 0);
    expect(decoded.map(seqOf)).toEqual(items.map(seqOf));
    expect(decoded[40]).toEqual({ kind: "ref", conversationId: "c-1", seq: 41 });
    expect(decoded[41]).toEqual(items[41]);
  });

  it("ignores payloads that are not ours and malformed lines", () => {
    expect(decodeNotification("hello")).toBeUndefined();
    expect(decodeNotification("v1 r\nE c-1 x {}\nR c-1\nE c-1 2 {}")?.items).toEqual([
      { kind: "frame", conversationId: "c-1", seq: 2, json: "{}" },
    ]);
  });
});

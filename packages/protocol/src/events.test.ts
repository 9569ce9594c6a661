import { describe, expect, it } from "vitest";
import { ConversationEvent } from "./events";
import { ServerFrame } from "./server-frames";

describe("tool.finished", () => {
  const finished = {
    type: "tool.finished",
    turnId: "t1",
    toolCallId: "c1",
    tool: "kubectl",
    command: "get pods -n shop",
    classification: "read",
    status: "ok",
    durationMs: 12,
    outputPreview: "NAME  READY",
    truncated: false,
  };

  it("still parses an older version's event with `structured`, and drops the field", () => {
    const older = { ...finished, structured: { kind: "table", tables: [] } };
    const parsed = ConversationEvent.parse(older);
    expect(parsed).toEqual(finished);
    expect("structured" in parsed).toBe(false);
    const frame = ServerFrame.safeParse({
      type: "event",
      conversationId: "c",
      seq: 1,
      at: "2026-01-01T00:00:00.000Z",
      event: older,
    });
    expect(frame.success).toBe(true);
  });
});

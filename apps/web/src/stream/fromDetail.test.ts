import { ConversationDetail } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { at, investigationDetail, sampleApproval } from "./eventFixtures";
import { turnsFromDetail } from "./fromDetail";

describe("turnsFromDetail", () => {
  it("orders each message before its approval and tool calls, and the report last", () => {
    const turns = turnsFromDetail(investigationDetail("c", "t1"));
    expect(turns[0]?.items.map((i) => i.key)).toEqual([
      "u:t1-u",
      "a:t1-a1",
      "t:t1-c1", // the stored logs are in the other order; the message's call order wins
      "t:t1-c2",
      "a:t1-a2",
      "r:t1",
    ]);
    expect(turns[0]?.durationMs).toBe(1200);
  });

  it("places an approval before the call it gated and shows who decided", () => {
    const base = investigationDetail("c", "t1");
    const turn = base.turns[0];
    if (turn === undefined) throw new Error("fixture");
    const detail = ConversationDetail.parse({
      ...base,
      turns: [
        {
          ...turn,
          messages: [
            turn.messages[0],
            {
              ...turn.messages[1],
              toolCalls: [{ id: "call-scale", name: "kubectl", args: {} }],
            },
          ],
          toolLogs: [
            {
              id: "l1",
              turnId: "t1",
              toolCallId: "call-scale",
              tool: "kubectl",
              command: sampleApproval.command,
              classification: "mutating",
              status: "ok",
              durationMs: 30,
              outputPreview: "deployment.apps/checkout scaled",
              truncated: false,
              startedAt: at(50),
            },
            {
              id: "l2",
              turnId: "t1",
              toolCallId: "orphan",
              tool: "k8sgpt",
              command: "analyze -n shop",
              classification: "read",
              status: "error",
              durationMs: 5,
              outputPreview: "boom",
              truncated: false,
              startedAt: at(60),
            },
          ],
          approvals: [
            {
              id: "ap1",
              turnId: "t1",
              toolCallId: "call-scale",
              command: sampleApproval.command,
              decision: "reject",
              reason: "not during business hours",
              decidedBy: "alice",
              decidedAt: at(40),
              request: sampleApproval,
            },
          ],
          report: null,
        },
      ],
    });
    const items = turnsFromDetail(detail)[0]?.items ?? [];
    expect(items.map((i) => i.kind)).toEqual(["user", "assistant", "approval", "tool", "tool"]);
    expect(items[2]).toMatchObject({
      entries: [
        {
          toolCallId: "call-scale",
          request: { risk: "medium" },
          decision: { decision: "reject", by: "alice", reason: "not during business hours" },
        },
      ],
    });
    expect(items[4]).toMatchObject({ toolCallId: "orphan", status: "error" });
  });

  it("keeps a stored turn error and orders turns by their sequence", () => {
    const base = investigationDetail("c", "t1");
    const turn = base.turns[0];
    if (turn === undefined) throw new Error("fixture");
    const detail = {
      ...base,
      turns: [
        {
          ...turn,
          id: "t2",
          seq: 2,
          status: "failed" as const,
          error: "cluster unreachable",
          messages: [],
          toolLogs: [],
          report: null,
        },
        turn,
      ],
    };
    const turns = turnsFromDetail(detail);
    expect(turns.map((t) => t.id)).toEqual(["t1", "t2"]);
    expect(turns[1]?.error).toEqual({ code: null, message: "cluster unreachable" });
  });
});

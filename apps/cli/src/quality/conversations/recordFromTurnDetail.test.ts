import type { TurnDetail } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";
import { recordFromTurnDetail } from "./recordFromTurnDetail";

const turn: TurnDetail = {
  id: "t1",
  seq: 1,
  status: "completed",
  model: "offline diagnostician",
  startedAt: "",
  finishedAt: "",
  error: null,
  usage: null,
  messages: [
    {
      id: "u",
      turnId: "t1",
      role: "user",
      content: "restart cart",
      toolCalls: [],
      seq: 1,
      createdAt: "",
    },
    {
      id: "a",
      turnId: "t1",
      role: "assistant",
      content: "Restarted cart.",
      toolCalls: [],
      seq: 2,
      createdAt: "",
    },
  ],
  toolLogs: [
    {
      id: "l1",
      turnId: "t1",
      toolCallId: "c1",
      tool: "kubectl",
      command: "rollout restart deployment/cart -n shop",
      classification: "mutating",
      status: "ok",
      durationMs: 3,
      outputPreview: "",
      truncated: false,
      startedAt: "",
    },
  ],
  approvals: [
    {
      id: "p1",
      turnId: "t1",
      toolCallId: "c1",
      command: "rollout restart deployment/cart -n shop",
      decision: "approve",
      reason: null,
      decidedBy: "u",
      decidedAt: "",
      request: null,
    },
  ],
  report: null,
};

describe("recordFromTurnDetail", () => {
  it("reads what the server stored: the assistant's messages, tool logs, decided approvals", () => {
    const rec = recordFromTurnDetail(turn);
    expect(rec.messages.map((m) => m.text)).toEqual(["Restarted cart."]);
    expect(rec.calls).toEqual([
      {
        toolCallId: "c1",
        tool: "kubectl",
        command: "rollout restart deployment/cart -n shop",
        classification: "mutating",
        status: "ok",
      },
    ]);
    expect(rec.approvals.map((a) => [a.request.command, a.decision])).toEqual([
      ["rollout restart deployment/cart -n shop", "approve"],
    ]);
    expect(rec.ending).toBe("completed");
    expect(rec.scope).toBeUndefined();
    expect(recordFromTurnDetail({ ...turn, status: "failed", error: "boom" }).ending).toBe(
      "failed (boom)",
    );
  });

  it("reads a stored scope and clarifying question when the server keeps them", () => {
    const rec = recordFromTurnDetail({
      ...turn,
      scope: { allNamespaces: true, source: "picker" },
      clarification: { question: "Which one?", choices: [{ label: "prod", reply: "prod" }] },
    } as TurnDetail);
    expect(rec.scope).toEqual({ namespaces: [], all: true });
    expect(rec.clarify).toEqual([{ question: "Which one?", choices: ["prod"] }]);
  });
});

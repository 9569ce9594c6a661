import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import type { ToolArtifact } from "../tools/tool-result";
import { estimateTokens } from "./estimate-tokens";
import { fitRequest, trimHistory } from "./trim-history";

const artifact = (summary: string): ToolArtifact => ({
  tool: "kubectl",
  command: "get pods",
  classification: "read",
  status: "ok",
  durationMs: 1,
  truncated: false,
  summary,
  attempts: 1,
});

function turn(n: number, outputChars: number): BaseMessage[] {
  return [
    new HumanMessage(`question ${n}`),
    new AIMessage({
      content: "",
      tool_calls: [{ id: `c${n}`, name: "kubectl", args: { command: "get pods" } }],
    }),
    new ToolMessage({
      content: "x".repeat(outputChars),
      tool_call_id: `c${n}`,
      name: "kubectl",
      artifact: artifact(`summary ${n}`),
    }),
    new AIMessage(`answer ${n}`),
  ];
}

const opts = { historyTokens: 100_000, summaryChars: 80, danglingReason: "not run: moved on" };

describe("trimHistory", () => {
  it("answers dangling tool calls right after their AI message", () => {
    const history = [
      new HumanMessage("q"),
      new AIMessage({
        content: "",
        tool_calls: [
          { id: "a", name: "kubectl", args: {} },
          { id: "b", name: "kubectl", args: {} },
        ],
      }),
      new ToolMessage({ content: "done", tool_call_id: "a" }),
    ];
    const out = trimHistory(history, opts);
    expect(out.changed).toBe(true);
    const last = out.messages.at(-1) as ToolMessage;
    expect(last.tool_call_id).toBe("b");
    expect(last.content).toBe("not run: moved on");
  });

  it("shrinks old tool outputs to their summaries and keeps the calls", () => {
    const out = trimHistory(turn(1, 5_000), opts);
    const tool = out.messages[2] as ToolMessage;
    expect(tool.content).toContain("summary 1");
    expect((tool.content as string).length).toBeLessThanOrEqual(80);
    expect((out.messages[1] as AIMessage).tool_calls?.[0]?.id).toBe("c1");
  });

  it("drops whole oldest turns to fit the budget, never splitting a call from its answer", () => {
    const history = [...turn(1, 50), ...turn(2, 50), ...turn(3, 50)];
    const budget = estimateTokens(turn(3, 50)) + 5;
    const out = trimHistory(history, { ...opts, historyTokens: budget });
    expect(out.droppedTurns).toBe(2);
    expect((out.messages[0] as HumanMessage).content).toBe("question 3");
  });

  it("leaves a short clean history alone", () => {
    const out = trimHistory([new HumanMessage("hi"), new AIMessage("hello")], opts);
    expect(out.changed).toBe(false);
  });
});

describe("fitRequest", () => {
  it("shrinks the current turn's older outputs, keeping the latest batch whole", () => {
    const messages = [
      new HumanMessage("q"),
      new AIMessage({ content: "", tool_calls: [{ id: "1", name: "kubectl", args: {} }] }),
      new ToolMessage({
        content: "a".repeat(4_000),
        tool_call_id: "1",
        artifact: artifact("first"),
      }),
      new AIMessage({ content: "", tool_calls: [{ id: "2", name: "kubectl", args: {} }] }),
      new ToolMessage({
        content: "b".repeat(4_000),
        tool_call_id: "2",
        artifact: artifact("second"),
      }),
    ];
    const out = fitRequest(messages, 1_500, 100);
    expect(out[2]?.content).toContain("first");
    expect(out[4]?.content).toBe("b".repeat(4_000));
    expect(messages[2]?.content).toBe("a".repeat(4_000));
  });

  it("cuts the latest batch to even shares when it alone is over, saying how to narrow", () => {
    const call = (id: string) => ({ id, name: "kubectl", args: {} });
    const messages = [
      new HumanMessage("q"),
      new AIMessage({ content: "", tool_calls: [call("1"), call("2"), call("3")] }),
      ...["1", "2", "3"].map(
        (id) => new ToolMessage({ content: id.repeat(12_000), tool_call_id: id, name: "kubectl" }),
      ),
    ];
    const budget = 6_000;
    const out = fitRequest(messages, budget, 100);
    expect(estimateTokens(out)).toBeLessThanOrEqual(budget);
    const cut = out.slice(2).map((m) => m.content as string);
    expect(new Set(cut.map((c) => c.length)).size).toBe(1);
    for (const [i, content] of cut.entries()) {
      expect(content.startsWith(String(i + 1).repeat(1_000))).toBe(true);
      expect(content).toMatch(/cut to fit the context: \d+ of 12000 characters shown; narrow/);
      expect((out[2 + i] as ToolMessage).tool_call_id).toBe(String(i + 1));
    }
    expect(messages[2]?.content).toBe("1".repeat(12_000));
  });

  it("keeps the artifact and id of every output it shrinks or cuts", () => {
    const messages = [
      new HumanMessage("q"),
      new AIMessage({ content: "", tool_calls: [{ id: "1", name: "k8sgpt", args: {} }] }),
      new ToolMessage({
        id: "tool-1",
        content: "a".repeat(8_000),
        tool_call_id: "1",
        artifact: artifact("older"),
      }),
      new AIMessage({ content: "", tool_calls: [{ id: "2", name: "kubectl", args: {} }] }),
      new ToolMessage({
        id: "tool-2",
        content: "b".repeat(12_000),
        tool_call_id: "2",
        artifact: artifact("newest"),
      }),
    ];
    const out = fitRequest(messages, 1_500, 100) as ToolMessage[];
    // Both were rewritten: the older shrunk to its summary, the newest cut.
    expect(out[2]?.content).toContain("older");
    expect(out[4]?.content).toMatch(/cut to fit the context/);
    expect([out[2]?.id, out[4]?.id]).toEqual(["tool-1", "tool-2"]);
    expect(out[2]?.artifact).toEqual(artifact("older"));
    expect(out[4]?.artifact).toEqual(artifact("newest"));
  });
});

import { HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptedChatModel } from "../testing/scripted-model";
import { kubectlTool } from "../tools/kubectl-tool";

describe("DeterministicChatModel (through ScriptedChatModel)", () => {
  it("streams its text word by word, then its tool calls", async () => {
    const model = new ScriptedChatModel([
      {
        text: "Looking at the pods now.",
        toolCalls: [{ id: "c1", name: "kubectl", args: { command: "get pods" } }],
      },
    ]);
    const bound = model.bindTools([kubectlTool]);
    const pieces: string[] = [];
    let whole;
    for await (const chunk of await bound.stream([new HumanMessage("go")])) {
      if (typeof chunk.content === "string" && chunk.content) pieces.push(chunk.content);
      whole = whole === undefined ? chunk : whole.concat(chunk);
    }
    expect(pieces.length).toBe(5);
    expect(whole?.tool_calls).toEqual([
      expect.objectContaining({ id: "c1", name: "kubectl", args: { command: "get pods" } }),
    ]);
    expect(model.requests[0]?.toolNames).toEqual(["kubectl"]);
  });

  it("answers withStructuredOutput through a forced tool call", async () => {
    const schema = z.object({ answer: z.number().describe("The answer.") });
    const model = new ScriptedChatModel([
      (_m, ctx) => ({
        text: "",
        toolCalls: [{ name: ctx.toolNames[0] ?? "?", args: { answer: 42 } }],
      }),
    ]);
    const out = await model
      .withStructuredOutput(schema, { name: "result", includeRaw: true })
      .invoke([new HumanMessage("?")]);
    expect(out.parsed).toEqual({ answer: 42 });
    expect(model.requests[0]?.toolNames).toEqual(["result"]);
  });

  it("throws scripted errors and refuses to run past its script", async () => {
    const model = new ScriptedChatModel([new Error("boom")]);
    await expect(model.invoke([new HumanMessage("x")])).rejects.toThrow("boom");
    await expect(model.invoke([new HumanMessage("x")])).rejects.toThrow(/no step/);
  });
});

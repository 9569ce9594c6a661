import { HumanMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startOpenAIStub, type OpenAIStub } from "./openai-stub";

const echo = tool(({ text }: { text: string }) => text, {
  name: "echo",
  description: "Echo the text.",
  schema: z.object({ text: z.string().describe("What to echo.") }),
});

let stub: OpenAIStub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

function chat(
  url: string,
  fields: Partial<ConstructorParameters<typeof ChatOpenAI>[0]> = {},
): ChatOpenAI {
  return new ChatOpenAI({
    model: "stub-model",
    apiKey: "test-key",
    maxRetries: 0,
    configuration: { baseURL: url },
    ...fields,
  });
}

describe("startOpenAIStub", () => {
  it("streams text in chunks and reports usage", async () => {
    stub = await startOpenAIStub([
      { text: "Hello from the stub", usage: { prompt_tokens: 11, completion_tokens: 5 } },
    ]);
    const pieces: string[] = [];
    let last;
    for await (const chunk of await chat(stub.url).stream([new HumanMessage("hi")])) {
      if (typeof chunk.content === "string" && chunk.content) pieces.push(chunk.content);
      last = last === undefined ? chunk : last.concat(chunk);
    }
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join("")).toBe("Hello from the stub");
    expect(last?.usage_metadata).toMatchObject({ input_tokens: 11, output_tokens: 5 });
    expect(stub.requests[0]?.body?.stream).toBe(true);
    expect(stub.requests[0]?.headers.authorization).toBe("Bearer test-key");
  });

  it("assembles parallel tool calls split across chunks", async () => {
    stub = await startOpenAIStub([
      {
        toolCalls: [
          { name: "echo", arguments: { text: "one" } },
          { name: "echo", arguments: { text: "two, a longer argument" } },
        ],
      },
    ]);
    const model = chat(stub.url).bindTools([echo]);
    let message;
    for await (const chunk of await model.stream([new HumanMessage("call twice")]))
      message = message === undefined ? chunk : message.concat(chunk);
    expect(message?.tool_calls?.map((c) => c.args)).toEqual([
      { text: "one" },
      { text: "two, a longer argument" },
    ]);
    expect(stub.requests[0]?.body?.tools?.[0]?.function.name).toBe("echo");
  });

  it("answers without streaming too", async () => {
    stub = await startOpenAIStub([{ toolCalls: [{ name: "echo", arguments: { text: "x" } }] }]);
    const out = await chat(stub.url)
      .bindTools([echo])
      .invoke([new HumanMessage("call")]);
    expect(out.tool_calls?.[0]?.args).toEqual({ text: "x" });
    expect(stub.requests[0]?.body?.stream).toBeFalsy();
  });

  it("sends malformed tool arguments as they are", async () => {
    stub = await startOpenAIStub([
      { toolCalls: [{ name: "echo", arguments: '{"text": "unterminated' }] },
    ]);
    const out = await chat(stub.url)
      .bindTools([echo])
      .invoke([new HumanMessage("call")]);
    expect(out.tool_calls ?? []).toHaveLength(0);
    expect(out.invalid_tool_calls?.[0]?.name).toBe("echo");
  });

  it("fails with 429 and then succeeds, recording both requests", async () => {
    stub = await startOpenAIStub([{ status: 429, errorMessage: "slow down" }, { text: "ok now" }]);
    const model = chat(stub.url);
    await expect(model.invoke([new HumanMessage("1")])).rejects.toMatchObject({ status: 429 });
    const out = await model.invoke([new HumanMessage("2")]);
    expect(out.content).toBe("ok now");
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[1]?.raw).toContain('"2"');
  });

  it("answers 500 past the end of its script", async () => {
    stub = await startOpenAIStub([]);
    await expect(chat(stub.url).invoke([new HumanMessage("x")])).rejects.toMatchObject({
      status: 500,
    });
  });
});

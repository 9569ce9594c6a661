import { MemorySaver } from "@langchain/langgraph";
import { ConversationEvent } from "@kubemedic/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig, type GraphConfigInput } from "../src/index";
import { startOpenAIStub, type OpenAIStub, type StubScript } from "../src/testing/index";
import { collect, ofType, startDemo, stubEnv, type DemoFixture } from "./fixtures";
import { CHECKOUT_REPORT } from "./report-fixture";

let fixture: DemoFixture;
let stub: OpenAIStub | undefined;
beforeAll(async () => {
  fixture = await startDemo(["crashloop-missing-env"]);
});
afterAll(async () => {
  await fixture.close();
});
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function run(script: StubScript, text: string, config: GraphConfigInput = {}) {
  stub = await startOpenAIStub(script);
  const agent = createAgent({
    model: createModel(stubEnv(stub.url)),
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig(config),
    clusterFor: () => fixture.cluster,
  });
  const events = await collect(
    agent.runTurn({ conversationId: "c1", turnId: "t1", user: "alice", input: { text } }),
  );
  for (const e of events) ConversationEvent.parse(e);
  return { events, requests: stub.requests, agent };
}

describe("the graph with ChatOpenAI against the OpenAI stub", () => {
  it("runs a ReAct loop (analyzer, parallel kubectl calls, answer) to a valid report", async () => {
    const { events, requests } = await run(
      [
        {
          text: "Let me look at the namespace.",
          toolCalls: [{ name: "k8sgpt", arguments: { namespace: "shop" } }],
        },
        {
          toolCalls: [
            {
              name: "kubectl",
              arguments: {
                command: "describe deployment checkout -n shop",
                reason: "see the pod template",
              },
            },
            { name: "kubectl", arguments: { command: "get pods -n shop" } },
          ],
        },
        { text: "checkout crash-loops: DATABASE_URL is not set in its environment." },
        { toolCalls: [{ name: "diagnosis_report", arguments: { ...CHECKOUT_REPORT } }] },
      ],
      "why is checkout failing in shop?",
    );
    expect(events[0]?.type).toBe("turn.started");
    expect(events.at(-1)).toMatchObject({ type: "turn.completed", partial: false });
    expect(ofType(events, "turn.completed")[0]?.usage?.inputTokens).toBeGreaterThan(0);

    const finished = ofType(events, "tool.finished");
    expect(finished.map((e) => [e.tool, e.status])).toEqual([
      ["k8sgpt", "ok"],
      ["kubectl", "ok"],
      ["kubectl", "ok"],
    ]);
    expect(finished[1]?.outputPreview).toContain("checkout");
    expect(ofType(events, "tool.started")).toHaveLength(3);

    // Deltas of the final answer concatenate to its assistant.message.
    const final = ofType(events, "assistant.message").at(-1);
    const deltas = ofType(events, "assistant.delta").filter(
      (d) => d.messageId === final?.messageId,
    );
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => d.delta).join("")).toBe(final?.content);

    const ready = ofType(events, "report.ready")[0];
    expect(ready).toMatchObject({ degraded: false, report: { category: "CrashLoop" } });

    expect(requests).toHaveLength(4);
    const first = requests[0]?.body;
    expect(first?.messages?.[0]?.role).toBe("system");
    expect(String(first?.messages?.[0]?.content)).toContain("namespace: shop");
    expect(first?.tools?.map((t) => t.function.name).sort()).toEqual(["k8sgpt", "kubectl"]);
    // The parallel calls' results went back as two tool messages.
    const third = requests[2]?.body?.messages ?? [];
    expect(third.filter((m) => m.role === "tool")).toHaveLength(3);
    // The report call forces the report tool.
    expect(JSON.stringify(requests[3]?.body?.tool_choice)).toContain("diagnosis_report");
  });

  it("answers a plain question without tools and without a report", async () => {
    const { events, requests } = await run(
      [{ text: "Hello! Ask me about your cluster." }],
      "hello there",
    );
    expect(events.map((e) => e.type).filter((t) => t !== "assistant.delta")).toEqual([
      "turn.started",
      "turn.scoped",
      "assistant.message",
      "turn.completed",
    ]);
    expect(requests).toHaveLength(1);
  });

  it("a plain get request runs the tool and ends without a report", async () => {
    const { events } = await run(
      [
        { toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] },
        { text: "Here are the pods." },
      ],
      "list pods in the shop namespace",
    );
    expect(ofType(events, "tool.finished")[0]?.status).toBe("ok");
    expect(ofType(events, "report.ready")).toHaveLength(0);
  });

  // Truncated JSON would be repaired by LangChain's partial-JSON parser when streaming;
  // a bare word where a string belongs cannot be.
  it("tells the model about malformed tool arguments and lets it correct itself", async () => {
    const { events, requests } = await run(
      [
        { toolCalls: [{ name: "kubectl", arguments: '{"command": get pods -n shop}' }] },
        { toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] },
        { text: "Done." },
      ],
      "list pods in the shop namespace",
    );
    const finished = ofType(events, "tool.finished");
    expect(finished.map((e) => e.status)).toEqual(["error", "ok"]);
    const toolMessage = requests[1]?.body?.messages?.find((m) => m.role === "tool");
    expect(String(toolMessage?.content)).toMatch(/not valid JSON/);
    expect(events.at(-1)?.type).toBe("turn.completed");
  });

  it("returns a refused command and a tool error to the model as tool messages", async () => {
    const { events, requests } = await run(
      [
        {
          toolCalls: [
            { name: "kubectl", arguments: { command: "exec -it checkout -- sh" } },
            { name: "kubectl", arguments: { command: "get deployment nope -n shop" } },
          ],
        },
        { text: "I cannot exec, and nope does not exist." },
      ],
      "list pods in the shop namespace",
    );
    expect(ofType(events, "tool.finished").map((e) => e.status)).toEqual(["refused", "error"]);
    const tools = requests[1]?.body?.messages?.filter((m) => m.role === "tool") ?? [];
    expect(String(tools[0]?.content)).toMatch(/^Refused/);
    expect(String(tools[1]?.content)).toMatch(/not_found|NotFound|not found/i);
  });

  it("repairs an invalid report once", async () => {
    const { events, requests } = await run(
      [
        { toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] },
        { text: "checkout crash-loops." },
        {
          toolCalls: [
            { name: "diagnosis_report", arguments: { ...CHECKOUT_REPORT, category: "Broken" } },
          ],
        },
        { toolCalls: [{ name: "diagnosis_report", arguments: { ...CHECKOUT_REPORT } }] },
      ],
      "why is checkout failing in shop?",
    );
    expect(ofType(events, "report.ready")[0]).toMatchObject({
      degraded: false,
      report: { category: "CrashLoop" },
    });
    expect(requests[3]?.raw).toContain("That report is invalid");
    expect(requests[3]?.raw).toContain("category");
  });

  it("degrades an invalid report after the repair attempt instead of failing", async () => {
    const { events } = await run(
      [
        { toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] },
        { text: "checkout crash-loops because DATABASE_URL is missing." },
        { toolCalls: [{ name: "diagnosis_report", arguments: { summary: "x" } }] },
        { toolCalls: [{ name: "diagnosis_report", arguments: '{"summary": ' }] },
      ],
      "why is checkout failing in shop?",
    );
    const ready = ofType(events, "report.ready")[0];
    expect(ready?.degraded).toBe(true);
    expect(ready?.report.category).toBe("Other");
    expect(ready?.report.rootCause).toContain("DATABASE_URL is missing");
    expect(events.at(-1)?.type).toBe("turn.completed");
  });

  it("a second turn sees the first one, its old tool outputs shrunk to their summaries", async () => {
    stub = await startOpenAIStub([
      {
        toolCalls: [
          { name: "kubectl", arguments: { command: "describe deployment checkout -n shop" } },
        ],
      },
      { text: "checkout has no DATABASE_URL." },
      { text: "As I said: DATABASE_URL." },
    ]);
    const agent = createAgent({
      model: createModel(stubEnv(stub.url)),
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig({
        budgets: { summaryChars: 200 },
        nodes: { report: { when: "never" } },
      }),
      clusterFor: () => fixture.cluster,
    });
    await collect(
      agent.runTurn({
        conversationId: "m1",
        turnId: "t1",
        user: "a",
        input: { text: "describe checkout in shop" },
      }),
    );
    const full = String(stub.requests[1]?.body?.messages?.find((m) => m.role === "tool")?.content);
    expect(full.length).toBeGreaterThan(200);
    await collect(
      agent.runTurn({
        conversationId: "m1",
        turnId: "t2",
        user: "a",
        input: { text: "so what was it again?" },
      }),
    );
    const messages = stub.requests[2]?.body?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
    ]);
    const old = String(messages[3]?.content);
    expect(old).toMatch(
      /^\[older output shrunk\] kubectl describe deployment checkout -n shop → ok/,
    );
    expect(old.length).toBeLessThanOrEqual(200);
    // The system prompt carries the compact cluster picture.
    expect(String(messages[0]?.content)).toMatch(/health: /);
    expect(String(messages[0]?.content)).toMatch(/Kubernetes v\d/);
  });
});

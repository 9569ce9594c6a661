import { MemorySaver } from "@langchain/langgraph";
import type { AgentEvent } from "@kubemedic/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createModel,
  defaultGraphConfig,
  type Agent,
  type GraphConfigInput,
} from "../src/index";
import {
  ScriptedChatModel,
  startOpenAIStub,
  type OpenAIStub,
  type ScriptStep,
  type StubScript,
} from "../src/testing/index";
import { collect, ofType, startDemo, stubEnv, type DemoFixture } from "./fixtures";
import { CHECKOUT_REPORT } from "./report-fixture";

/** One compact test per graph-config setting (docs/graph-config.md), on the real graph and demo cluster. */
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

/** No cluster summary, so a scripted model sees only what the test is about. */
const quiet = (config: GraphConfigInput): GraphConfigInput => ({
  ...config,
  nodes: { ...config.nodes, prepare: { healthSummary: false } },
});

function scripted(
  script: ScriptStep[],
  config: GraphConfigInput,
): { agent: Agent; model: ScriptedChatModel } {
  const model = new ScriptedChatModel(script);
  const agent = createAgent({
    model: { model, label: "scripted", offline: false },
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig(quiet(config)),
    clusterFor: () => fixture.cluster,
  });
  return { agent, model };
}

async function viaStub(
  script: StubScript,
  config: GraphConfigInput,
  env: Record<string, string> = {},
): Promise<Agent> {
  stub = await startOpenAIStub(script);
  return createAgent({
    model: createModel(stubEnv(stub.url, env)),
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig(quiet(config)),
    clusterFor: () => fixture.cluster,
  });
}

const ask = (agent: Agent, text: string): Promise<AgentEvent[]> =>
  collect(
    agent.runTurn({
      conversationId: crypto.randomUUID(),
      turnId: "t1",
      user: "a",
      input: { text },
    }),
  );

const get = (id: string, command: string) => ({ id, name: "kubectl", args: { command } });

/** The report node binds its own tool (`diagnosis_report`): answer it with a valid report. */
const reportStep: ScriptStep = (_messages, ctx) => {
  const name = ctx.forcedTool ?? ctx.toolNames.find((n) => n !== "kubectl" && n !== "k8sgpt");
  return name === undefined
    ? new Error("expected the report call")
    : { text: "", toolCalls: [{ name, args: { ...CHECKOUT_REPORT } }] };
};

describe("graph config settings", () => {
  it("nodes.agent.tools: only the listed tools are bound to the model", async () => {
    for (const [tools, bound] of [
      [["kubectl"], ["kubectl"]],
      [undefined, ["kubectl", "k8sgpt"]],
    ] as const) {
      const { agent, model } = scripted(
        [{ text: "hello" }],
        tools === undefined ? {} : { nodes: { agent: { tools: [...tools] } } },
      );
      await ask(agent, "hello");
      expect(model.requests[0]?.toolNames).toEqual(bound);
    }
  });

  it("nodes.tools.tools: a call to a tool not listed is answered with an error the model reads", async () => {
    const { agent, model } = scripted(
      [
        {
          text: "",
          toolCalls: [
            { id: "c_k8sgpt", name: "k8sgpt", args: { namespace: "shop" } },
            get("c_get", "get pods -n shop"),
          ],
        },
        { text: "done" },
      ],
      { nodes: { tools: { tools: ["kubectl"] } } },
    );
    const events = await ask(agent, "list pods in shop");
    const finished = ofType(events, "tool.finished");
    expect(finished.map((f) => [f.toolCallId, f.status])).toEqual([
      ["c_k8sgpt", "error"],
      ["c_get", "ok"],
    ]);
    const told = model.requests[1]?.messages.find(
      (m) => m.getType() === "tool" && (m as { tool_call_id?: string }).tool_call_id === "c_k8sgpt",
    );
    expect(told?.text).toBe('Error: the tool "k8sgpt" is not available here. Available: kubectl.');
  });

  it("limits.maxParallelTools: no more read calls run at once than the limit", async () => {
    /** The most calls started and not yet finished at any point of the event stream. */
    const mostAtOnce = (events: AgentEvent[]): number => {
      let open = 0;
      let most = 0;
      for (const e of events) {
        if (e.type === "tool.started") most = Math.max(most, ++open);
        if (e.type === "tool.finished") open--;
      }
      return most;
    };
    const five = ["pods", "deploy", "svc", "events", "cm"].map((k, i) =>
      get(`c${i}`, `get ${k} -n shop`),
    );
    for (const limit of [2, 5]) {
      const { agent } = scripted([{ text: "", toolCalls: five }, { text: "done" }], {
        limits: { maxParallelTools: limit },
      });
      const events = await ask(agent, "list everything in shop");
      expect(ofType(events, "tool.finished").filter((f) => f.status === "ok")).toHaveLength(5);
      expect(mostAtOnce(events)).toBe(limit);
    }
  });

  it("nodes.report.when: always reports after any answer that used tools; never, not even after a diagnosis", async () => {
    const always = scripted(
      [{ text: "", toolCalls: [get("c1", "get pods -n shop")] }, { text: "Here." }, reportStep],
      { nodes: { report: { when: "always" } } },
    );
    const listed = await ask(always.agent, "list pods in shop");
    expect(ofType(listed, "report.ready")[0]).toMatchObject({ degraded: false });

    const never = scripted(
      [{ text: "", toolCalls: [get("c1", "get pods -n shop")] }, { text: "It crash-loops." }],
      { nodes: { report: { when: "never" } } },
    );
    const diagnosed = await ask(never.agent, "why is checkout failing in shop?");
    expect(ofType(diagnosed, "report.ready")).toHaveLength(0);
    expect(diagnosed.at(-1)?.type).toBe("turn.completed");
    // Two model calls, neither of them a report request.
    expect(never.model.requests).toHaveLength(2);
  });

  it.each([
    ["jsonSchema", "json_schema"],
    ["jsonMode", "json_object"],
  ] as const)(
    "nodes.report.method %s: the report is asked for with response_format %s and validated",
    async (method, format) => {
      const agent = await viaStub(
        [
          { toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] },
          { text: "checkout crash-loops: DATABASE_URL is not set." },
          { text: JSON.stringify(CHECKOUT_REPORT) },
        ],
        { nodes: { report: { method } } },
      );
      const events = await ask(agent, "why is checkout failing in shop?");
      const asked = stub?.requests[2]?.body;
      expect((asked?.response_format as { type?: string } | undefined)?.type).toBe(format);
      // Not a forced tool call: the report comes back as the message's JSON text.
      expect(asked?.tool_choice).toBeUndefined();
      expect(ofType(events, "report.ready")[0]).toEqual({
        type: "report.ready",
        turnId: "t1",
        report: CHECKOUT_REPORT,
        degraded: false,
      });
    },
  );

  it("nodes.agent.retry: a model call over KUBEMEDIC_LLM_TIMEOUT_MS is retried, and the retry answers", async () => {
    const agent = await viaStub(
      [{ text: "too late", delayMs: 5_000 }, { text: "on time" }],
      { nodes: { agent: { retry: { maxAttempts: 2, initialDelayMs: 10, maxDelayMs: 20 } } } },
      { KUBEMEDIC_LLM_TIMEOUT_MS: "300" },
    );
    const events = await ask(agent, "hello");
    expect(ofType(events, "assistant.message").map((m) => m.content)).toEqual(["on time"]);
    expect(events.at(-1)?.type).toBe("turn.completed");
    expect(stub?.requests).toHaveLength(2);
  });
});

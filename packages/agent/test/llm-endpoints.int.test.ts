import { MemorySaver } from "@langchain/langgraph";
import { ConversationEvent } from "@kubemedic/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig } from "../src/index";
import {
  startOpenAIStub,
  type OpenAIStub,
  type StubQuirks,
  type StubReply,
} from "../src/testing/index";
import { collect, ofType, startDemo, type DemoFixture } from "./fixtures";
import { CHECKOUT_REPORT } from "./report-fixture";

/**
 * The endpoint matrix of docs/agent.md ("LLM endpoints"): one investigation per server people
 * run, through `createModel` and the full graph, against the OpenAI stub imitating that
 * server's quirks on the wire. The stub refuses what the real server refuses (a path, a field),
 * so a row passes only when kubemedic sends what that server takes and reads what it sends.
 */
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

const REASONING = "Hmm, the pods restart; maybe an env var is missing. Secret thinking 42.";

/** The investigation's replies: parallel kubectl calls in one answer, or one call per answer. */
function script(parallel: boolean): StubReply[] {
  const describe = {
    name: "kubectl",
    arguments: { command: "describe deployment checkout -n shop", reason: "the template" },
  };
  const pods = { name: "kubectl", arguments: { command: "get pods -n shop" } };
  return [
    {
      reasoning: REASONING,
      text: "Let me look at the namespace.",
      toolCalls: [{ name: "k8sgpt", arguments: { namespace: "shop" } }],
    },
    ...(parallel
      ? [{ toolCalls: [describe, pods] }]
      : [{ toolCalls: [describe] }, { toolCalls: [pods] }]),
    {
      reasoning: REASONING,
      text: "checkout crash-loops: DATABASE_URL is not set in its environment.",
    },
    { toolCalls: [{ name: "diagnosis_report", arguments: { ...CHECKOUT_REPORT } }] },
  ];
}

async function investigate(
  env: (url: string) => NodeJS.ProcessEnv,
  quirks: StubQuirks,
  parallel = true,
) {
  stub = await startOpenAIStub(script(parallel), { quirks });
  const handle = createModel(env(stub.url));
  const agent = createAgent({
    model: handle,
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig(),
    clusterFor: () => fixture.cluster,
  });
  const events = await collect(
    agent.runTurn({
      conversationId: "c1",
      turnId: "t1",
      user: "alice",
      input: { text: "why is checkout failing in shop?" },
    }),
  );
  for (const e of events) ConversationEvent.parse(e);
  return { events, requests: stub.requests, label: handle.label };
}

const origin = (url: string): string => new URL(url).origin;

type Row = {
  server: string;
  env: (url: string) => NodeJS.ProcessEnv;
  quirks: StubQuirks;
  parallel: boolean;
  /** False when the server is told not to report usage (no `stream_options`). @default true */
  usage?: boolean;
  /** What the requests must (not) carry, beyond what the stub refuses. */
  check?: (requests: OpenAIStub["requests"]) => void;
};

const ROWS: Row[] = [
  {
    server: "OpenAI",
    env: (url) => ({
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: url,
      KUBEMEDIC_MODEL: "gpt-4o-mini",
    }),
    quirks: {},
    parallel: true,
    check: (requests) => {
      expect(requests.every((r) => r.headers.authorization === "Bearer sk-test")).toBe(true);
      const streamed = requests.filter((r) => r.body?.stream === true);
      expect(streamed.length).toBeGreaterThan(2);
      expect(streamed.every((r) => r.body?.stream_options?.include_usage === true)).toBe(true);
    },
  },
  {
    server: "Azure OpenAI",
    env: (url) => ({
      AZURE_OPENAI_ENDPOINT: `${origin(url)}/`,
      AZURE_OPENAI_API_KEY: "azure-key",
      AZURE_OPENAI_DEPLOYMENT: "gpt-4o-prod",
      AZURE_OPENAI_API_VERSION: "2024-10-21",
    }),
    quirks: { azure: { deployment: "gpt-4o-prod", apiVersion: "2024-10-21", apiKey: "azure-key" } },
    parallel: true,
    check: (requests) => {
      expect(new Set(requests.map((r) => r.path))).toEqual(
        new Set(["/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21"]),
      );
    },
  },
  {
    server: "vLLM",
    env: (url) => ({ OPENAI_BASE_URL: url, KUBEMEDIC_MODEL: "Qwen/Qwen2.5-32B-Instruct" }),
    quirks: { reasoningField: "reasoning_content" },
    parallel: true,
    check: (requests) => {
      // Keyless: a placeholder key, never someone else's.
      expect(requests.every((r) => r.headers.authorization === "Bearer not-needed")).toBe(true);
    },
  },
  {
    server: "Ollama",
    env: (url) => ({ OPENAI_BASE_URL: url, KUBEMEDIC_MODEL: "llama3.1:8b" }),
    quirks: { wholeToolArguments: true, stopWithToolCalls: true },
    parallel: true,
  },
  {
    server: "LM Studio",
    env: (url) => ({
      OPENAI_BASE_URL: url,
      KUBEMEDIC_MODEL: "qwen2.5-7b-instruct",
      KUBEMEDIC_LLM_STREAM_USAGE: "false",
    }),
    quirks: { rejectStreamOptions: true },
    parallel: false,
    usage: false,
    check: (requests) => {
      expect(requests.some((r) => r.body?.stream_options !== undefined)).toBe(false);
    },
  },
  {
    server: "DeepSeek",
    env: (url) => ({
      OPENAI_API_KEY: "sk-ds",
      OPENAI_BASE_URL: url,
      KUBEMEDIC_MODEL: "deepseek-chat",
    }),
    quirks: {
      reasoningField: "reasoning_content",
      rejectReasoningInInput: true,
      rejectJsonSchema: true,
    },
    parallel: true,
    check: (requests) => {
      // The report is a forced tool call, not response_format json_schema (which DeepSeek lacks).
      expect(requests.some((r) => r.body?.response_format !== undefined)).toBe(false);
      expect(requests.some((r) => r.raw.includes("Secret thinking 42"))).toBe(false);
    },
  },
  {
    server: "OpenRouter",
    env: (url) => ({
      OPENAI_API_KEY: "sk-or",
      OPENAI_BASE_URL: url,
      KUBEMEDIC_MODEL: "anthropic/claude-3.5-sonnet",
    }),
    quirks: { reasoningField: "reasoning" },
    parallel: true,
  },
  {
    server: "LiteLLM",
    env: (url) => ({
      OPENAI_API_KEY: "sk-litellm",
      OPENAI_BASE_URL: url,
      KUBEMEDIC_MODEL: "claude-3-haiku",
    }),
    quirks: { usageInEveryChunk: true },
    parallel: false,
  },
];

describe("LLM endpoints people run (docs/agent.md matrix)", () => {
  it.each(ROWS)("$server: an investigation to a report", async (row) => {
    const { events, requests, label } = await investigate(row.env, row.quirks, row.parallel);
    const failed = ofType(events, "turn.failed")[0];
    expect(failed?.message).toBeUndefined();
    expect(events.at(-1)).toMatchObject({ type: "turn.completed", partial: false });
    expect(ofType(events, "turn.started")[0]?.model).toBe(label);
    expect(ofType(events, "tool.finished").map((e) => [e.tool, e.status])).toEqual([
      ["k8sgpt", "ok"],
      ["kubectl", "ok"],
      ["kubectl", "ok"],
    ]);
    expect(ofType(events, "report.ready")[0]).toMatchObject({ report: { category: "CrashLoop" } });
    if (row.usage !== false)
      expect(ofType(events, "turn.completed")[0]?.usage?.inputTokens).toBeGreaterThan(0);
    // Reasoning stays out of the answer and the stream.
    const said = ofType(events, "assistant.delta")
      .map((d) => d.delta)
      .join("");
    expect(said).toContain("DATABASE_URL");
    expect(said).not.toContain("Secret thinking");
    expect(requests).toHaveLength(row.parallel ? 4 : 5);
    row.check?.(requests);
  });
});

describe("a model that cannot call tools", () => {
  it.each([
    ["Ollama", "llama2:7b", "registry.ollama.ai/library/llama2:7b does not support tools"],
    [
      "vLLM without a tool parser",
      "meta-llama/Llama-3.1-8B-Instruct",
      '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
    ],
    [
      "OpenRouter",
      "some/model",
      "No endpoints found that support tool use. To learn more about provider routing, visit: https://openrouter.ai/docs/provider-routing",
    ],
  ])("%s: fails the turn once, naming the model and what to do", async (_server, model, said) => {
    stub = await startOpenAIStub([], { quirks: { rejectTools: said } });
    const agent = createAgent({
      model: createModel({ OPENAI_BASE_URL: stub.url, KUBEMEDIC_MODEL: model }),
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig(),
      clusterFor: () => fixture.cluster,
    });
    const events = await collect(
      agent.runTurn({
        conversationId: "c1",
        turnId: "t1",
        user: "alice",
        input: { text: "why is checkout failing in shop?" },
      }),
    );
    const failed = ofType(events, "turn.failed")[0];
    expect(failed?.code).toBe("llm_error");
    expect(failed?.message).toContain(`The model "${model}" cannot call tools`);
    expect(failed?.message).toContain("KUBEMEDIC_MODEL=offline");
    expect(failed?.message).toContain(said.slice(0, 30));
    // One refusal, no retry and no loop.
    expect(stub.requests).toHaveLength(1);
  });
});

import { MemorySaver } from "@langchain/langgraph";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createModel,
  defaultGraphConfig,
  isAgentError,
  type Agent,
  type GraphConfigInput,
} from "../src/index";
import { startOpenAIStub, type OpenAIStub, type StubScript } from "../src/testing/index";
import { collect, ofType, startDemo, stubEnv, type DemoFixture } from "./fixtures";

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

/** Fast retries so the backoff tests take milliseconds, not seconds. */
const FAST_RETRY = {
  nodes: { agent: { retry: { maxAttempts: 3, initialDelayMs: 5, maxDelayMs: 20 } } },
} satisfies GraphConfigInput;

async function agentWith(
  script: StubScript,
  config: GraphConfigInput = FAST_RETRY,
  env: Record<string, string> = {},
): Promise<Agent> {
  stub = await startOpenAIStub(script);
  return createAgent({
    model: createModel(stubEnv(stub.url, env)),
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig(config),
    clusterFor: () => fixture.cluster,
  });
}

/** Waits up to 3 s for `check` to hold (the stub sees a hang-up a moment after the client). */
async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

const ask = (agent: Agent, conversationId: string, text: string, signal?: AbortSignal) =>
  collect(
    agent.runTurn({
      conversationId,
      turnId: "t1",
      user: "a",
      input: { text },
      ...(signal ? { signal } : {}),
    }),
  );

describe("limits and failures", () => {
  it("the iteration limit ends the turn with an honest partial answer", async () => {
    const agent = await agentWith(
      () => ({ toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] }),
      {
        limits: { maxIterations: 2, recursionLimit: 10 },
      },
    );
    const events = await ask(agent, "i1", "why is checkout failing in shop?");
    expect(stub?.requests).toHaveLength(2);
    expect(ofType(events, "tool.finished")).toHaveLength(2);
    const last = ofType(events, "assistant.message").at(-1);
    expect(last?.content).toMatch(/stopped after 2 steps/);
    expect(last?.content).toContain("get pods -n shop");
    expect(events.at(-1)).toMatchObject({ type: "turn.completed", partial: true });
    expect(ofType(events, "report.ready")).toHaveLength(0);
  });

  it("cancels mid-turn through the AbortSignal, and the conversation goes on", async () => {
    const agent = await agentWith([
      { toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] },
      { text: "this answer is never seen", delayMs: 10_000 },
      (req) => ({
        text: req.body?.messages?.some((m) => m.content === "are you there?") ? "yes" : "?",
      }),
    ]);
    const controller = new AbortController();
    const started = Date.now();
    const run = ask(agent, "x1", "why is checkout failing in shop?", controller.signal);
    while ((stub?.requests.length ?? 0) < 2) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const events = await run;
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(events.at(-1)).toMatchObject({ type: "turn.cancelled" });
    // The in-flight model request was closed, not left running.
    await eventually(() => stub?.requests[1]?.aborted === true);
    expect(
      events.filter((e) => ["turn.completed", "turn.failed", "turn.cancelled"].includes(e.type)),
    ).toHaveLength(1);
    const next = await collect(
      agent.runTurn({
        conversationId: "x1",
        turnId: "t2",
        user: "a",
        input: { text: "are you there?" },
      }),
    );
    expect(next.at(-1)?.type).toBe("turn.completed");
    expect(ofType(next, "assistant.message").at(-1)?.content).toBe("yes");
  });

  it("retries a 429 with backoff, then succeeds", async () => {
    const agent = await agentWith([
      { status: 429, errorMessage: "slow down" },
      { text: "fine now" },
    ]);
    const events = await ask(agent, "l1", "hello");
    expect(stub?.requests).toHaveLength(2);
    expect(events.at(-1)?.type).toBe("turn.completed");
    expect(ofType(events, "assistant.message")[0]?.content).toBe("fine now");
  });

  it("fails with llm_rate_limited when 429 persists", async () => {
    const agent = await agentWith(() => ({ status: 429, errorMessage: "quota" }));
    const events = await ask(agent, "l2", "hello");
    expect(stub?.requests).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: "turn.failed", code: "llm_rate_limited" });
  });

  it("fails with llm_error after 5xx retries, and with no retry on a 400", async () => {
    const agent = await agentWith(() => ({ status: 502, errorMessage: "bad gateway" }));
    expect((await ask(agent, "l3", "hello")).at(-1)).toMatchObject({
      type: "turn.failed",
      code: "llm_error",
    });
    expect(stub?.requests).toHaveLength(3);
    await stub?.close();
    const agent400 = await agentWith(() => ({ status: 400, errorMessage: "bad request" }));
    expect((await ask(agent400, "l4", "hello")).at(-1)).toMatchObject({
      type: "turn.failed",
      code: "llm_error",
    });
    expect(stub?.requests).toHaveLength(1);
  });

  it("fails with timeout when the model does not answer in time", async () => {
    const agent = await agentWith(
      () => ({ text: "late", delayMs: 3_000 }),
      { nodes: { agent: { retry: { maxAttempts: 1 } } } },
      {
        KUBEMEDIC_LLM_TIMEOUT_MS: "200",
      },
    );
    const events = await ask(agent, "l5", "hello");
    expect(events.at(-1)).toMatchObject({ type: "turn.failed", code: "timeout" });
  });

  it("the per-turn timeout stops a turn", async () => {
    const agent = await agentWith(() => ({ text: "late", delayMs: 20_000 }), {
      limits: { turnTimeoutMs: 1_000 },
    });
    const started = Date.now();
    const events = await ask(agent, "l6", "hello");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(events.at(-1)).toMatchObject({ type: "turn.failed", code: "timeout" });
  });

  it("stopping iteration early aborts the run, and its model call", async () => {
    const agent = await agentWith([
      { toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }] },
      { text: "never", delayMs: 10_000 },
    ]);
    for await (const e of agent.runTurn({
      conversationId: "e1",
      turnId: "t1",
      user: "a",
      input: { text: "list pods in shop" },
    })) {
      // Stop once the second model call is under way.
      if (e.type === "tool.finished") {
        while ((stub?.requests.length ?? 0) < 2) await new Promise((r) => setTimeout(r, 5));
        break;
      }
    }
    await eventually(() => stub?.requests[1]?.aborted === true);
  });

  it("the recursion limit, a safety net under the iteration limit, also ends with a partial answer", async () => {
    stub = await startOpenAIStub(() => ({
      toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }],
    }));
    // Below what loadGraphConfig accepts (2 × maxIterations + 3), to reach the net itself.
    const base = defaultGraphConfig();
    const lowered = createAgent({
      model: createModel(stubEnv(stub.url)),
      checkpointer: new MemorySaver(),
      config: { ...base, limits: { ...base.limits, recursionLimit: 6 } },
      clusterFor: () => fixture.cluster,
    });
    const events = await ask(lowered, "r1", "list pods in shop");
    expect(ofType(events, "assistant.message").at(-1)?.content).toMatch(/step limit \(6 steps\)/);
    expect(events.at(-1)).toMatchObject({ type: "turn.completed", partial: true });
    // The tokens the model used before the net count, as on any other ending.
    const completed = ofType(events, "turn.completed")[0];
    expect(completed?.usage?.inputTokens).toBeGreaterThan(0);
    // The thread stays valid: every tool call has its answer, and the next turn works.
    const state = await lowered.graph.getState({ configurable: { thread_id: "r1" } });
    const msgs = (
      state.values as { messages: { tool_calls?: { id: string }[]; tool_call_id?: string }[] }
    ).messages;
    const asked = msgs.flatMap((m) => m.tool_calls?.map((c) => c.id) ?? []);
    const answered = new Set(msgs.flatMap((m) => (m.tool_call_id ? [m.tool_call_id] : [])));
    expect(asked.every((id) => answered.has(id))).toBe(true);
  });

  it("refuses a second concurrent turn of the same conversation", async () => {
    const agent = await agentWith(() => ({ text: "slow", delayMs: 400 }));
    const first = ask(agent, "cc1", "hello");
    while ((stub?.requests.length ?? 0) < 1) await new Promise((r) => setTimeout(r, 5));
    const second = await ask(agent, "cc1", "hello again").then(
      () => "no error",
      (e: unknown) => (isAgentError(e) ? e.code : String(e)),
    );
    expect(second).toBe("turn_in_progress");
    expect((await first).at(-1)?.type).toBe("turn.completed");
    // Once it ended, the conversation takes turns again.
    expect((await ask(agent, "cc1", "and now?")).at(-1)?.type).toBe("turn.completed");
  });
});

import { MemorySaver } from "@langchain/langgraph";
import type { BaseMessage } from "@langchain/core/messages";
import { ConversationEvent, type AgentEvent } from "@kubemedic/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig, type Agent } from "../src/index";
import { ScriptedChatModel } from "../src/testing/index";
import { collect, ofType, startDemo, type DemoFixture } from "./fixtures";

let fixture: DemoFixture;
beforeAll(async () => {
  fixture = await startDemo(["crashloop-missing-env"]);
});
afterAll(async () => {
  await fixture.close();
});
afterEach(async () => {
  await fixture.demo.reset();
});

const parsed = (events: AgentEvent[]): AgentEvent[] =>
  events.map((e) => ConversationEvent.parse(e) as AgentEvent);

/** A model that asks for one change, then says what the tool result told it. */
function scripted(command: string, told: string[]): Agent {
  const model = new ScriptedChatModel([
    {
      text: "",
      toolCalls: [{ id: "call_fix", name: "kubectl", args: { command, reason: "fix checkout" } }],
    },
    (messages: BaseMessage[]) => {
      const tool = messages.findLast((m) => m.getType() === "tool");
      told.push(tool?.text ?? "");
      return { text: "Done." };
    },
  ]);
  return createAgent({
    model: { model, label: "scripted", offline: false },
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig({ nodes: { verify: { deadlineMs: 5_000, pollMs: 50 } } }),
    clusterFor: () => fixture.cluster,
  });
}

async function approveOne(
  agent: Agent,
  conversationId: string,
  text: string,
): Promise<AgentEvent[]> {
  const first = await collect(
    agent.runTurn({ conversationId, turnId: "t1", user: "alice", input: { text } }),
  );
  const asked = ofType(first, "approval.requested")[0];
  expect(asked).toBeDefined();
  return parsed(
    await collect(
      agent.runTurn({
        conversationId,
        turnId: "t1",
        user: "alice",
        input: {
          decisions: (asked?.requests ?? []).map((r) => ({
            toolCallId: r.toolCallId,
            decision: "approve" as const,
          })),
        },
      }),
    ),
  );
}

describe("verification after an approved change", () => {
  it("a fix that resolves: progress, then resolved, and the model reads the verdict", async () => {
    const told: string[] = [];
    const agent = scripted(
      "set env deployment/checkout -n shop DATABASE_URL=postgres://checkout@db:5432/checkout",
      told,
    );
    const events = await approveOne(agent, "v1", "fix checkout in shop");
    const progress = ofType(events, "verification.progress");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]?.checks.map((c) => c.object)).toContain("Deployment/shop/checkout");
    const [finished] = ofType(events, "verification.finished");
    expect(finished?.verification).toMatchObject({
      outcome: "resolved",
      toolCallIds: ["call_fix"],
      appeared: [],
      remaining: [],
    });
    expect(finished?.verification.resolved).toContain("Deployment/shop/checkout");
    expect(finished?.verification.checks.every((c) => c.state === "ok")).toBe(true);
    // Verified before the model spoke again, then the turn ends normally.
    const types = events.map((e) => e.type);
    expect(types.indexOf("verification.finished")).toBeGreaterThan(types.indexOf("tool.finished"));
    expect(types.indexOf("verification.finished")).toBeLessThan(types.indexOf("assistant.message"));
    expect(told[0]).toMatch(/Verification of this change: RESOLVED/);
    expect(told[0]).toMatch(/Next: tell the user the fix is verified/);
    expect(events.at(-1)?.type).toBe("turn.completed");
  });

  it("a change that does not resolve: unchanged, and the next fix is asked for", async () => {
    const told: string[] = [];
    const agent = scripted("set env deployment/checkout -n shop LOG_LEVEL=debug", told);
    const events = await approveOne(agent, "v2", "fix checkout in shop");
    const [finished] = ofType(events, "verification.finished");
    expect(finished?.verification.outcome).toBe("unchanged");
    expect(finished?.verification.remaining).toContain("Deployment/shop/checkout");
    // The new pods crash: no point waiting for the deadline.
    expect(finished?.verification.checks[0]).toMatchObject({ state: "failing" });
    expect(finished?.verification.elapsedMs).toBeLessThan(5_000);
    expect(told[0]).toMatch(/UNCHANGED/);
    expect(told[0]).toMatch(/fix attempt 1 of 3 did not resolve it/);
    expect(told[0]).toMatch(/DATABASE_URL/);
  });

  it("a change that makes it worse: a new problem, and the rollback is proposed", async () => {
    const told: string[] = [];
    const agent = scripted(
      "set image deployment/checkout -n shop checkout=ghcr.io/acme/checkout:v0.0.0-nope",
      told,
    );
    const events = await approveOne(agent, "v3", "fix checkout in shop");
    const [finished] = ofType(events, "verification.finished");
    // The tag it set cannot be pulled: a problem the change itself caused.
    expect(finished?.verification.outcome).toBe("worse");
    expect(finished?.verification.appeared).toContain("Deployment/shop/checkout");
    expect(told[0]).toMatch(
      /propose the rollback `kubectl rollout undo deployment\/checkout -n shop`/,
    );
  });

  it("breaking what was healthy is worse too", async () => {
    const told: string[] = [];
    const agent = scripted("set image deployment/cart -n shop cart=ghcr.io/acme/cart:nope", told);
    const events = await approveOne(agent, "v5", "update cart in shop");
    const [finished] = ofType(events, "verification.finished");
    expect(finished?.verification.outcome).toBe("worse");
    expect(finished?.verification.appeared).toContain("Deployment/shop/cart");
    expect(told[0]).toMatch(/rollout undo deployment\/cart -n shop/);
  });

  it("turns without changes do not verify", async () => {
    const agent = createAgent({
      model: createModel({ KUBEMEDIC_MODEL: "offline" }),
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig(),
      clusterFor: () => fixture.cluster,
    });
    const events = await collect(
      agent.runTurn({
        conversationId: "v4",
        turnId: "t1",
        user: "alice",
        input: { text: "why is checkout failing in shop?" },
      }),
    );
    expect(events.some((e) => e.type.startsWith("verification."))).toBe(false);
  });
});

describe("what comes after a verification (offline diagnostician)", () => {
  let fx: DemoFixture;
  beforeAll(async () => {
    fx = await startDemo(["oomkilled", "imagepull-bad-tag"]);
  });
  afterAll(async () => {
    await fx.close();
  });
  const offline = (config = {}): Agent =>
    createAgent({
      model: createModel({ KUBEMEDIC_MODEL: "offline" }),
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig({
        nodes: { verify: { deadlineMs: 5_000, pollMs: 50 } },
        ...config,
      }),
      clusterFor: () => fx.cluster,
    });

  it("approves fixes one by one until verified: each next one differs, and the answer says verified", async () => {
    const agent = offline();
    const proposed: string[] = [];
    const outcomes: string[] = [];
    let events = await collect(
      agent.runTurn({
        conversationId: "f1",
        turnId: "t1",
        user: "alice",
        input: { text: "fix report-worker in analytics" },
      }),
    );
    for (let i = 0; i < 3; i++) {
      const asked = ofType(events, "approval.requested")[0];
      if (asked === undefined) break;
      proposed.push(...asked.requests.map((r) => r.command));
      events = parsed(
        await collect(
          agent.runTurn({
            conversationId: "f1",
            turnId: "t1",
            user: "alice",
            input: {
              decisions: asked.requests.map((r) => ({
                toolCallId: r.toolCallId,
                decision: "approve" as const,
              })),
            },
          }),
        ),
      );
      outcomes.push(...ofType(events, "verification.finished").map((f) => f.verification.outcome));
    }
    expect(new Set(proposed).size).toBe(proposed.length);
    expect(outcomes.at(-1)).toBe("resolved");
    // Every verdict but the last one was followed by another proposal.
    expect(proposed).toHaveLength(outcomes.length);
    expect(ofType(events, "assistant.message").at(-1)?.content).toMatch(
      /^Done[\s\S]*Verified: Resolved/,
    );
    expect(events.at(-1)?.type).toBe("turn.completed");
  });

  it("a rejected fix is not proposed again in a later turn of the conversation", async () => {
    const agent = offline();
    const first = await collect(
      agent.runTurn({
        conversationId: "f2",
        turnId: "t1",
        user: "alice",
        input: { text: "fix payments-api in payments" },
      }),
    );
    const asked = ofType(first, "approval.requested")[0];
    expect(asked).toBeDefined();
    const rejected = asked?.requests[0]?.command ?? "";
    const reason = "not before the release freeze ends";
    const answered = await collect(
      agent.runTurn({
        conversationId: "f2",
        turnId: "t1",
        user: "alice",
        input: {
          decisions: [
            { toolCallId: asked?.requests[0]?.toolCallId ?? "", decision: "reject", reason },
          ],
        },
      }),
    );
    // The next words name the reason and what happens instead.
    expect(ofType(answered, "assistant.message").at(-1)?.content).toMatch(
      /because “not before the release freeze ends”, so I did not run it[\s\S]*Instead/,
    );
    const again = await collect(
      agent.runTurn({
        conversationId: "f2",
        turnId: "t2",
        user: "alice",
        input: { text: "fix payments-api in payments" },
      }),
    );
    const commands = ofType(again, "approval.requested").flatMap((a) =>
      a.requests.map((r) => r.command),
    );
    expect(commands).not.toContain(rejected);
    expect(again.at(-1)?.type).toMatch(/turn.completed|approval.requested/);
  });

  it("stops asking at limits.maxFixAttempts", async () => {
    const model = new ScriptedChatModel([
      {
        text: "",
        toolCalls: [
          {
            id: "c1",
            name: "kubectl",
            args: { command: "set env deployment/report-worker -n analytics A=1", reason: "try" },
          },
        ],
      },
      {
        text: "",
        toolCalls: [
          {
            id: "c2",
            name: "kubectl",
            args: { command: "set env deployment/report-worker -n analytics B=1", reason: "again" },
          },
        ],
      },
      { text: "I stop here." },
    ]);
    const agent = createAgent({
      model: { model, label: "scripted", offline: false },
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig({
        limits: { maxFixAttempts: 1 },
        nodes: { verify: { deadlineMs: 2_000, pollMs: 50 } },
      }),
      clusterFor: () => fx.cluster,
    });
    await collect(
      agent.runTurn({ conversationId: "f3", turnId: "t1", user: "a", input: { text: "fix it" } }),
    );
    const second = await collect(
      agent.runTurn({
        conversationId: "f3",
        turnId: "t1",
        user: "a",
        input: { decisions: [{ toolCallId: "c1", decision: "approve" }] },
      }),
    );
    expect(ofType(second, "verification.finished")).toHaveLength(1);
    expect(ofType(second, "approval.requested")).toHaveLength(0);
    const refused = ofType(second, "tool.finished").find((f) => f.toolCallId === "c2");
    expect(refused).toMatchObject({ status: "refused" });
    expect(refused?.outputPreview).toMatch(/limits.maxFixAttempts = 1/);
  });
});

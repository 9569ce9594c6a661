import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { ConversationEvent, type AgentEvent } from "@kubemedic/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createModel,
  defaultGraphConfig,
  isAgentError,
  type Agent,
  type GraphConfigInput,
} from "../src/index";
import {
  kubeBackend,
  ScriptedChatModel,
  startOpenAIStub,
  type OpenAIStub,
  type StubScript,
} from "../src/testing/index";
import { collect, ofType, readObject, startDemo, stubEnv, type DemoFixture } from "./fixtures";

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
  await fixture.demo.reset();
});

async function agentWith(script: StubScript, config: GraphConfigInput = {}): Promise<Agent> {
  stub = await startOpenAIStub(script);
  return createAgent({
    model: createModel(stubEnv(stub.url)),
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig(config),
    clusterFor: () => fixture.cluster,
  });
}

async function replicas(name: string): Promise<number> {
  const d = await readObject(fixture.cluster, `/apis/apps/v1/namespaces/shop/deployments/${name}`);
  return (d.spec as { replicas: number }).replicas;
}

function parsed(events: AgentEvent[]): AgentEvent[] {
  for (const e of events) ConversationEvent.parse(e);
  return events;
}

const SCALE = {
  command: "scale deployment cart -n shop --replicas=3",
  reason: "cart needs more capacity",
};

describe("approvals", () => {
  it("pauses at a mutating call with a preview; approve runs exactly that and the change is visible in the cluster", async () => {
    const agent = await agentWith([
      {
        text: "I will scale cart.",
        toolCalls: [
          { id: "call_scale", name: "kubectl", arguments: SCALE },
          { id: "call_get", name: "kubectl", arguments: { command: "get deploy cart -n shop" } },
        ],
      },
      { text: "cart now runs 3 replicas." },
    ]);
    const before = await replicas("cart");
    const first = parsed(
      await collect(
        agent.runTurn({
          conversationId: "a1",
          turnId: "t1",
          user: "alice",
          input: { text: "scale cart to 3 replicas in shop" },
        }),
      ),
    );
    const requested = first.at(-1);
    expect(requested?.type).toBe("approval.requested");
    expect(ofType(first, "turn.completed")).toHaveLength(0);
    // Nothing ran yet, not even the read-only call of the same message.
    expect(ofType(first, "tool.started")).toHaveLength(0);
    const request = requested?.type === "approval.requested" ? requested.requests : [];
    expect(request).toHaveLength(1);
    expect(request[0]).toMatchObject({
      toolCallId: "call_scale",
      command: SCALE.command,
      reason: SCALE.reason,
      target: { kind: "Deployment", namespace: "shop", name: "cart" },
    });
    expect(`${request[0]?.preview.summary} ${request[0]?.preview.diff ?? ""}`).toMatch(/replicas/i);
    expect(await replicas("cart")).toBe(before);
    expect(await agent.pendingApproval("a1")).toEqual({ turnId: "t1", requests: request });

    const second = parsed(
      await collect(
        agent.runTurn({
          conversationId: "a1",
          turnId: "t1",
          user: "bob",
          input: { decisions: [{ toolCallId: "call_scale", decision: "approve" }] },
        }),
      ),
    );
    expect(second[0]).toMatchObject({
      type: "approval.resolved",
      decisions: [{ toolCallId: "call_scale", decision: "approve", by: "bob" }],
    });
    expect(ofType(second, "turn.started")).toHaveLength(0);
    const finished = ofType(second, "tool.finished");
    expect(finished.map((f) => [f.command, f.classification, f.status])).toEqual([
      ["get deploy cart -n shop", "read", "ok"],
      [SCALE.command, "mutating", "ok"],
    ]);
    expect(second.at(-1)?.type).toBe("turn.completed");
    expect(await replicas("cart")).toBe(3);
    expect(await agent.pendingApproval("a1")).toBeNull();
    // The resumed turn's usage is the whole turn's: the call before the pause counts too (the
    // stub reports a quarter of each request's bytes as its prompt tokens).
    const spent = (stub?.requests ?? []).reduce((sum, r) => sum + Math.ceil(r.raw.length / 4), 0);
    expect(stub?.requests).toHaveLength(2);
    expect(ofType(second, "turn.completed")[0]?.usage?.inputTokens).toBe(spent);
  });

  it("a secret typed into the command is masked in the card's command, reason and diff and in every event, and the approved command runs with it", async () => {
    const SECRET = "typed-In-Chat-4471";
    const agent = await agentWith([
      {
        text: "Setting it.",
        toolCalls: [
          {
            id: "call_env",
            name: "kubectl",
            arguments: {
              command: `set env deployment/cart -n shop DB_PASSWORD=${SECRET}`,
              reason: `the user asked to set DB_PASSWORD to ${SECRET}`,
            },
          },
        ],
      },
      { text: "DB_PASSWORD is set on cart." },
    ]);
    const first = parsed(
      await collect(
        agent.runTurn({
          conversationId: "s1",
          turnId: "t1",
          user: "alice",
          input: { text: "set DB_PASSWORD of cart in shop" },
        }),
      ),
    );
    const requested = first.at(-1);
    const request = requested?.type === "approval.requested" ? requested.requests[0] : undefined;
    expect(request).toMatchObject({
      command: "set env deployment/cart -n shop DB_PASSWORD=[REDACTED]",
      reason: "the user asked to set DB_PASSWORD to [REDACTED]",
    });
    expect(`${request?.preview.summary} ${request?.preview.diff ?? ""}`).toContain("DB_PASSWORD");
    // Shown, sent and stored: nowhere in clear, the checkpointed pause included.
    expect(JSON.stringify(first)).not.toContain(SECRET);
    expect(JSON.stringify(await agent.pendingApproval("s1"))).not.toContain(SECRET);

    const second = parsed(
      await collect(
        agent.runTurn({
          conversationId: "s1",
          turnId: "t1",
          user: "alice",
          input: { decisions: [{ toolCallId: "call_env", decision: "approve" }] },
        }),
      ),
    );
    expect(ofType(second, "tool.finished").map((f) => [f.command, f.status])).toEqual([
      ["set env deployment/cart -n shop DB_PASSWORD=[REDACTED]", "ok"],
    ]);
    expect(JSON.stringify(second)).not.toContain(SECRET);
    // What ran is what the model asked for, the real value included.
    const cart = await readObject(
      fixture.cluster,
      "/apis/apps/v1/namespaces/shop/deployments/cart",
    );
    const env = (
      cart.spec as {
        template: { spec: { containers: { env?: { name: string; value?: string }[] }[] } };
      }
    ).template.spec.containers[0]?.env;
    expect(env).toContainEqual({ name: "DB_PASSWORD", value: SECRET });
  });

  it("reject reaches the model as a final result and the model answers accordingly", async () => {
    const agent = await agentWith([
      {
        toolCalls: [
          {
            id: "call_zero",
            name: "kubectl",
            arguments: {
              command: "scale deployment checkout -n shop --replicas=0",
              reason: "stop the crash loop",
            },
          },
        ],
      },
      (req) => {
        const tool = req.body?.messages?.findLast((m) => m.role === "tool");
        const told = String(tool?.content);
        return {
          text:
            told.includes("not during business hours") && told.includes("final")
              ? "Understood, I will leave checkout running."
              : "I did not see a rejection.",
        };
      },
    ]);
    const before = await replicas("checkout");
    await collect(
      agent.runTurn({
        conversationId: "r1",
        turnId: "t1",
        user: "alice",
        input: { text: "stop checkout in shop" },
      }),
    );
    const events = parsed(
      await collect(
        agent.runTurn({
          conversationId: "r1",
          turnId: "t1",
          user: "alice",
          input: {
            decisions: [
              { toolCallId: "call_zero", decision: "reject", reason: "not during business hours" },
            ],
          },
        }),
      ),
    );
    expect(ofType(events, "tool.finished")[0]).toMatchObject({
      status: "rejected",
      command: "scale deployment checkout -n shop --replicas=0",
    });
    expect(ofType(events, "assistant.message").at(-1)?.content).toBe(
      "Understood, I will leave checkout running.",
    );
    expect(events.at(-1)?.type).toBe("turn.completed");
    expect(await replicas("checkout")).toBe(before);
  });

  it("a rejected command repeated under a new call id is refused without asking again", async () => {
    const told: string[] = [];
    const model = new ScriptedChatModel([
      {
        text: "",
        toolCalls: [
          {
            id: "call_zero",
            name: "kubectl",
            args: { command: "scale deployment checkout -n shop --replicas=0", reason: "stop it" },
          },
        ],
      },
      // The same change spelled differently, beside a different change.
      {
        text: "",
        toolCalls: [
          {
            id: "call_again",
            name: "kubectl",
            args: {
              command: "kubectl scale  deployment checkout --replicas=0 --namespace=shop",
              reason: "really stop it",
            },
          },
          { id: "call_cart", name: "kubectl", args: SCALE },
        ],
      },
      (messages) => {
        told.push(...messages.filter((m) => m.getType() === "tool").map((m) => m.text));
        return { text: "Understood." };
      },
    ]);
    const agent = createAgent({
      model: { model, label: "scripted", offline: false },
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig(),
      clusterFor: () => fixture.cluster,
    });
    const before = await replicas("checkout");
    const turn = (input: Parameters<Agent["runTurn"]>[0]["input"]) =>
      collect(agent.runTurn({ conversationId: "rr1", turnId: "t1", user: "alice", input }));
    await turn({ text: "stop checkout in shop" });
    const second = parsed(
      await turn({
        decisions: [{ toolCallId: "call_zero", decision: "reject", reason: "not now" }],
      }),
    );
    // The repeat is answered at once, as rejected; only the new change waits for the user.
    expect(ofType(second, "tool.finished").map((f) => [f.toolCallId, f.status])).toEqual([
      ["call_zero", "rejected"],
      ["call_again", "rejected"],
    ]);
    expect(ofType(second, "tool.finished")[1]?.outputPreview).toMatch(
      /already rejected this command in this conversation: not now/,
    );
    const asked = ofType(second, "approval.requested");
    expect(asked.map((a) => a.requests.map((r) => r.toolCallId))).toEqual([["call_cart"]]);
    const third = parsed(
      await turn({ decisions: [{ toolCallId: "call_cart", decision: "reject", reason: "no" }] }),
    );
    expect(ofType(third, "approval.requested")).toHaveLength(0);
    expect(third.at(-1)?.type).toBe("turn.completed");
    expect(told.filter((t) => t.includes("already rejected"))).toHaveLength(1);
    expect(await replicas("checkout")).toBe(before);
    expect(await agent.pendingApproval("rr1")).toBeNull();
  });

  it("shows every object a command touches and the engine's notes on its preview", async () => {
    const agent = await agentWith([
      {
        toolCalls: [
          {
            id: "call_delete",
            name: "kubectl",
            arguments: { command: "delete pods -l app=checkout -n shop", reason: "recreate them" },
          },
          {
            id: "call_patch",
            name: "kubectl",
            // The server refuses negative replicas, so its dry run of the strategic patch fails.
            arguments: {
              command: `patch deployment cart -n shop -p '{"spec":{"replicas":-1}}'`,
              reason: "test",
            },
          },
        ],
      },
      { text: "ok" },
    ]);
    const events = parsed(
      await collect(
        agent.runTurn({
          conversationId: "pv1",
          turnId: "t1",
          user: "alice",
          input: { text: "recreate checkout's pods" },
        }),
      ),
    );
    const [del, patch] = ofType(events, "approval.requested")[0]?.requests ?? [];
    const pods = (
      (
        await readObject(
          fixture.cluster,
          "/api/v1/namespaces/shop/pods?labelSelector=app%3Dcheckout",
        )
      ).items as { metadata: { name: string } }[]
    ).map((p) => p.metadata.name);
    expect(pods.length).toBeGreaterThan(1);
    expect(del?.targets).toEqual(pods.map((name) => ({ kind: "Pod", namespace: "shop", name })));
    expect(del?.target).toEqual(del?.targets?.[0]);
    expect(del?.targetsOmitted).toBeUndefined();
    expect(patch?.targets).toBeUndefined();
    expect(patch?.target).toEqual({ kind: "Deployment", namespace: "shop", name: "cart" });
    expect(patch?.preview.notes).toEqual([
      expect.stringMatching(
        /^the server's dry run failed \(.*replicas.*\); the result shown is computed locally$/,
      ),
    ]);
    // The paused turn reads back the same cards after a restart.
    expect(await agent.pendingApproval("pv1")).toEqual({ turnId: "t1", requests: [del, patch] });
  });

  it("refuses bad decisions without losing the pending approval", async () => {
    const agent = await agentWith([
      { toolCalls: [{ id: "call_s", name: "kubectl", arguments: SCALE }] },
      { text: "ok" },
    ]);
    await collect(
      agent.runTurn({
        conversationId: "d1",
        turnId: "t1",
        user: "a",
        input: { text: "scale cart" },
      }),
    );
    const bad = async (turnId: string, toolCallId: string) => {
      try {
        await collect(
          agent.runTurn({
            conversationId: "d1",
            turnId,
            user: "a",
            input: { decisions: [{ toolCallId, decision: "approve" }] },
          }),
        );
        return "no error";
      } catch (error) {
        return isAgentError(error) ? error.code : String(error);
      }
    };
    expect(await bad("t1", "call_other")).toBe("invalid_decision");
    expect(await bad("t2", "call_s")).toBe("invalid_decision");
    expect(await agent.pendingApproval("d1")).toMatchObject({ turnId: "t1" });
    try {
      await collect(
        agent.runTurn({
          conversationId: "none",
          turnId: "t1",
          user: "a",
          input: { decisions: [] },
        }),
      );
      expect.unreachable();
    } catch (error) {
      expect(isAgentError(error, "no_pending_approval")).toBe(true);
    }
  });

  it("a new question while a turn waits answers the dangling call and carries on", async () => {
    const agent = await agentWith([
      { toolCalls: [{ id: "call_s", name: "kubectl", arguments: SCALE }] },
      (req) => {
        const msgs = req.body?.messages ?? [];
        const answer = msgs.find((m) => m.role === "tool" && m.tool_call_id === "call_s");
        const lastIsUser = msgs.at(-1)?.role === "user";
        return {
          text:
            answer !== undefined && String(answer.content).includes("moved on") && lastIsUser
              ? "consistent history"
              : "broken history",
        };
      },
    ]);
    await collect(
      agent.runTurn({
        conversationId: "m1",
        turnId: "t1",
        user: "a",
        input: { text: "scale cart" },
      }),
    );
    const events = await collect(
      agent.runTurn({
        conversationId: "m1",
        turnId: "t2",
        user: "a",
        input: { text: "never mind, hello" },
      }),
    );
    expect(ofType(events, "assistant.message").at(-1)?.content).toBe("consistent history");
    expect(await agent.pendingApproval("m1")).toBeNull();
    expect(await replicas("cart")).not.toBe(3);
  });

  it("read-only refuses mutations with an explanation, without asking", async () => {
    const agent = await agentWith(
      [
        { toolCalls: [{ name: "kubectl", arguments: SCALE }] },
        { text: "This session is read-only; run it yourself." },
      ],
      { approval: { policy: "read-only" } },
    );
    const events = await collect(
      agent.runTurn({
        conversationId: "p1",
        turnId: "t1",
        user: "a",
        input: { text: "scale cart" },
      }),
    );
    expect(ofType(events, "approval.requested")).toHaveLength(0);
    expect(ofType(events, "tool.finished")[0]).toMatchObject({
      status: "refused",
      classification: "mutating",
    });
    expect(ofType(events, "tool.finished")[0]?.outputPreview).toMatch(/read-only/);
    expect(await replicas("cart")).not.toBe(3);
  });

  it("suggest-only returns the command instead of running it", async () => {
    const agent = await agentWith(
      [{ toolCalls: [{ name: "kubectl", arguments: SCALE }] }, { text: "Run it yourself." }],
      {
        approval: { policy: "suggest-only" },
      },
    );
    const events = await collect(
      agent.runTurn({
        conversationId: "p2",
        turnId: "t1",
        user: "a",
        input: { text: "scale cart" },
      }),
    );
    expect(ofType(events, "tool.finished")[0]).toMatchObject({ status: "suggested" });
    expect(ofType(events, "tool.finished")[0]?.outputPreview).toContain(SCALE.command);
    expect(await replicas("cart")).not.toBe(3);
  });

  it("asks once for several mutating calls of one message, and runs only the approved ones", async () => {
    const agent = await agentWith([
      {
        toolCalls: [
          { id: "c_a", name: "kubectl", arguments: SCALE },
          {
            id: "c_b",
            name: "kubectl",
            arguments: {
              command: "scale deployment checkout -n shop --replicas=0",
              reason: "stop it",
            },
          },
        ],
      },
      { text: "Scaled cart; left checkout alone." },
    ]);
    const first = await collect(
      agent.runTurn({
        conversationId: "p3",
        turnId: "t1",
        user: "a",
        input: { text: "scale both" },
      }),
    );
    const req = ofType(first, "approval.requested");
    expect(req).toHaveLength(1);
    expect(req[0]?.requests.map((r) => r.toolCallId)).toEqual(["c_a", "c_b"]);
    const before = await replicas("checkout");
    const second = await collect(
      agent.runTurn({
        conversationId: "p3",
        turnId: "t1",
        user: "a",
        input: {
          decisions: [
            { toolCallId: "c_a", decision: "approve" },
            { toolCallId: "c_b", decision: "reject", reason: "no" },
          ],
        },
      }),
    );
    expect(
      ofType(second, "tool.finished")
        .map((f) => [f.toolCallId, f.status])
        .sort(),
    ).toEqual([
      ["c_a", "ok"],
      ["c_b", "rejected"],
    ]);
    expect(await replicas("cart")).toBe(3);
    expect(await replicas("checkout")).toBe(before);
  });

  it("runs what the user approved even when the call's arguments change while it waits", async () => {
    const model = new ScriptedChatModel([
      { text: "", toolCalls: [{ id: "call_scale", name: "kubectl", args: SCALE }] },
      { text: "Done." },
    ]);
    const agent = createAgent({
      model: { model, label: "scripted", offline: false },
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig(),
      clusterFor: () => fixture.cluster,
    });
    const turn = (input: Parameters<Agent["runTurn"]>[0]["input"]) =>
      collect(agent.runTurn({ conversationId: "edit1", turnId: "t1", user: "alice", input }));
    await turn({ text: "scale cart in shop" });
    const shown = await agent.pendingApproval("edit1");
    expect(shown?.requests[0]?.command).toBe(SCALE.command);

    // The waiting call's arguments are rewritten in the checkpointed thread (same message,
    // same call id, another command); the graph comes back to the same approval card.
    const thread = { configurable: { thread_id: "edit1" } };
    const snapshot = await agent.graph.getState(thread);
    const values = snapshot.values as { messages: BaseMessage[] };
    const waiting = values.messages.at(-1) as AIMessage;
    const edited = new AIMessage({
      id: waiting.id as string,
      content: "",
      tool_calls: [
        {
          id: "call_scale",
          name: "kubectl",
          args: { command: "scale deployment cart -n shop --replicas=0", reason: SCALE.reason },
        },
      ],
    });
    await agent.graph.updateState(thread, { messages: [edited] }, "agent");
    const context = { backend: kubeBackend(fixture.cluster) };
    for await (const chunk of await agent.graph.stream(null, { ...thread, context })) void chunk;
    expect(await agent.pendingApproval("edit1")).toEqual(shown);

    const second = parsed(
      await turn({ decisions: [{ toolCallId: "call_scale", decision: "approve" }] }),
    );
    expect(ofType(second, "tool.finished").map((f) => [f.command, f.status])).toEqual([
      [SCALE.command, "ok"],
    ]);
    expect(await replicas("cart")).toBe(3);
  });
});

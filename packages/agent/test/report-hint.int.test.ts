import { MemorySaver } from "@langchain/langgraph";
import type { AgentEvent } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig, type Agent } from "../src/index";
import { collect, ofType, startDemo, type DemoFixture } from "./fixtures";

/**
 * `reportMayFollow` on an answer's deltas: set exactly when a final answer would be followed by
 * a report, so the browser can show its lead from the start (issue #15: the long answer
 * visibly shrank to its lead when the report arrived).
 */
let fixture: DemoFixture;
let agent: Agent;
beforeAll(async () => {
  fixture = await startDemo(["crashloop-missing-env"]);
  agent = createAgent({
    model: createModel({}),
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig(),
    clusterFor: () => fixture.cluster,
  });
});
afterAll(async () => {
  await fixture.close();
});

/** Each assistant message: whether its deltas carried the hint, and whether it called tools. */
function messages(events: AgentEvent[]) {
  return ofType(events, "assistant.message").map((m) => {
    const deltas = ofType(events, "assistant.delta").filter((d) => d.messageId === m.messageId);
    return {
      hinted: deltas.length > 0 && deltas.every((d) => d.reportMayFollow === true),
      unhinted: deltas.every((d) => d.reportMayFollow === undefined),
      calls: m.toolCallIds.length > 0,
      text: deltas.map((d) => d.delta).join(""),
      content: m.content,
    };
  });
}

describe("the report hint on streamed answers", () => {
  it("marks the final answer of a diagnosis, not the messages before its tools ran", async () => {
    const events = await collect(
      agent.runTurn({
        conversationId: "h1",
        turnId: "t1",
        user: "alice",
        input: { text: "why is checkout failing in shop?" },
      }),
    );
    expect(ofType(events, "report.ready")).toHaveLength(1);
    const said = messages(events);
    const final = said.at(-1);
    expect(final).toMatchObject({ hinted: true, calls: false });
    // The deltas still add up to the message.
    expect(final?.text).toBe(final?.content);
    // The first message, before any tool ran, cannot be followed by a report.
    expect(said[0]).toMatchObject({ unhinted: true, calls: true });
  });

  it("marks nothing in a turn that ends without a report", async () => {
    const events = await collect(
      agent.runTurn({
        conversationId: "h2",
        turnId: "t1",
        user: "alice",
        input: { text: "kubectl get pods -n shop" },
      }),
    );
    expect(ofType(events, "report.ready")).toHaveLength(0);
    expect(messages(events).every((m) => m.unhinted)).toBe(true);
  });
});

import { MemorySaver } from "@langchain/langgraph";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig, type Agent } from "../src/index";
import { collect, ofType, readObject, startDemo, type DemoFixture } from "./fixtures";

/** The offline diagnostician's other intents, through the full graph on the demo cluster. */
let fixture: DemoFixture;
let agent: Agent;
beforeAll(async () => {
  fixture = await startDemo(["crashloop-missing-env", "oomkilled"]);
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
afterEach(async () => {
  await fixture.demo.reset();
});

const ask = (conversationId: string, text: string) =>
  collect(agent.runTurn({ conversationId, turnId: "t1", user: "alice", input: { text } }));

async function memoryLimit(): Promise<string> {
  const d = await readObject(
    fixture.cluster,
    "/apis/apps/v1/namespaces/analytics/deployments/report-worker",
  );
  const containers = (
    d.spec as {
      template: { spec: { containers: { resources?: { limits?: { memory?: string } } }[] } };
    }
  ).template.spec.containers;
  return containers[0]?.resources?.limits?.memory ?? "";
}

describe("the offline diagnostician's intents", () => {
  it("runs a plain request and answers briefly with its output, without a report", async () => {
    const events = await ask("o1", "list pods in the shop namespace");
    const finished = ofType(events, "tool.finished");
    expect(finished.map((f) => f.command)).toEqual(["get pods -n shop"]);
    const answer = ofType(events, "assistant.message").at(-1)?.content ?? "";
    expect(answer).toContain("checkout-");
    expect(ofType(events, "report.ready")).toHaveLength(0);
  });

  it("proposes the fix, which waits for approval and changes the cluster once approved", async () => {
    expect(await memoryLimit()).toBe("256Mi");
    const first = await ask("o2", "fix report-worker in analytics");
    const requested = ofType(first, "approval.requested")[0];
    expect(requested?.requests[0]).toMatchObject({
      command: expect.stringContaining("set resources deployment/report-worker") as unknown,
      target: { kind: "Deployment", namespace: "analytics", name: "report-worker" },
    });
    expect(requested?.requests[0]?.preview.diff ?? "").toMatch(/512Mi/);
    expect(await memoryLimit()).toBe("256Mi");
    const second = await collect(
      agent.runTurn({
        conversationId: "o2",
        turnId: "t1",
        user: "alice",
        input: {
          decisions: [
            { toolCallId: requested?.requests[0]?.toolCallId ?? "", decision: "approve" },
          ],
        },
      }),
    );
    expect(ofType(second, "tool.finished")[0]).toMatchObject({
      status: "ok",
      classification: "mutating",
    });
    expect(ofType(second, "assistant.message").at(-1)?.content).toMatch(/^Done/);
    expect(await memoryLimit()).toBe("512Mi");
  });

  it("does not run a fix that needs a value only the user knows", async () => {
    const events = await ask("o3", "fix checkout in shop");
    expect(ofType(events, "approval.requested")).toHaveLength(0);
    expect(ofType(events, "tool.finished").every((f) => f.classification === "read")).toBe(true);
    expect(ofType(events, "assistant.message").at(-1)?.content).toMatch(/DATABASE_URL/);
  });

  it("says what it can do, and cannot, for a question outside its playbook", async () => {
    const events = await ask("o4", "write me a haiku about pods");
    expect(ofType(events, "tool.started")).toHaveLength(0);
    expect(ofType(events, "assistant.message")[0]?.content).toMatch(
      /offline diagnostician.*cannot answer general questions/s,
    );
  });

  it("refuses what the kubectl engine refuses, plainly", async () => {
    const events = await ask("o5", "kubectl exec -it deploy/checkout -n shop -- sh");
    expect(ofType(events, "tool.finished")[0]?.status).toBe("refused");
    expect(ofType(events, "assistant.message").at(-1)?.content).toMatch(/^I did not run/);
  });
});

import { MemorySaver } from "@langchain/langgraph";
import type { AgentEvent, EventOf } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig, type GraphConfigInput } from "../src/index";
import { collect, startDemo, type DemoFixture } from "./fixtures";

/**
 * Each `plan.*` key of the graph config changes what a planned turn does
 * (issue #14), on the real demo cluster with the offline diagnostician:
 * two multi-cause scenarios, one with two faults in one namespace, one with
 * three across namespaces.
 */
let fixture: DemoFixture;
beforeAll(async () => {
  fixture = await startDemo(["multi-outlet-crash-and-oom", "multi-cluster-three-teams"]);
});
afterAll(async () => {
  await fixture?.close();
});

const TWO = "checkout and report-worker in outlet both keep restarting — what's wrong?";
const THREE = "what's wrong with my cluster?";

async function ask(plan: GraphConfigInput["plan"], text: string): Promise<AgentEvent[]> {
  const agent = createAgent({
    model: createModel({}),
    checkpointer: new MemorySaver(),
    config: defaultGraphConfig({ plan }),
    clusterFor: () => fixture.cluster,
  });
  return collect(
    agent.runTurn({
      conversationId: `plan-${crypto.randomUUID()}`,
      turnId: "t1",
      user: "test",
      input: { text },
    }),
  );
}

function ofType<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): EventOf<T>[] {
  return events.filter((e) => e.type === type) as EventOf<T>[];
}

describe("plan config keys", () => {
  it("default: a plan, one step per root cause, a combined report naming each", async () => {
    const events = await ask({}, THREE);
    expect(ofType(events, "route.decided")[0]?.branch).toBe("complex");
    const plan = ofType(events, "plan.created")[0]?.plan;
    // Both scenarios' faults: three across namespaces, two in outlet.
    expect(plan?.steps.length).toBe(5);
    const report = ofType(events, "report.ready").at(-1)?.report;
    expect(report?.causes?.map((c) => c.category).sort()).toEqual([
      "CrashLoop",
      "MissingConfig",
      "OOMKilled",
      "ProbeFailure",
      "Unschedulable",
    ]);
    expect(ofType(events, "report.ready")).toHaveLength(1);
    expect(events.at(-1)?.type).toBe("turn.completed");
  });

  it("enabled: false — no route, no plan, the single loop's one-cause report", async () => {
    const events = await ask({ enabled: false }, THREE);
    expect(ofType(events, "route.decided")).toEqual([]);
    expect(ofType(events, "plan.created")).toEqual([]);
    expect(ofType(events, "report.ready").at(-1)?.report.causes).toBeUndefined();
  });

  it("minRootCauses: above the scope's root causes, the question takes the single loop", async () => {
    expect(ofType(await ask({}, TWO), "route.decided")[0]?.branch).toBe("complex");
    const events = await ask({ minRootCauses: 3 }, TWO);
    expect(ofType(events, "route.decided")[0]?.branch).toBe("single");
    expect(ofType(events, "plan.created")).toEqual([]);
  });

  it("maxSteps: the plan keeps the top-ranked root causes and says what it left out", async () => {
    const plan = ofType(await ask({ maxSteps: 1 }, THREE), "plan.created")[0]?.plan;
    expect(plan?.steps).toHaveLength(1);
    expect(plan?.reason).toMatch(/4 lower-ranked ones left out/);
  });

  it("maxParallelSteps: 1 runs the steps one after the other; 3 starts them together", async () => {
    const order = (events: AgentEvent[]) =>
      events
        .filter((e) => e.type === "plan.step.started" || e.type === "plan.step.finished")
        .map((e) => (e.type === "plan.step.started" ? "start" : "end"));
    expect(order(await ask({ maxParallelSteps: 1 }, THREE))).toEqual(
      Array.from({ length: 5 }, () => ["start", "end"]).flat(),
    );
    expect(order(await ask({ maxParallelSteps: 3 }, THREE)).slice(0, 3)).toEqual([
      "start",
      "start",
      "start",
    ]);
  });

  it("stepMaxIterations and maxRevisions: a step out of budget fails, and is retried only while revisions are left", async () => {
    const starved = await ask({ stepMaxIterations: 1, maxRevisions: 1 }, TWO);
    const finished = ofType(starved, "plan.step.finished");
    expect(finished.slice(0, 2).map((f) => f.status)).toEqual(["failed", "failed"]);
    expect(finished[0]?.result).toMatch(/step budget/);
    const revised = ofType(starved, "plan.revised")[0]?.plan;
    expect(revised?.version).toBe(2);
    expect(revised?.reason).toMatch(/failed/);
    // Nothing succeeded: the user is asked where to look, nothing is invented.
    expect(ofType(starved, "report.ready")).toEqual([]);
    expect(ofType(starved, "assistant.message").at(-1)?.content).toMatch(/Which namespace/);

    const noRevision = await ask({ stepMaxIterations: 1, maxRevisions: 0 }, TWO);
    expect(ofType(noRevision, "plan.revised")).toEqual([]);
  });

  it("specialists.*.kinds: a read of another kind is refused with the specialist's reason", async () => {
    const events = await ask(
      { specialists: { workload: { kinds: ["Pod", "Event", "Namespace"] } } },
      TWO,
    );
    const refused = ofType(events, "tool.finished").filter((t) =>
      t.outputPreview.includes("The workload specialist does not read Deployment"),
    );
    expect(refused.length).toBeGreaterThan(0);
  });

  it("specialists.*.tools: a specialist without k8sgpt never calls it", async () => {
    const withAll = ofType(await ask({}, TWO), "tool.finished");
    expect(withAll.some((t) => t.tool === "k8sgpt")).toBe(true);
    const events = await ask(
      { specialists: { workload: { tools: ["kubectl"] }, scheduling: { tools: ["kubectl"] } } },
      TWO,
    );
    expect(ofType(events, "tool.finished").some((t) => t.tool === "k8sgpt")).toBe(false);
  });
});

import { MemorySaver } from "@langchain/langgraph";
import {
  builtinScenarioDir,
  builtinScenarioNames,
  loadScenario,
  scoreCauses,
  type Scenario,
} from "@kubemedic/demo-cluster";
import { ConversationEvent } from "@kubemedic/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig } from "../src/index";
import { startOpenAIStub, type RecordedRequest } from "../src/testing/index";
import { collect, ofType, startDemo, stubEnv } from "./fixtures";
import { genericModel, PLAN_REASON, ROUTE_REASON } from "./generic-model";

/**
 * Issue #14's done-mean with an LLM: every built-in scenario with
 * `expect.causes`, loaded alone into the real demo cluster, asked its own
 * question through the real graph with ChatOpenAI against the OpenAI stub,
 * which plays a generic model (`generic-model.ts`: it reads each request, not
 * the scenario). The LLM route, the LLM plan, the specialists' tool calls and
 * reports and the combined report all go over the wire; the report must name
 * every expected cause and invent none (the quality suite's `scoreCauses`).
 */
const multi: Scenario[] = [];
for (const name of builtinScenarioNames()) {
  const scenario = await loadScenario(builtinScenarioDir(name));
  if (scenario.expect.causes !== undefined) multi.push(scenario);
}

const results: { name: string; passed: boolean; ms: number; requests: number; detail: string }[] =
  [];
afterAll(() => {
  const passed = results.filter((r) => r.passed).length;
  console.log(
    `\nLLM path (OpenAI stub): ${passed}/${results.length} multi-cause scenarios pass\n${results
      .map(
        (r) =>
          `  ${r.passed ? "PASS" : "FAIL"} ${r.name.padEnd(34)} ${String(r.ms).padStart(6)} ms ${String(r.requests).padStart(3)} model calls ${r.detail}`,
      )
      .join("\n")}\n`,
  );
});

const { specialists } = defaultGraphConfig().plan;

/** What a request asked the model for: the forced structured output, or a specialist's turn (by its prompt). */
function kindOf(req: RecordedRequest): string {
  const tools = (req.body?.tools ?? []).map((t) => t.function.name);
  for (const forced of ["route_decision", "investigation_plan", "diagnosis_report"])
    if (tools.includes(forced)) return forced;
  const system = String(req.body?.messages?.find((m) => m.role === "system")?.content);
  const specialist = Object.entries(specialists).find(([, s]) => system.startsWith(s.prompt))?.[0];
  return specialist === undefined ? "agent" : `specialist:${specialist}`;
}

describe("multi-cause scenarios through the LLM path (ChatOpenAI → OpenAI stub)", () => {
  it("has at least six multi-cause scenarios", () => {
    expect(multi.length).toBeGreaterThanOrEqual(6);
  });

  it.each(multi.map((s) => [s.name, s] as const))("%s", async (name, scenario) => {
    const causes = scenario.expect.causes ?? [];
    const started = performance.now();
    const fixture = await startDemo([name]);
    const stub = await startOpenAIStub((req) => genericModel(req));
    try {
      const agent = createAgent({
        model: createModel(stubEnv(stub.url)),
        checkpointer: new MemorySaver(),
        config: defaultGraphConfig(),
        clusterFor: () => fixture.cluster,
      });
      const events = await collect(
        agent.runTurn({
          conversationId: `llm-${name}`,
          turnId: "t1",
          user: "test",
          input: { text: scenario.question },
        }),
      );
      for (const e of events) expect(() => ConversationEvent.parse(e)).not.toThrow();
      expect(events.at(-1)).toMatchObject({ type: "turn.completed", partial: false });

      // The model decided: its route and its plan, not the rules' fallback.
      const kinds = stub.requests.map(kindOf);
      expect(kinds.filter((k) => k === "route_decision")).toHaveLength(1);
      expect(kinds.filter((k) => k === "investigation_plan")).toHaveLength(1);
      expect(ofType(events, "route.decided")[0]).toMatchObject({
        branch: "complex",
        reason: ROUTE_REASON,
      });
      const plan = ofType(events, "plan.created")[0]?.plan;
      expect(plan?.reason).toBe(PLAN_REASON);
      const steps = plan?.steps ?? [];
      expect(steps.length).toBeGreaterThanOrEqual(causes.length);

      // Each step's specialist investigated with tools over the wire and wrote a report.
      const finished = ofType(events, "plan.step.finished");
      expect(finished.map((f) => f.status)).toEqual(steps.map(() => "done"));
      for (const step of steps) expect(kinds).toContain(`specialist:${step.specialist}`);
      expect(kinds.filter((k) => k === "diagnosis_report").length).toBe(steps.length);
      const tools = ofType(events, "tool.finished");
      expect(tools.filter((t) => t.tool === "k8sgpt" && t.status === "ok").length).toBe(
        steps.length,
      );
      expect(tools.some((t) => t.tool === "kubectl")).toBe(true);
      expect(kinds).not.toContain("agent");

      // The turn's usage counts every call of it: route, plan, each step's turns and reports
      // (the stub reports a quarter of each request's bytes as its prompt tokens).
      const spent = stub.requests.reduce((sum, r) => sum + Math.ceil(r.raw.length / 4), 0);
      expect(ofType(events, "turn.completed")[0]?.usage?.inputTokens).toBe(spent);

      const ready = ofType(events, "report.ready");
      expect(ready).toHaveLength(1);
      const report = ready[0]?.report;
      expect(ready[0]?.degraded).toBe(false);
      const score = report === undefined ? undefined : scoreCauses(report, causes);
      results.push({
        name,
        passed: score?.passed === true,
        ms: Math.round(performance.now() - started),
        requests: stub.requests.length,
        detail:
          score === undefined
            ? "(no report)"
            : [
                ...score.expected
                  .filter((e) => !e.found)
                  .map(
                    (e) =>
                      `missing ${e.resource} (${e.score.mentions
                        .filter((m) => !m.found)
                        .map((m) => m.text)
                        .join(", ")})`,
                  ),
                ...score.invented.map((i) => `invented ${i.category} ${i.resource}`),
              ].join("; "),
      });
      expect(score?.invented).toEqual([]);
      expect(score?.expected.filter((e) => !e.found)).toEqual([]);
      expect(score?.passed).toBe(true);
    } finally {
      await stub.close();
      await fixture.close();
    }
  });
});

/**
 * A model's plan that does not fit the cluster: before `checkModelPlan`, one
 * unknown specialist made the whole plan fail its parse and the rules' plan
 * replaced it without a word. Now the step is repaired (or dropped) and the
 * plan says so; with no usable step the rules' plan says why.
 */
describe("a model plan that does not fit the cluster", () => {
  async function runWith(scenario: Scenario, edit: (args: PlanArgs) => PlanArgs) {
    const fixture = await startDemo([scenario.name]);
    const stub = await startOpenAIStub((req) => {
      const reply = genericModel(req);
      const call = reply.toolCalls?.[0];
      if (call?.name !== "investigation_plan") return reply;
      return { toolCalls: [{ ...call, arguments: edit(call.arguments as PlanArgs) }] };
    });
    try {
      const agent = createAgent({
        model: createModel(stubEnv(stub.url)),
        checkpointer: new MemorySaver(),
        config: defaultGraphConfig(),
        clusterFor: () => fixture.cluster,
      });
      return await collect(
        agent.runTurn({
          conversationId: `llm-bad-plan-${scenario.name}`,
          turnId: "t1",
          user: "test",
          input: { text: scenario.question },
        }),
      );
    } finally {
      await stub.close();
      await fixture.close();
    }
  }
  type PlanArgs = {
    reason: string;
    steps: { specialist: string; scope: { namespace?: string } }[];
  };

  it("repairs an unknown specialist, drops a step outside the cluster, and still names every cause", async () => {
    const scenario = multi[0] as Scenario;
    const events = await runWith(scenario, (args) => ({
      ...args,
      steps: [
        { ...args.steps[0], specialist: "database", scope: { namespace: "no-such-namespace" } },
        ...args.steps.map((s) => ({ ...s, specialist: "database" })),
      ] as PlanArgs["steps"],
    }));
    const plan = ofType(events, "plan.created")[0]?.plan;
    expect(plan?.reason).toContain(PLAN_REASON);
    expect(plan?.reason).toContain("step 1 dropped: namespace no-such-namespace does not exist");
    expect(plan?.reason).toMatch(/step 2: no specialist "database", \w+ instead/);
    expect(plan?.steps.map((s) => s.specialist)).not.toContain("database");
    const report = ofType(events, "report.ready")[0]?.report;
    expect(report && scoreCauses(report, scenario.expect.causes ?? []).passed).toBe(true);
  });

  it("adds a step for a root cause the model's plan left out, so the report still names it", async () => {
    const scenario = multi[0] as Scenario;
    const events = await runWith(scenario, (args) => ({ ...args, steps: args.steps.slice(0, 1) }));
    const plan = ofType(events, "plan.created")[0]?.plan;
    expect(plan?.reason).toMatch(/added: no step of the model's was on it/);
    expect(plan?.steps.length).toBeGreaterThanOrEqual((scenario.expect.causes ?? []).length);
    const report = ofType(events, "report.ready")[0]?.report;
    expect(report && scoreCauses(report, scenario.expect.causes ?? []).passed).toBe(true);
  });

  it("falls back to the rules' plan, saying why, when no step is usable", async () => {
    const scenario = multi[0] as Scenario;
    const events = await runWith(scenario, (args) => ({
      ...args,
      steps: args.steps.map((s) => ({ ...s, scope: { namespace: "no-such-namespace" } })),
    }));
    const plan = ofType(events, "plan.created")[0]?.plan;
    expect(plan?.reason).not.toContain(PLAN_REASON);
    expect(plan?.reason).toMatch(
      /the model's plan was not used: step 1 dropped: namespace no-such-namespace does not exist/,
    );
    const report = ofType(events, "report.ready")[0]?.report;
    expect(report && scoreCauses(report, scenario.expect.causes ?? []).passed).toBe(true);
  });
});

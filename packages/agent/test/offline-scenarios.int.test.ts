import { MemorySaver } from "@langchain/langgraph";
import {
  builtinScenarioDir,
  builtinScenarioNames,
  loadScenario,
  scoreCauses,
  scoreDiagnosis,
  type Scenario,
  type ScorableMultiReport,
} from "@kubemedic/demo-cluster";
import { ConversationEvent } from "@kubemedic/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { createAgent, createModel, defaultGraphConfig } from "../src/index";
import { collect, startDemo, type DemoFixture } from "./fixtures";

/**
 * The offline diagnostician through the full graph (prepare → agent → tools →
 * … → report) on every built-in scenario, each on a simulator loaded with that
 * scenario only, asked the scenario's own question with no namespace hint:
 * the report must pass the scenario's `expect` (the quality suite's rule).
 */
const names = builtinScenarioNames();

/** The pass rule: the single-cause rule, or for `expect.causes` every cause named and none invented. */
function passes(report: ScorableMultiReport, scenario: Scenario) {
  const causes = scenario.expect.causes;
  if (causes === undefined) return scoreDiagnosis(report, scenario.expect);
  const multi = scoreCauses(report, causes);
  const primary = multi.expected[0]?.score;
  return {
    passed: multi.passed,
    category: primary?.category === true,
    resource: multi.expected.every((e) => e.score.resource),
    mentions: multi.expected.flatMap((e) => e.score.mentions),
  };
}
const results: { name: string; passed: boolean; category: string; detail: string }[] = [];

afterAll(() => {
  const passed = results.filter((r) => r.passed).length;
  console.log(
    `\noffline diagnostician: ${passed}/${results.length} scenarios pass\n${results
      .map(
        (r) =>
          `  ${r.passed ? "PASS" : "FAIL"} ${r.name.padEnd(28)} ${r.category.padEnd(24)} ${r.detail}`,
      )
      .join("\n")}\n`,
  );
});

describe("offline diagnostician on the built-in scenarios", () => {
  it("has scenarios to run", () => {
    expect(names.length).toBeGreaterThan(0);
  });

  it.each(names)("%s", async (name) => {
    const scenario = await loadScenario(builtinScenarioDir(name));
    const fixture = await startDemo([name]);
    try {
      const agent = createAgent({
        model: createModel({}),
        checkpointer: new MemorySaver(),
        config: defaultGraphConfig(),
        clusterFor: () => fixture.cluster,
      });
      const events = await collect(
        agent.runTurn({
          conversationId: `offline-${name}`,
          turnId: "t1",
          user: "test",
          input: { text: scenario.question },
        }),
      );
      for (const e of events) expect(() => ConversationEvent.parse(e)).not.toThrow();
      expect(events.at(-1)?.type).toBe("turn.completed");
      const ready = events.find((e) => e.type === "report.ready");
      const report = ready?.type === "report.ready" ? ready.report : undefined;
      expect(ready?.type === "report.ready" && ready.degraded).toBe(false);
      const score = report === undefined ? undefined : passes(report, scenario);
      results.push({
        name,
        passed: score?.passed === true,
        category: report?.category ?? "(no report)",
        detail:
          score === undefined
            ? ""
            : `resource ${score.resource ? "ok" : `missing ${scenario.expect.resource}`}; mentions ${score.mentions.map((m) => `${m.text}:${m.found ? "ok" : "missing"}`).join(", ") || "-"}`,
      });
      // A multi-cause report ranks its causes by severity: the primary one need not come first.
      if (scenario.expect.causes === undefined)
        expect(report?.category).toBe(scenario.expect.category);
      expect(score).toMatchObject({ passed: true });
    } finally {
      await fixture.close();
    }
  });
});

/** The same questions against one cluster holding every scenario (how `kubemedic demo-cluster` and the quality suite load them). */
describe("offline diagnostician, all scenarios in one cluster", () => {
  let fixture: DemoFixture | undefined;
  afterAll(async () => {
    await fixture?.close();
  });

  it.each(names)("%s", async (name) => {
    fixture ??= await startDemo();
    const cluster = fixture.cluster;
    const scenario = await loadScenario(builtinScenarioDir(name));
    const agent = createAgent({
      model: createModel({}),
      checkpointer: new MemorySaver(),
      config: defaultGraphConfig(),
      clusterFor: () => cluster,
    });
    const events = await collect(
      agent.runTurn({
        conversationId: `all-${name}`,
        turnId: "t1",
        user: "test",
        input: { text: scenario.question },
      }),
    );
    const ready = events.find((e) => e.type === "report.ready");
    const report = ready?.type === "report.ready" ? ready.report : undefined;
    const route = events.find((e) => e.type === "route.decided");
    if (route?.type === "route.decided" && route.reason.startsWith("a cluster-wide question")) {
      // "What's wrong with my cluster?" here rightly names the other scenarios' faults too:
      // the scenario's expect holds in its own cluster (above); here it must be planned.
      expect(events.some((e) => e.type === "plan.created")).toBe(true);
      expect(report?.causes?.length).toBeGreaterThan(1);
      return;
    }
    expect(report === undefined ? undefined : passes(report, scenario)).toMatchObject({
      passed: true,
    });
  });
});

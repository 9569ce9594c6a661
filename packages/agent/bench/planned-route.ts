import { MemorySaver } from "@langchain/langgraph";
import { createAgent, createModel, defaultGraphConfig } from "../src/index";
import { startDemo } from "../test/fixtures";

/** One turn of the question: its wall time, the causes its report names, its plan's steps. */
export interface PlannedRouteSample {
  ms: number;
  causes: string[];
  steps: number;
}

export interface PlannedRouteResult {
  scenarios: number;
  planned: PlannedRouteSample[];
  single: PlannedRouteSample[];
}

/**
 * `question` on the demo cluster with every built-in scenario loaded, offline,
 * through the planned route and (plan.enabled: false) the single loop,
 * alternating, after one warm-up of each. Tracing off, MemorySaver.
 */
export async function measurePlannedRoute(opts: {
  runs: number;
  question: string;
}): Promise<PlannedRouteResult> {
  const fixture = await startDemo();
  try {
    const turn = async (planned: boolean): Promise<PlannedRouteSample> => {
      const agent = createAgent({
        model: createModel({}),
        checkpointer: new MemorySaver(),
        config: defaultGraphConfig(planned ? {} : { plan: { enabled: false } }),
        clusterFor: () => fixture.cluster,
        tracing: false,
      });
      const t0 = performance.now();
      let causes: string[] = [];
      let steps = 0;
      for await (const e of agent.runTurn({
        conversationId: `bench-${crypto.randomUUID()}`,
        turnId: "t1",
        user: "bench",
        input: { text: opts.question },
      })) {
        if (e.type === "plan.created") steps = e.plan.steps.length;
        if (e.type === "report.ready") {
          causes = (e.report.causes ?? [e.report])
            .filter((c) => c.category !== "Healthy")
            .map((c) => {
              const r = c.affectedResources[0];
              return `${c.category} ${r?.namespace ?? ""}/${r?.name ?? ""}`;
            });
        }
      }
      return { ms: performance.now() - t0, causes, steps };
    };
    await turn(true);
    await turn(false);
    const planned: PlannedRouteSample[] = [];
    const single: PlannedRouteSample[] = [];
    for (let i = 0; i < opts.runs; i++) {
      planned.push(await turn(true));
      single.push(await turn(false));
    }
    return { scenarios: fixture.demo.scenarios.length, planned, single };
  } finally {
    await fixture.close();
  }
}

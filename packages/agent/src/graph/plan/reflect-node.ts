import { Send, type LangGraphRunnableConfig } from "@langchain/langgraph";
import type { Plan, PlanStep } from "@kubemedic/protocol";
import { emit, type GraphDeps } from "../deps";
import type { AgentStateUpdate, AgentStateValue } from "../state";
import { goalFor } from "./plan-from-groups";
import type { StepResult, StepTask } from "./plan-state";
import { specialistFor } from "./specialist-for";

/**
 * After each wave of steps: folds the results into the plan, skips steps
 * whose dependencies failed, and when nothing is left to run decides whether
 * to revise (`plan.revised`, at most `plan.maxRevisions` times): a failed step
 * is retried on its whole namespace, and a finding in a namespace no step
 * covers gets a step of its own. Then `collect` (or more steps) follows.
 */
export function reflectNode(deps: GraphDeps) {
  return (state: AgentStateValue, config: LangGraphRunnableConfig): AgentStateUpdate => {
    if (state.plan === null) return {};
    const plan = withResults(state.plan, state.stepResults);
    if (readySteps(plan).length > 0) return { plan };
    if (plan.version - 1 >= deps.config.plan.maxRevisions) return { plan };
    const revision = revise(plan, state.stepResults, deps.config.plan.maxSteps);
    if (revision === undefined) return { plan };
    emit(config, { type: "plan.revised", plan: revision });
    return { plan: revision };
  };
}

/** The plan with each finished step's status and result; steps behind a failed one are skipped. */
function withResults(plan: Plan, results: Record<string, StepResult>): Plan {
  const steps: PlanStep[] = plan.steps.map((s) => {
    const r = results[s.id];
    return r === undefined || s.status !== "pending"
      ? s
      : { ...s, status: r.status, result: r.result, toolCallIds: r.toolCallIds };
  });
  let changed = true;
  while (changed) {
    changed = false;
    for (const [i, s] of steps.entries()) {
      if (s.status !== "pending") continue;
      const blocked = s.dependsOn.some((d) => {
        const dep = steps.find((x) => x.id === d);
        return dep === undefined || dep.status === "failed" || dep.status === "skipped";
      });
      if (blocked) {
        steps[i] = {
          ...s,
          status: "skipped",
          result: "skipped: a step it depends on did not finish",
        };
        changed = true;
      }
    }
  }
  return { ...plan, steps };
}

/** Pending steps whose dependencies are all done. */
function readySteps(plan: Plan): PlanStep[] {
  return plan.steps.filter(
    (s) =>
      s.status === "pending" &&
      s.dependsOn.every((d) => plan.steps.find((x) => x.id === d)?.status === "done"),
  );
}

function revise(
  plan: Plan,
  results: Record<string, StepResult>,
  maxSteps: number,
): Plan | undefined {
  const version = plan.version + 1;
  const added: PlanStep[] = [];
  const reasons: string[] = [];
  const covered = new Set(
    plan.steps.map((s) => `${s.scope.namespace ?? ""}/${s.scope.name ?? ""}`),
  );
  const coveredNs = new Set(plan.steps.map((s) => s.scope.namespace ?? ""));
  for (const s of plan.steps) {
    if (s.status === "failed" && !s.id.includes("r")) {
      const ns = s.scope.namespace;
      added.push({
        id: `${s.id}r${version}`,
        goal: ns === undefined ? s.goal : `what's wrong in namespace ${ns}?`,
        specialist: s.specialist,
        scope: ns === undefined ? s.scope : { namespace: ns },
        dependsOn: [],
        status: "pending",
      });
      reasons.push(
        `step ${s.id} failed (${s.result ?? "no result"}): retried on ${ns === undefined ? "the same scope" : `namespace ${ns}`}`,
      );
    }
    const root = results[s.id]?.report?.affectedResources[0];
    if (
      s.status === "done" &&
      root?.namespace !== undefined &&
      !coveredNs.has(root.namespace) &&
      !covered.has(`${root.namespace}/${root.name}`)
    ) {
      const report = results[s.id]?.report;
      added.push({
        id: `s${plan.steps.length + added.length + 1}`,
        goal: goalFor(root.kind, root.name, root.namespace),
        specialist: report === undefined ? s.specialist : specialistFor(report.category),
        scope: { kind: root.kind, name: root.name, namespace: root.namespace },
        dependsOn: [],
        status: "pending",
      });
      coveredNs.add(root.namespace);
      reasons.push(
        `step ${s.id}'s finding points to ${root.kind} ${root.namespace}/${root.name}, which no step covers`,
      );
    }
  }
  const room = Math.max(0, maxSteps - plan.steps.filter((s) => s.status !== "failed").length);
  const steps = added.slice(0, room);
  if (steps.length === 0) return undefined;
  return {
    version,
    reason: `Revised: ${reasons.join("; ")}`.slice(0, 1_000),
    steps: [...plan.steps, ...steps],
  };
}

/** After the planner or `reflect`: ready steps in parallel (up to `plan.maxParallelSteps`), else `collect`. */
export function dispatchSteps(deps: GraphDeps) {
  return (state: AgentStateValue): Send[] | "collect" => {
    const plan = state.plan;
    const turn = state.turn;
    if (plan === null || turn === null) return "collect";
    const ready = readySteps(plan).slice(0, deps.config.plan.maxParallelSteps);
    if (ready.length === 0) return "collect";
    return ready.map(
      (step) =>
        new Send("step", {
          step,
          planVersion: plan.version,
          turn,
          systemPrompt: state.systemPrompt,
        } satisfies StepTask),
    );
  };
}

import { HumanMessage } from "@langchain/core/messages";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { SPECIALISTS, type Specialist } from "@kubemedic/protocol";
import { parseIntent } from "../../intent";
import { emit, turnContext, type GraphDeps, type NodeEventChunk } from "../deps";
import type { AgentStateUpdate, AgentStateValue, HumanMeta } from "../state";
import type { StepResult, StepTask } from "./plan-state";
import { buildSpecialistGraph, type SpecialistGraph } from "./specialist-graph";
import { specialistBackend } from "./specialist-backend";
import { NO_USAGE } from "../usage";

/**
 * Runs one plan step (dispatched with `Send`, so ready steps run in the same
 * superstep, in parallel): its specialist's subgraph investigates the step's
 * goal in the step's scope with its own tools and budget. Its tool events are
 * streamed as the turn's (`plan.step.finished` lists their ids, so the plan
 * card can nest them); its report becomes the step's result, for `collect`.
 */
export function stepNode(deps: GraphDeps) {
  const graphs = new Map<Specialist, SpecialistGraph>(
    SPECIALISTS.map((s) => [s, buildSpecialistGraph(deps, s)]),
  );
  return async (task: StepTask, config: LangGraphRunnableConfig): Promise<AgentStateUpdate> => {
    const { step, planVersion, turn, systemPrompt } = task;
    emit(config, { type: "plan.step.started", planVersion, stepId: step.id });
    const spec = deps.config.plan.specialists[step.specialist];
    const graph = graphs.get(step.specialist) as SpecialistGraph;
    const backend = specialistBackend(turnContext(config).backend, spec.kinds, step.specialist);
    const namespace = step.scope.namespace;
    const turnId = `${turn.turnId}:${step.id}`;
    const meta: HumanMeta = { turnId, ...(namespace === undefined ? {} : { namespace }) };
    const intent = parseIntent(
      step.goal,
      namespace === undefined ? {} : { defaultNamespace: namespace },
    );
    const toolCallIds: string[] = [];
    let result: StepResult;
    // The step's model calls count in the turn's usage (the subgraph keeps its own count).
    let usage = NO_USAGE;
    try {
      const final = await isolated(async () => {
        let last: AgentStateValue | undefined;
        const stream = await graph.stream(
          {
            messages: [
              new HumanMessage({ content: step.goal, additional_kwargs: { kubemedic: meta } }),
            ],
            turn: { ...turn, turnId, intent, ...(namespace === undefined ? {} : { namespace }) },
            systemPrompt: `${spec.prompt}\n\n${systemPrompt}`,
          },
          {
            context: { backend },
            streamMode: ["custom", "values"],
            recursionLimit: deps.config.plan.stepMaxIterations * 2 + 5,
            ...(config.signal === undefined ? {} : { signal: config.signal }),
            // The turn's callbacks (the hooks, tracing) follow into the step's own run.
            ...(config.callbacks === undefined ? {} : { callbacks: config.callbacks }),
          },
        );
        for await (const [mode, chunk] of stream as AsyncIterable<[string, unknown]>) {
          if (mode === "values") last = chunk as AgentStateValue;
          const event =
            mode === "custom" ? (chunk as Partial<NodeEventChunk>).kubemedic : undefined;
          // Only the tool calls surface: the step's own answer and report are folded into the plan.
          if (event?.type === "tool.started" || event?.type === "tool.finished") {
            if (event.type === "tool.started") toolCallIds.push(event.toolCallId);
            emit(config, event);
          }
        }
        return last;
      });
      usage = final?.usage ?? NO_USAGE;
      const outcome = final?.reportOutcome ?? null;
      result =
        outcome === null ||
        outcome.degraded ||
        (outcome.report.category === "Other" && outcome.report.confidence < 0.2)
          ? {
              stepId: step.id,
              status: "failed",
              result: failureOf(final),
              toolCallIds,
              ...(outcome === null ? {} : { report: outcome.report }),
            }
          : {
              stepId: step.id,
              status: "done",
              result: `${outcome.report.category}: ${outcome.report.summary}`.slice(0, 1_000),
              report: outcome.report,
              toolCallIds,
            };
    } catch (error) {
      if (config.signal?.aborted) throw error;
      deps.logger?.warn?.({ step: step.id, err: String(error) }, "plan step failed");
      result = {
        stepId: step.id,
        status: "failed",
        result: `the step failed: ${(error as Error).message}`.slice(0, 1_000),
        toolCallIds,
      };
    }
    emit(config, {
      type: "plan.step.finished",
      planVersion,
      stepId: step.id,
      status: result.status,
      result: result.result,
      toolCallIds,
    });
    return { stepResults: { [step.id]: result }, usage };
  };
}

function failureOf(final: AgentStateValue | undefined): string {
  if (final === undefined) return "the specialist did not finish";
  if (final.partial) return "the specialist ran out of its step budget (plan.stepMaxIterations)";
  if (final.reportOutcome === null) return "the specialist answered without investigating";
  return `no diagnosis: ${final.reportOutcome.report.summary}`.slice(0, 1_000);
}

/**
 * Runs the specialist's graph as a run of its own, outside the step node's
 * LangGraph context: nested in it, the subgraph would write its events (its
 * answer, its report) straight into the turn's stream. Its inner steps are
 * therefore not checkpointed; the turn's graph checkpoints each step's result.
 */
function isolated<T>(run: () => Promise<T>): Promise<T> {
  return AsyncLocalStorageProviderSingleton.getInstance().run(undefined, run);
}

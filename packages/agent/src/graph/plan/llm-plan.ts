import {
  HumanMessage,
  SystemMessage,
  type AIMessage,
  type BaseMessage,
} from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import {
  PlanScope,
  RouteBranch,
  Specialist,
  type Plan,
  type RootCauseCandidate,
} from "@kubemedic/protocol";
import { z } from "zod";
import type { GraphDeps } from "../deps";
import { checkModelPlan } from "./check-model-plan";
import type { RouteDecision } from "./decide-route";
import { NO_USAGE, usageOf, type TurnUsage } from "../usage";

const ROUTE_TOOL_NAME = "route_decision";
const PLAN_TOOL_NAME = "investigation_plan";

const RouteAnswer = z.object({
  branch: RouteBranch.describe(
    "simple: a command or a plain question; single: one object or namespace to diagnose; complex: several symptoms, namespaces or independent root causes.",
  ),
  reason: z.string().min(1).max(300).describe("Why, in one short sentence."),
});

const PlanAnswer = z.object({
  reason: z.string().min(1).max(500).describe("Why these steps."),
  steps: z
    .array(
      z.object({
        goal: z.string().min(1).max(500).describe("The question this step answers."),
        specialist: Specialist,
        scope: PlanScope,
        dependsOn: z
          .array(z.number().int().min(1))
          .max(10)
          .describe("1-based numbers of earlier steps it needs."),
      }),
    )
    .min(1)
    .max(32),
});

/** The same answer with any specialist name, so one bad step does not sink the plan. */
const LenientPlanAnswer = PlanAnswer.extend({
  steps: z
    .array(PlanAnswer.shape.steps.element.extend({ specialist: z.string().min(1).max(64) }))
    .min(1)
    .max(32),
});

/** Correlation's root causes as the model reads them: one line each. */
function summarizeGroups(groups: readonly RootCauseCandidate[]): string {
  if (groups.length === 0) return "Correlation found no root cause.";
  return groups
    .slice(0, 20)
    .map((g, i) =>
      `${i + 1}. [${g.category}] ${g.primary.kind} ${g.primary.namespace ? `${g.primary.namespace}/` : ""}${g.primary.name}: ${g.summary}`.slice(
        0,
        300,
      ),
    )
    .join("\n");
}

/**
 * One small structured-output call: which branch. The rules' decision (and
 * its root causes) is the fallback when the model fails or answers badly.
 */
export async function routeWithModel(
  deps: GraphDeps,
  question: string,
  rules: RouteDecision,
  config: LangGraphRunnableConfig,
): Promise<{ decision: RouteDecision; usage: TurnUsage }> {
  try {
    const out = await deps.model.model
      .withStructuredOutput(RouteAnswer, {
        name: ROUTE_TOOL_NAME,
        method: deps.config.nodes.report.method,
        includeRaw: true,
      })
      .invoke(
        [
          new SystemMessage(
            "Decide how to investigate a Kubernetes question. Answer only with the structured decision.",
          ),
          new HumanMessage(
            `Question: ${question}\n\nRoot causes correlation found in its scope:\n${summarizeGroups(rules.groups)}`,
          ),
        ],
        { ...config, tags: [...(config.tags ?? []), "nostream"] },
      );
    const usage = usageOf((out as StructuredOut).raw);
    const parsed = RouteAnswer.safeParse((out as StructuredOut).parsed);
    if (!parsed.success) return { decision: rules, usage };
    // A plan needs root causes to start from; without any, the single loop investigates.
    const branch =
      parsed.data.branch === "complex" && rules.groups.length === 0 ? "single" : parsed.data.branch;
    return { decision: { ...rules, branch, reason: parsed.data.reason }, usage };
  } catch (error) {
    if (config.signal?.aborted) throw error;
    deps.logger?.warn?.({ err: String(error) }, "route: model call failed; using the rules");
    return { decision: rules, usage: NO_USAGE };
  }
}

/** The model's checked plan, or why it was not usable (the caller then uses the rules' plan). */
export type ModelPlan = ({ plan: Plan } | { plan: undefined; why: string }) & {
  /** What the planning call spent. */
  usage: TurnUsage;
};

/**
 * Asks for a plan and checks it (`checkModelPlan`). The answer is read
 * leniently — an unknown specialist is repaired or its step dropped, not the
 * whole plan — so only a plan with no usable step falls back.
 */
export async function planWithModel(
  deps: GraphDeps,
  question: string,
  groups: readonly RootCauseCandidate[],
  namespaces: ReadonlySet<string> | undefined,
  config: LangGraphRunnableConfig,
): Promise<ModelPlan> {
  const { maxSteps } = deps.config.plan;
  let out: StructuredOut;
  try {
    out = await deps.model.model
      .withStructuredOutput(PlanAnswer, {
        name: PLAN_TOOL_NAME,
        method: deps.config.nodes.report.method,
        includeRaw: true,
      })
      .invoke(
        [
          new SystemMessage(
            `Plan the investigation of a Kubernetes question as at most ${maxSteps} steps, one per independent problem, ` +
              "each for one specialist (workload, networking, storage, scheduling, config) with its scope: " +
              "the namespace, kind and name of the root-cause object it starts from.",
          ),
          new HumanMessage(
            `Question: ${question}\n\nRoot causes correlation found:\n${summarizeGroups(groups)}`,
          ),
        ],
        { ...config, tags: [...(config.tags ?? []), "nostream"] },
      );
  } catch (error) {
    if (config.signal?.aborted) throw error;
    deps.logger?.warn?.({ err: String(error) }, "planner: model call failed; using the rules");
    return { plan: undefined, why: "the model call failed", usage: NO_USAGE };
  }
  const usage = usageOf(out.raw);
  const parsed = LenientPlanAnswer.safeParse(out.parsed ?? argsOf(out.raw));
  if (!parsed.success) {
    const why = `its answer is not a plan (${parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join(".") || "(plan)"}: ${i.message}`)
      .join("; ")})`;
    deps.logger?.warn?.({ why }, "planner: unusable model plan; using the rules");
    return { plan: undefined, why, usage };
  }
  const checked = checkModelPlan(parsed.data, { groups, namespaces, maxSteps });
  if (checked.plan === undefined) {
    deps.logger?.warn?.({ why: checked.why }, "planner: unusable model plan; using the rules");
    return { plan: undefined, why: checked.why, usage };
  }
  if (checked.notes.length > 0)
    deps.logger?.info?.({ notes: checked.notes }, "planner: model plan adjusted");
  return { plan: checked.plan, usage };
}

type StructuredOut = { raw: BaseMessage; parsed: unknown };

/** What the model sent, when the strict parse gave up (an unknown specialist, say). */
function argsOf(raw: BaseMessage): unknown {
  const call = (raw as AIMessage).tool_calls?.find((c) => c.name === PLAN_TOOL_NAME);
  if (call !== undefined) return call.args;
  const text = typeof raw.content === "string" ? raw.content : "";
  try {
    return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as unknown;
  } catch {
    return undefined;
  }
}

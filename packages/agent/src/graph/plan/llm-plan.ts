import { HumanMessage, SystemMessage } from "@langchain/core/messages";
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
import type { RouteDecision } from "./decide-route";

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
): Promise<RouteDecision> {
  try {
    const out = await deps.model.model
      .withStructuredOutput(RouteAnswer, {
        name: ROUTE_TOOL_NAME,
        method: deps.config.nodes.report.method,
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
    const parsed = RouteAnswer.safeParse(out);
    if (!parsed.success) return rules;
    // A plan needs root causes to start from; without any, the single loop investigates.
    const branch =
      parsed.data.branch === "complex" && rules.groups.length === 0 ? "single" : parsed.data.branch;
    return { ...rules, branch, reason: parsed.data.reason };
  } catch (error) {
    if (config.signal?.aborted) throw error;
    deps.logger?.warn?.({ err: String(error) }, "route: model call failed; using the rules");
    return rules;
  }
}

/** The model's plan, validated (ids, dependencies, limits); undefined to fall back to the rules' plan. */
export async function planWithModel(
  deps: GraphDeps,
  question: string,
  groups: readonly RootCauseCandidate[],
  config: LangGraphRunnableConfig,
): Promise<Plan | undefined> {
  const { maxSteps } = deps.config.plan;
  try {
    const out = await deps.model.model
      .withStructuredOutput(PlanAnswer, {
        name: PLAN_TOOL_NAME,
        method: deps.config.nodes.report.method,
      })
      .invoke(
        [
          new SystemMessage(
            `Plan the investigation of a Kubernetes question as at most ${maxSteps} steps, one per independent problem, ` +
              "each for one specialist (workload, networking, storage, scheduling, config) with its scope.",
          ),
          new HumanMessage(
            `Question: ${question}\n\nRoot causes correlation found:\n${summarizeGroups(groups)}`,
          ),
        ],
        { ...config, tags: [...(config.tags ?? []), "nostream"] },
      );
    const parsed = PlanAnswer.safeParse(out);
    if (!parsed.success) return undefined;
    const steps = parsed.data.steps.slice(0, maxSteps).map((s, i) => ({
      id: `s${i + 1}`,
      goal: s.goal,
      specialist: s.specialist,
      scope: s.scope,
      // Only earlier steps: a cycle or a forward reference could never run.
      dependsOn: [...new Set(s.dependsOn.filter((d) => d >= 1 && d <= i).map((d) => `s${d}`))],
      status: "pending" as const,
    }));
    return { version: 1, reason: parsed.data.reason, steps };
  } catch (error) {
    if (config.signal?.aborted) throw error;
    deps.logger?.warn?.({ err: String(error) }, "planner: model call failed; using the rules");
    return undefined;
  }
}

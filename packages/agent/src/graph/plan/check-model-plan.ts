import {
  SPECIALISTS,
  type Plan,
  type PlanScope,
  type PlanStep,
  type RootCauseCandidate,
  type Specialist,
} from "@kubemedic/protocol";
import { goalFor } from "./plan-from-groups";
import { specialistFor } from "./specialist-for";

/** A step as the model wrote it: the specialist is any string until checked. */
export interface ModelStep {
  goal: string;
  specialist: string;
  scope: PlanScope;
  /** 1-based numbers of the model's own earlier steps. */
  dependsOn: number[];
}

export interface PlanCheckContext {
  /** The root causes the plan starts from (route's correlation). */
  groups: readonly RootCauseCandidate[];
  /** The cluster's namespaces; undefined when they could not be listed (then not checked). */
  namespaces: ReadonlySet<string> | undefined;
  maxSteps: number;
}

/** The checked plan with what was changed, or why nothing of it is usable. */
export type PlanCheck = { plan: Plan; notes: string[] } | { plan: undefined; why: string };

const KNOWN = new Set<string>(SPECIALISTS);

/**
 * Checks a model's plan against the cluster before any step runs: a step
 * scoped to a namespace that does not exist is dropped (a specialist there
 * would only find nothing); an unknown specialist is replaced by the one for
 * the root cause on the step's object, or the step dropped when it is on none;
 * a goal that does not name its scope's object gets it appended (the
 * specialist reads only the goal); dependencies keep earlier, kept steps only;
 * a root cause correlation found that no step is on (by its object, or its
 * whole namespace) gets the rules' step for it, while `maxSteps` allows —
 * else the combined report would silently miss it. Each change is a note in the plan's reason. No step left: the caller falls
 * back to the rules' plan with `why`.
 */
export function checkModelPlan(
  answer: { reason: string; steps: readonly ModelStep[] },
  ctx: PlanCheckContext,
): PlanCheck {
  const notes: string[] = [];
  const known = new Set(ctx.namespaces ?? []);
  for (const g of ctx.groups) if (g.primary.namespace !== undefined) known.add(g.primary.namespace);
  const idOf = new Map<number, string>();
  const steps: PlanStep[] = [];
  for (const [i, s] of answer.steps.entries()) {
    const n = i + 1;
    const ns = s.scope.namespace;
    if (ns !== undefined && ctx.namespaces !== undefined && !known.has(ns)) {
      notes.push(`step ${n} dropped: namespace ${ns} does not exist`);
      continue;
    }
    const specialist = specialistOf(s, ctx.groups);
    if (specialist === undefined) {
      notes.push(`step ${n} dropped: no specialist "${s.specialist}"`);
      continue;
    }
    if (specialist !== s.specialist)
      notes.push(`step ${n}: no specialist "${s.specialist}", ${specialist} instead`);
    if (steps.length >= ctx.maxSteps) {
      notes.push(`step ${n} and later left out (plan.maxSteps ${ctx.maxSteps})`);
      break;
    }
    const id = `s${steps.length + 1}`;
    idOf.set(n, id);
    steps.push({
      id,
      goal: goalNaming(s.goal, s.scope),
      specialist,
      scope: s.scope,
      // Only earlier, kept steps: a cycle, a forward reference or a dropped step could never run.
      dependsOn: [
        ...new Set(
          s.dependsOn.flatMap((d) => (d < n && idOf.has(d) ? [idOf.get(d) as string] : [])),
        ),
      ],
      status: "pending",
    });
  }
  if (steps.length === 0)
    return { plan: undefined, why: notes.join("; ") || "the model's plan has no step" };
  // A root cause no step looks at would be missing from the combined report: it gets the rules' step.
  for (const g of ctx.groups) {
    if (steps.some((s) => covers(s.scope, g))) continue;
    const { kind, name, namespace } = g.primary;
    const where = `${kind} ${namespace === undefined ? "" : `${namespace}/`}${name}`;
    if (steps.length >= ctx.maxSteps) {
      notes.push(`no step on ${where} (plan.maxSteps ${ctx.maxSteps})`);
      continue;
    }
    notes.push(`${where} added: no step of the model's was on it`);
    steps.push({
      id: `s${steps.length + 1}`,
      goal: goalFor(kind, name, namespace),
      specialist: specialistFor(g.category),
      scope: { kind, name, ...(namespace === undefined ? {} : { namespace }) },
      dependsOn: [],
      status: "pending",
    });
  }
  const reason = notes.length === 0 ? answer.reason : `${answer.reason} (${notes.join("; ")})`;
  return { plan: { version: 1, reason: reason.slice(0, 1_000), steps }, notes };
}

/** A step on the root cause's object, or on its whole namespace (no object named). */
function covers(scope: PlanScope, g: RootCauseCandidate): boolean {
  const p = g.primary;
  if (scope.name === undefined) return scope.namespace === p.namespace;
  return (
    scope.name === p.name &&
    (scope.kind === undefined || scope.kind.toLowerCase() === p.kind.toLowerCase()) &&
    (scope.namespace === undefined || scope.namespace === p.namespace)
  );
}

function specialistOf(s: ModelStep, groups: readonly RootCauseCandidate[]): Specialist | undefined {
  if (KNOWN.has(s.specialist)) return s.specialist as Specialist;
  const { kind, name, namespace } = s.scope;
  if (name === undefined) return undefined;
  const group = groups.find(
    (g) =>
      g.primary.name === name &&
      (kind === undefined || g.primary.kind.toLowerCase() === kind.toLowerCase()) &&
      (namespace === undefined || g.primary.namespace === namespace),
  );
  return group === undefined ? undefined : specialistFor(group.category);
}

function goalNaming(goal: string, scope: PlanScope): string {
  if (scope.name === undefined || goal.includes(scope.name)) return goal;
  const object = `${scope.kind === undefined ? "" : `${scope.kind.toLowerCase()} `}${scope.name}`;
  const where = scope.namespace === undefined ? "" : ` in namespace ${scope.namespace}`;
  const suffix = ` (${object}${where})`;
  return `${goal.slice(0, 500 - suffix.length)}${suffix}`;
}

import type { EventOf } from "./events";
import type { PlanStep, TurnPlan } from "./plan";

type PlanEvent = EventOf<
  "route.decided" | "plan.created" | "plan.revised" | "plan.step.started" | "plan.step.finished"
>;

/**
 * Folds one route/plan event into the turn's plan: what the server stores
 * with the turn and what the web's plan card shows, by the same rule. Pure;
 * a replayed event changes nothing. A revised plan keeps the steps it
 * repeats as the events left them (a step that finished stays finished).
 */
export function applyPlanEvent(current: TurnPlan | null, event: PlanEvent): TurnPlan {
  const base: TurnPlan = current ?? { branch: "complex", reason: "", plan: null };
  switch (event.type) {
    case "route.decided":
      return { ...base, branch: event.branch, reason: event.reason };
    case "plan.created":
    case "plan.revised": {
      const before = new Map((base.plan?.steps ?? []).map((s) => [s.id, s]));
      if (base.plan !== null && base.plan.version > event.plan.version) return base;
      const steps = event.plan.steps.map((s) => merge(before.get(s.id), s));
      return { ...base, plan: { ...event.plan, steps } };
    }
    case "plan.step.started":
      return editStep(base, event.stepId, (s) =>
        s.status === "pending" ? { ...s, status: "running" } : s,
      );
    case "plan.step.finished":
      return editStep(base, event.stepId, (s) => ({
        ...s,
        status: event.status,
        ...(event.result === undefined ? {} : { result: event.result }),
        toolCallIds: event.toolCallIds,
      }));
  }
}

/** The later of two states of one step: a finished step never goes back to pending or running. */
function merge(seen: PlanStep | undefined, next: PlanStep): PlanStep {
  if (seen === undefined) return next;
  const done = (s: PlanStep) => s.status !== "pending" && s.status !== "running";
  return done(seen) && !done(next) ? { ...next, ...seen } : { ...seen, ...next };
}

function editStep(plan: TurnPlan, id: string, edit: (s: PlanStep) => PlanStep): TurnPlan {
  if (plan.plan === null) return plan;
  return {
    ...plan,
    plan: { ...plan.plan, steps: plan.plan.steps.map((s) => (s.id === id ? edit(s) : s)) },
  };
}

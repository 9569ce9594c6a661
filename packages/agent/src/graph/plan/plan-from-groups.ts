import type { Plan, PlanStep, RootCauseCandidate } from "@kubemedic/protocol";
import { specialistFor } from "./specialist-for";

/**
 * The offline plan: one step per independent root cause (already ranked), at
 * most `maxSteps`; each asks about the root-cause object in its namespace, so
 * the specialist starts where correlation pointed. The steps are independent
 * (no dependsOn): correlation grouped them so.
 */
export function planFromGroups(
  groups: readonly RootCauseCandidate[],
  maxSteps: number,
  reason: string,
): Plan {
  const steps: PlanStep[] = groups.slice(0, maxSteps).map((g, i) => stepFor(g, `s${i + 1}`));
  const dropped = groups.length - steps.length;
  return {
    version: 1,
    reason:
      `${reason}${dropped > 0 ? `; the ${dropped} lower-ranked one${dropped === 1 ? "" : "s"} left out (plan.maxSteps ${maxSteps})` : ""}`.slice(
        0,
        1_000,
      ),
    steps,
  };
}

function stepFor(g: RootCauseCandidate, id: string): PlanStep {
  const { kind, name, namespace } = g.primary;
  return {
    id,
    goal: goalFor(kind, name, namespace),
    specialist: specialistFor(g.category),
    scope: { kind, name, ...(namespace === undefined ? {} : { namespace }) },
    dependsOn: [],
    status: "pending",
  };
}

/** A question the specialist (and the offline diagnostician's intent parser) reads: kind, name, namespace. */
export function goalFor(kind: string, name: string, namespace: string | undefined): string {
  return `why is ${kind.toLowerCase()} ${name} failing${namespace === undefined ? "" : ` in namespace ${namespace}`}?`.slice(
    0,
    500,
  );
}

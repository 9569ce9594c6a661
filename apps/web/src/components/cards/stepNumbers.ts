import type { PlanStep } from "@kubemedic/protocol";

/**
 * The 1-based numbers of the steps a step waits for, as shown on the plan card
 * ("after 1, 2"): step ids are internal (`s1`, `s2r2` after a revision), their
 * place in the plan is what a reader can follow. An id the plan no longer
 * holds (a revision dropped it) is left out.
 */
export function stepNumbers(steps: readonly PlanStep[], ids: readonly string[]): number[] {
  const place = new Map(steps.map((s, i) => [s.id, i + 1]));
  return ids.flatMap((id) => place.get(id) ?? []).sort((a, b) => a - b);
}

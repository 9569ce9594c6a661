import type { Draft } from "../Candidate";
import type { CorrelationContext } from "../CorrelationContext";

/** One correlation rule: looks at the snapshot from one angle and proposes candidates. */
export interface Rule {
  name: string;
  run(ctx: CorrelationContext): Draft[] | Promise<Draft[]>;
}

/** Objects of a namespaced list inside the correlation's scope. */
export function inScope<T extends { metadata?: { namespace?: string } }>(
  ctx: CorrelationContext,
  items: readonly T[],
): readonly T[] {
  return ctx.namespace === undefined
    ? items
    : items.filter((o) => o.metadata?.namespace === ctx.namespace);
}

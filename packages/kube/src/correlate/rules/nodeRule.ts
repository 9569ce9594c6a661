import type { Draft } from "../Candidate";
import { diagnoseNode } from "../diagnose/node";
import type { Rule } from "./Rule";

/**
 * NotReady or pressured nodes. In a namespace-scoped correlation a node is
 * reported only when it displaced pods of that namespace.
 */
export const nodeRule: Rule = {
  name: "node",
  run(ctx) {
    const drafts: Draft[] = [];
    for (const node of ctx.snapshot.list("nodes")) {
      const d = diagnoseNode(ctx, node);
      if (d === undefined) continue;
      if (ctx.namespace !== undefined && d.related.length === 0) continue;
      drafts.push(d);
    }
    return drafts;
  },
};

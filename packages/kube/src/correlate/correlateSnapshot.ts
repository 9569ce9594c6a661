import type { RootCauseCandidate } from "@kubemedic/protocol";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";
import { canonicalKind } from "../model/kinds";
import { KubeError } from "../errors";
import { refKey, toCandidate, type Draft } from "./Candidate";
import { CorrelationContext, type CorrelateOptions } from "./CorrelationContext";
import { rankDrafts } from "./rank";
import { failedCreateRule } from "./rules/failedCreateRule";
import { hpaRule } from "./rules/hpaRule";
import { ingressRule } from "./rules/ingressRule";
import { jobRule } from "./rules/jobRule";
import { logScanRule } from "./rules/logScanRule";
import { nodeRule } from "./rules/nodeRule";
import { rolloutRule } from "./rules/rolloutRule";
import type { Rule } from "./rules/Rule";
import { serviceRule } from "./rules/serviceRule";
import { storageRule } from "./rules/storageRule";
import { workloadRule } from "./rules/workloadRule";

/**
 * The rules, in the order they run. The log scan runs last so the previous
 * logs of crashing containers get the log budget first.
 */
const RULES: readonly Rule[] = [
  workloadRule,
  failedCreateRule,
  storageRule,
  nodeRule,
  serviceRule,
  ingressRule,
  jobRule,
  hpaRule,
  rolloutRule,
  logScanRule,
];

/**
 * Root-cause correlation over a snapshot: every rule proposes candidates,
 * then they are merged and ranked (see `rankDrafts`), best first; [] when
 * nothing is wrong. A rule that throws is skipped — correlation answers with
 * what the others found rather than failing.
 */
export async function correlateSnapshot(
  snapshot: ClusterSnapshot,
  options: CorrelateOptions = {},
): Promise<RootCauseCandidate[]> {
  const ctx = new CorrelationContext(snapshot, options);
  const drafts: Draft[] = [];
  for (const rule of RULES) {
    if (options.signal?.aborted === true)
      throw new KubeError("cancelled", "The correlation was cancelled.");
    try {
      drafts.push(...(await rule.run(ctx)));
    } catch (error) {
      if (error instanceof KubeError && error.code === "cancelled") throw error;
      // A rule bug must not hide what the other rules found.
    }
  }
  let ranked = rankDrafts(drafts);
  if (options.resource !== undefined) {
    const r = options.resource;
    const key = refKey({
      kind: canonicalKind(r.kind) ?? r.kind,
      namespace: r.namespace ?? ctx.namespace,
      name: r.name,
    });
    ranked = ranked.filter(
      (d) => refKey(d.primary) === key || d.related.some((x) => refKey(x) === key),
    );
  }
  return ranked.map(toCandidate);
}

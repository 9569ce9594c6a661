import type { Pod, RoleBinding } from "../../model/objects";
import type { CorrelationContext } from "../CorrelationContext";
import type { Draft } from "../Candidate";
import { logCause } from "../diagnose/logCause";
import { readLogSignals } from "../logSignals";
import { mapLimit } from "../../model/mapLimit";
import { podProblem } from "../podProblem";
import { workloadKey, workloadOf, type Workload } from "../workloads";
import type { Rule } from "./Rule";

/** System namespaces are not scanned in an all-namespace correlation (their logs are noisy and rarely the question). */
const SYSTEM = new Set(["kube-system", "kube-public", "kube-node-lease"]);
/** Parallel log reads during the scan. @default 8 */
const CONCURRENCY = 8;

/**
 * How likely a healthy-looking pod hides an outside failure: it talks to the
 * API with its own ServiceAccount (403s), its namespace has NetworkPolicies
 * (dropped connections), it has restarted.
 */
function priority(ctx: CorrelationContext, pod: Pod): number {
  const ns = pod.metadata?.namespace ?? "";
  const sa = pod.spec?.serviceAccountName ?? pod.spec?.serviceAccount ?? "default";
  const bound = (b: RoleBinding) =>
    (b.subjects ?? []).some(
      (s) =>
        s.kind === "ServiceAccount" &&
        s.name === sa &&
        (s.namespace ?? b.metadata?.namespace) === ns,
    );
  let score = 0;
  if (
    sa !== "default" &&
    (ctx.snapshot.list("rolebindings", ns).some(bound) ||
      ctx.snapshot.list("clusterrolebindings").some(bound))
  )
    score += 2;
  if (ctx.snapshot.list("networkpolicies", ns).length > 0) score += 1;
  if ((pod.status?.containerStatuses ?? []).some((s) => (s.restartCount ?? 0) > 0)) score += 1;
  return score;
}

/**
 * Pods that look healthy can still be failing at their job: a 403 from the
 * API, names that do not resolve, connections a NetworkPolicy drops. Reads
 * the current log of one running pod per healthy workload — the most likely
 * first, at most `logScanWorkloads`, within the log budget — and turns those
 * signals into candidates.
 */
export const logScanRule: Rule = {
  name: "log-scan",
  async run(ctx) {
    const chosen = new Map<string, { pod: Pod; w: Workload }>();
    const pods =
      ctx.namespace === undefined
        ? ctx.snapshot.list("pods")
        : ctx.snapshot.list("pods", ctx.namespace);
    for (const pod of pods) {
      if (pod.status?.phase !== "Running" || podProblem(pod, ctx.now) !== undefined) continue;
      if (ctx.namespace === undefined && SYSTEM.has(pod.metadata?.namespace ?? "")) continue;
      if (pod.metadata?.ownerReferences?.some((r) => r.kind === "Node") === true) continue;
      const w = workloadOf(ctx.snapshot, pod);
      const key = workloadKey(w);
      if (!chosen.has(key)) chosen.set(key, { pod, w });
    }
    const units = [...chosen.values()]
      .map((x) => ({ ...x, priority: priority(ctx, x.pod) }))
      .sort((a, b) => b.priority - a.priority || (workloadKey(a.w) < workloadKey(b.w) ? -1 : 1))
      .slice(0, ctx.scanWorkloads)
      .flatMap(({ pod, w }) =>
        (pod.spec?.containers ?? []).map((c) => ({ pod, w, container: c.name })),
      )
      .slice(0, Math.max(0, ctx.logsLeft));
    const found = await mapLimit(units, CONCURRENCY, async ({ pod, w, container }) => {
      const log = await ctx.readLog(pod, container, false);
      if (log.text === undefined) return undefined;
      const signals = readLogSignals(log.text);
      if (
        signals.forbidden === undefined &&
        signals.dns === undefined &&
        signals.connection === undefined
      )
        return undefined;
      const d = logCause(
        ctx,
        pod,
        { type: "notReady", container, restarts: 0, last: undefined },
        w,
        container,
        signals,
        log,
      );
      if (d === undefined) return undefined;
      // The pod runs and reports ready: the failure is real but quieter than a crash.
      d.score = Math.max(0.5, d.score - 0.05);
      d.severity = "high";
      for (const r of d.related)
        if (r.kind === "Pod" && r.name === pod.metadata?.name) r.status = "Running";
      return d;
    });
    return found.filter((d): d is Draft => d !== undefined);
  },
};

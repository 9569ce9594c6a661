import type { Deployment } from "../../model/objects";
import { addRelated, ref, refKey, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { conditionLine } from "../evidence";
import { revision } from "../diagnose/previousImage";
import { podProblem, problemStatus } from "../podProblem";
import { inScope, type Rule } from "./Rule";

/**
 * Deployments whose rollout does not finish: Progressing=False
 * (ProgressDeadlineExceeded), or a new ReplicaSet that stays unavailable
 * while the old one keeps serving. The pods' own failure, when there is one,
 * is a separate and usually stronger candidate; this one names the stuck
 * rollout, the revisions involved and the way back.
 */
export const rolloutRule: Rule = {
  name: "rollout",
  run(ctx) {
    const drafts: Draft[] = [];
    for (const dep of inScope(ctx, ctx.snapshot.list("deployments"))) {
      const d = rolloutDraft(ctx, dep);
      if (d !== undefined) drafts.push(d);
    }
    return drafts;
  },
};

function rolloutDraft(ctx: CorrelationContext, dep: Deployment): Draft | undefined {
  const ns = dep.metadata?.namespace ?? "";
  const name = dep.metadata?.name ?? "";
  if (dep.spec?.paused === true) return undefined;
  const stalled = (dep.status?.conditions ?? []).find(
    (c) => c.type === "Progressing" && c.status === "False",
  );
  const sets = [
    ...ctx.snapshot.ownedBy("replicasets", { kind: "Deployment", namespace: ns, name }),
  ].sort((a, b) => revision(b) - revision(a));
  const newest = sets[0];
  const older = sets.slice(1).filter((rs) => (rs.status?.replicas ?? 0) > 0);
  const desired = dep.spec?.replicas ?? 1;
  const updated = dep.status?.updatedReplicas ?? 0;
  const newReady = newest?.status?.readyReplicas ?? 0;
  const midRollout =
    newest !== undefined && older.length > 0 && newReady < (newest.spec?.replicas ?? 0);
  if (stalled === undefined && !midRollout) return undefined;
  // A Deployment that never had a working revision is not a stuck rollout: its pods' failure says it all.
  if (older.length === 0 && (newest === undefined || revision(newest) <= 1)) return undefined;
  const newPods =
    newest === undefined
      ? []
      : ctx.snapshot.ownedBy("pods", {
          kind: "ReplicaSet",
          namespace: ns,
          name: newest.metadata?.name ?? "",
        });
  const problems = newPods.map((p) => ({ pod: p, problem: podProblem(p, ctx.now) }));
  const states = problems
    .filter((x) => x.problem !== undefined)
    .map((x) => `${x.pod.metadata?.name ?? ""} ${problemStatus(x.problem!)}`);
  const oldReady = older.reduce((n, rs) => n + (rs.status?.readyReplicas ?? 0), 0);
  // New pods that run but never turn ready while the old revision serves: the
  // rollout itself is what is broken (a readiness gate the new version does not
  // pass), not a crash or a pull error, which their own candidates name better.
  const gated =
    oldReady > 0 &&
    problems.length > 0 &&
    problems.every((x) => x.problem === undefined || x.problem.type === "notReady");
  const images = (newest?.spec?.template?.spec?.containers ?? [])
    .map((c) => c.image ?? "")
    .filter((i) => i !== "");
  const readiness = newPods
    .flatMap((p) =>
      ctx.snapshot.eventsFor(ns, p.metadata?.name ?? "").filter((e) => e.reason === "Unhealthy"),
    )
    .map((e) => e.message)
    .pop();
  const d: Draft = {
    category: "RolloutStuck",
    severity: oldReady > 0 ? "high" : "critical",
    score: gated ? (stalled !== undefined ? 0.9 : 0.8) : stalled !== undefined ? 0.78 : 0.68,
    primary: { kind: "Deployment", namespace: ns, name },
    related: [],
    summary: `The rollout of Deployment ${ns}/${name} is stuck at revision ${newest === undefined ? "?" : revision(newest)}: ${newReady}/${newest?.spec?.replicas ?? desired} new pods ready.`,
    rootCause:
      `The rollout of Deployment ${ns}/${name} does not progress: the new ReplicaSet ${newest?.metadata?.name ?? "?"} (revision ${newest === undefined ? "?" : revision(newest)}${images.length > 0 ? `, image ${images.join(", ")}` : ""}) has ${newReady} of ${newest?.spec?.replicas ?? desired} pods ready` +
      `${states.length > 0 ? ` (${states.slice(0, 5).join(", ")})` : ""}, ${updated}/${desired} replicas updated` +
      `${oldReady > 0 ? `, while ${oldReady} pod(s) of the previous ReplicaSet still serve` : ""}.` +
      (stalled === undefined ? "" : ` ${conditionLine(stalled)}.`) +
      (gated && readiness !== undefined
        ? ` The new pods run but fail readiness: ${readiness}.`
        : ""),
    evidence: [
      {
        source: "kubectl",
        command: cmd.rolloutStatus("Deployment", name, ns),
        excerpt:
          stalled !== undefined
            ? `error: deployment "${name}" exceeded its progress deadline`
            : `Waiting for deployment "${name}" rollout to finish: ${newReady} of ${newest?.spec?.replicas ?? desired} updated replicas are available...`,
      },
      {
        source: "kubectl",
        command: cmd.describe("deployment", name, ns),
        excerpt: `Replicas:  ${desired} desired | ${updated} updated | ${dep.status?.replicas ?? 0} total | ${dep.status?.availableReplicas ?? 0} available | ${dep.status?.unavailableReplicas ?? 0} unavailable\nConditions:\n${(dep.status?.conditions ?? []).map((c) => `  ${conditionLine(c)}`).join("\n")}\nOldReplicaSets:  ${older.map((rs) => `${rs.metadata?.name ?? ""} (${rs.status?.readyReplicas ?? 0}/${rs.status?.replicas ?? 0} replicas created)`).join(", ") || "<none>"}\nNewReplicaSet:   ${newest?.metadata?.name ?? "<none>"} (${newest?.status?.replicas ?? 0}/${newest?.spec?.replicas ?? 0} replicas created)`,
      },
    ],
    fixes: [
      {
        title: "See what changed between revisions",
        rationale:
          "The difference between the last good revision and the new one is what breaks the new pods.",
        command: cmd.rolloutHistory("Deployment", name, ns),
        risk: "read-only",
        requiresApproval: false,
      },
      {
        title: "Roll back to the previous revision",
        rationale:
          "Returns the Deployment to the template that worked; the broken change can then be fixed without an outage.",
        command: cmd.rolloutUndo("Deployment", name, ns),
        risk: "medium",
        requiresApproval: true,
      },
    ],
  };
  // Crashing or unpullable new pods are their own, better-named candidate; this one is their symptom.
  if (!gated)
    d.dependsOn = problems
      .filter((x) => x.problem !== undefined)
      .map((x) => refKey(ref("Pod", ns, x.pod.metadata?.name ?? "")));
  // A new ReplicaSet whose pods are never created: what refuses them (a quota,
  // admission) is the cause, and names that ReplicaSet; this is its symptom.
  if (newest !== undefined && newPods.length === 0 && (newest.spec?.replicas ?? 0) > 0)
    d.dependsOn = [refKey(ref("ReplicaSet", ns, newest.metadata?.name ?? ""))];
  if (newest !== undefined)
    addRelated(
      d,
      ref(
        "ReplicaSet",
        ns,
        newest.metadata?.name ?? "",
        `${newReady}/${newest.spec?.replicas ?? 0} ready (new)`,
      ),
    );
  for (const rs of older)
    addRelated(
      d,
      ref(
        "ReplicaSet",
        ns,
        rs.metadata?.name ?? "",
        `${rs.status?.readyReplicas ?? 0}/${rs.status?.replicas ?? 0} ready (old)`,
      ),
    );
  for (const x of problems.slice(0, 10))
    addRelated(
      d,
      ref(
        "Pod",
        ns,
        x.pod.metadata?.name ?? "",
        x.problem === undefined ? x.pod.status?.phase : problemStatus(x.problem),
      ),
    );
  return d;
}

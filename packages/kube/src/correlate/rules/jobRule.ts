import type { Job, Pod } from "../../model/objects";
import { parseTime } from "../../model/parseTime";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { conditionLine, eventsEvidence, podEvidence } from "../evidence";
import { readLogSignals } from "../logSignals";
import { inScope, type Rule } from "./Rule";
import { isJobFailed } from "./workloadRule";

/**
 * Failed Jobs (BackoffLimitExceeded, DeadlineExceeded…), with the error of
 * their last failed pod read from its log. A Job superseded by a newer
 * successful run of the same CronJob is history, not a finding.
 */
export const jobRule: Rule = {
  name: "job",
  async run(ctx) {
    const drafts: Draft[] = [];
    for (const job of inScope(ctx, ctx.snapshot.list("jobs"))) {
      if (!isJobFailed(job) || supersededBySuccess(ctx, job)) continue;
      drafts.push(await jobDraft(ctx, job));
    }
    return drafts;
  },
};

function supersededBySuccess(ctx: CorrelationContext, job: Job): boolean {
  const cron = job.metadata?.ownerReferences?.find((r) => r.kind === "CronJob");
  if (cron === undefined) return false;
  const started = parseTime(job.status?.startTime ?? job.metadata?.creationTimestamp, ctx.now);
  return ctx.snapshot
    .ownedBy("jobs", { kind: "CronJob", namespace: job.metadata?.namespace, name: cron.name })
    .some(
      (other) =>
        other !== job &&
        !isJobFailed(other) &&
        (other.status?.succeeded ?? 0) > 0 &&
        parseTime(other.status?.startTime ?? other.metadata?.creationTimestamp, ctx.now) > started,
    );
}

async function jobDraft(ctx: CorrelationContext, job: Job): Promise<Draft> {
  const ns = job.metadata?.namespace ?? "";
  const name = job.metadata?.name ?? "";
  const failedCondition = (job.status?.conditions ?? []).find(
    (c) => c.type === "Failed" && c.status === "True",
  );
  const pods = ctx.snapshot.ownedBy("pods", { kind: "Job", namespace: ns, name });
  const failedPods = [...pods].filter(
    (p) => p.status?.phase === "Failed" || terminatedNonZero(p) !== undefined,
  );
  failedPods.sort(
    (a, b) =>
      parseTime(b.metadata?.creationTimestamp, ctx.now) -
      parseTime(a.metadata?.creationTimestamp, ctx.now),
  );
  const latest = failedPods[0];
  let detail = "";
  let logEvidence: Draft["evidence"][number] | undefined;
  let container: string | undefined;
  if (latest !== undefined) {
    const term = terminatedNonZero(latest);
    container = term?.container ?? latest.spec?.containers?.[0]?.name;
    if (container !== undefined) {
      const log = await ctx.readLog(latest, container, false);
      if (log.text !== undefined) {
        const signals = readLogSignals(log.text);
        const cause = signals.cause;
        if (cause !== undefined)
          detail = ` Its last pod ${latest.metadata?.name ?? ""} exited${term === undefined ? "" : ` with code ${term.exitCode}`} after logging: "${cause}".`;
        if (signals.decisive.length > 0)
          logEvidence = {
            source: "logs",
            command: log.command,
            excerpt: signals.decisive.join("\n"),
          };
      } else if (term !== undefined)
        detail = ` Its last pod ${latest.metadata?.name ?? ""} exited with code ${term.exitCode} (${term.reason}).`;
    }
  }
  const why =
    failedCondition === undefined
      ? `${job.status?.failed ?? 0} pod(s) failed`
      : `${failedCondition.reason ?? "Failed"}: ${failedCondition.message ?? ""}`;
  const d: Draft = {
    category: "JobFailed",
    severity: "high",
    score: logEvidence !== undefined ? 0.92 : 0.8,
    primary: { kind: "Job", namespace: ns, name },
    related: [],
    summary: `Job ${ns}/${name} failed (${failedCondition?.reason ?? "pods failed"}).`,
    rootCause: `Job ${ns}/${name} failed after ${job.status?.failed ?? 0} failed pod(s) — ${why}.${detail}`,
    evidence: [],
    fixes: [],
  };
  const cron = job.metadata?.ownerReferences?.find((r) => r.kind === "CronJob");
  if (cron !== undefined) addRelated(d, ref("CronJob", ns, cron.name));
  for (const p of failedPods.slice(0, 10))
    addRelated(d, ref("Pod", ns, p.metadata?.name ?? "", "Error"));
  d.evidence.push({
    source: "kubectl",
    command: cmd.describe("job", name, ns),
    excerpt: `Pods Statuses:  ${job.status?.active ?? 0} Active / ${job.status?.succeeded ?? 0} Succeeded / ${job.status?.failed ?? 0} Failed\nConditions:\n${(job.status?.conditions ?? []).map((c) => `  ${conditionLine(c)}`).join("\n")}`,
  });
  if (logEvidence !== undefined) d.evidence.push(logEvidence);
  if (latest !== undefined && container !== undefined)
    d.evidence.push(podEvidence(latest, container));
  const ev = eventsEvidence(ctx, ns, name);
  if (ev !== undefined) d.evidence.push(ev);
  if (latest !== undefined && container !== undefined)
    d.fixes.push({
      title: "Read the failed pod's full log",
      rationale: "The program's own error says what to fix before the Job is run again.",
      command: cmd.logs(latest.metadata?.name ?? "", ns, container, false, 200),
      risk: "read-only",
      requiresApproval: false,
    });
  d.fixes.push({
    title:
      cron === undefined
        ? "Delete the failed Job once fixed, then recreate it"
        : `Run the CronJob again once fixed`,
    rationale:
      "A failed Job does not retry after its backoff limit; it must be run again after the cause is fixed.",
    command:
      cron === undefined
        ? cmd.delete("job", name, ns)
        : `create job ${cron.name}-manual -n ${ns} --from=cronjob/${cron.name}`,
    risk: cron === undefined ? "medium" : "low",
    requiresApproval: true,
    // Running it again before the cause (the program, its data) is fixed fails the same way.
    role: "follow-up",
  });
  return d;
}

function terminatedNonZero(
  pod: Pod,
): { container: string; exitCode: number; reason: string } | undefined {
  for (const s of pod.status?.containerStatuses ?? []) {
    const t = s.state?.terminated ?? s.lastState?.terminated;
    if (t != null && (t.exitCode ?? 0) !== 0)
      return { container: s.name, exitCode: t.exitCode ?? 0, reason: t.reason ?? "Error" };
  }
  return undefined;
}

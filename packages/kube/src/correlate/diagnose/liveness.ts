import type { Pod, Probe } from "../../model/objects";
import { parseTime } from "../../model/parseTime";
import type { Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence, podEvidence } from "../evidence";
import type { PodProblem, Terminated } from "../podProblem";
import { podSpecJsonPath, podSpecPointer, type Workload } from "../workloads";
import { containerSpec, describeWorkload, workloadDraft } from "./baseDraft";
import { addTemplateFix } from "./templateFix";

/** Log lines that show a program still starting, not failing. */
const STARTING =
  /\b(start(?:ing|ed)?|initializ\w*|warm(?:ing|-?up)|loading|migrat\w*|bootstrap\w*|\d+%)/i;
const ERROR = /\b(error|exception|fatal|panic|traceback|failed)\b/i;

/**
 * A container the kubelet restarts because its liveness probe fails
 * (Unhealthy "Liveness probe failed" events): ProbeFailure. When the probe's
 * budget — initialDelaySeconds + periodSeconds × failureThreshold — is about
 * as long as each instance lived, and the instance's log ends while it was
 * still starting with no error, the probe kills a slow start: a startupProbe
 * is the fix. Undefined without liveness failures, or when the log names a
 * missing variable (that crash is the program's own).
 */
export function livenessDraft(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
  restarts: number,
  last: Terminated | undefined,
  log: { command: string; text: string | undefined; missingEnv: boolean },
): Draft | undefined {
  const ns = pod.metadata?.namespace ?? "";
  const liveness = ctx.snapshot
    .eventsFor(ns, pod.metadata?.name ?? "")
    .filter((e) => e.reason === "Unhealthy" && /liveness probe failed/i.test(e.message));
  if (liveness.length === 0 || log.missingEnv) return undefined;
  const spec = containerSpec(w, pod, container);
  const probe = spec.container?.livenessProbe ?? undefined;
  const budget = probe == null ? undefined : probeBudget(probe);
  const lived = lifetime(last, ctx.now);
  const lines = (log.text ?? "").split("\n").filter((l) => l.trim() !== "");
  const tail = lines.slice(-3);
  const stillStarting =
    lines.length > 0 &&
    !lines.some((l) => ERROR.test(l)) &&
    lines.slice(-6).some((l) => STARTING.test(l));
  const progress = lines.filter((l) => STARTING.test(l)).at(-1);
  const slowStart =
    budget !== undefined &&
    stillStarting &&
    /connection refused|connect: |statuscode: 5\d\d/i.test(liveness.at(-1)?.message ?? "") &&
    (lived === undefined || lived <= budget.seconds + 15);
  const message = liveness.at(-1)?.message ?? "";
  const budgetText =
    budget === undefined
      ? ""
      : ` The probe starts after initialDelaySeconds=${budget.initialDelay} and gives up after failureThreshold=${budget.failureThreshold} failed checks periodSeconds=${budget.period} s apart: a container that is not answering yet is killed about ${budget.seconds} s after it starts.`;
  const livedText = lived === undefined ? "" : ` The last instance ran ${lived} s.`;
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "ProbeFailure",
    slowStart ? 0.9 : 0.8,
    slowStart
      ? `${describeWorkload(w)} is killed by its liveness probe before it finishes starting.`
      : `${describeWorkload(w)} is restarted by its liveness probe.`,
    `Container ${container} of ${describeWorkload(w)} fails its liveness probe and the kubelet kills it (${restarts} restarts, exit code ${last?.exitCode ?? "?"}): ${message}.${budgetText}${livedText}` +
      (slowStart
        ? ` Its log shows no error and stops while the application is still starting (last progress: "${progress?.trim() ?? ""}"): it needs longer than the probe allows, so it is killed half-way through every start.`
        : ""),
  );
  draft.evidence.push(podEvidence(pod, container));
  const ev = eventsEvidence(
    ctx,
    ns,
    pod.metadata?.name ?? "",
    (e) => e.reason === "Unhealthy" || e.reason === "Killing",
  );
  if (ev !== undefined) draft.evidence.push(ev);
  if (probe != null)
    draft.evidence.push({
      source: "kubectl",
      command: cmd.get(
        w.kind,
        w.name,
        w.namespace,
        `jsonpath={${podSpecJsonPath(w.kind)}.containers[${Math.max(0, spec.index)}].livenessProbe}`,
      ),
      excerpt: JSON.stringify(probe),
    });
  if (tail.length > 0)
    draft.evidence.push({ source: "logs", command: log.command, excerpt: tail.join("\n") });
  if (slowStart && probe != null && spec.index >= 0 && !spec.init) {
    // Same check as the liveness probe, with room for a start of up to five minutes.
    const startupProbe = {
      ...handlerOf(probe),
      periodSeconds: 10,
      failureThreshold: 30,
    };
    addTemplateFix(draft, w, {
      title: `Give ${container} a startupProbe`,
      rationale:
        "A startup probe holds the liveness probe back until the application has started (here up to 5 minutes), without making liveness slower to catch a real hang later.",
      command: cmd.patch(
        w.kind,
        w.name,
        w.namespace,
        [
          {
            op: "add",
            path: `${podSpecPointer(w.kind)}/containers/${spec.index}/startupProbe`,
            value: startupProbe,
          },
        ],
        "json",
      ),
      risk: "medium",
      requiresApproval: true,
    });
  }
  return draft;
}

/** Seconds from start until a never-passing probe kills the container, with its parts. */
function probeBudget(probe: Probe): {
  seconds: number;
  initialDelay: number;
  period: number;
  failureThreshold: number;
} {
  const initialDelay = probe.initialDelaySeconds ?? 0;
  const period = probe.periodSeconds ?? 10;
  const failureThreshold = probe.failureThreshold ?? 3;
  return {
    seconds: initialDelay + period * failureThreshold,
    initialDelay,
    period,
    failureThreshold,
  };
}

/** How long the last instance ran, in whole seconds. */
function lifetime(last: Terminated | undefined, now: number): number | undefined {
  if (last?.startedAt == null || last.finishedAt == null) return undefined;
  const ms = parseTime(last.finishedAt, now) - parseTime(last.startedAt, now);
  return ms > 0 ? Math.round(ms / 1000) : undefined;
}

function handlerOf(probe: Probe): Record<string, unknown> {
  if (probe.httpGet != null) return { httpGet: probe.httpGet };
  if (probe.tcpSocket != null) return { tcpSocket: probe.tcpSocket };
  if (probe.grpc != null) return { grpc: probe.grpc };
  return { exec: probe.exec };
}

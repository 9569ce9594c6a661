import type { Pod } from "../../model/objects";
import { formatBytes, parseQuantity } from "../../model/quantity";
import type { Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence, podEvidence } from "../evidence";
import { readLogSignals } from "../logSignals";
import type { PodProblem, Terminated } from "../podProblem";
import type { Workload } from "../workloads";
import { containerSpec, describeWorkload, workloadDraft } from "./baseDraft";
import { logCause } from "./logCause";
import { livenessDraft } from "./liveness";
import { absentConfigDraft } from "./optionalConfig";
import { previousImage } from "./previousImage";
import { addTemplateFix } from "./templateFix";

/**
 * A container that keeps dying (CrashLoopBackOff, or terminated non-zero):
 * OOMKilled → the memory limit against what the log shows; killed by its
 * liveness probe → ProbeFailure; otherwise the log decides — a 403, DNS or a
 * blocked connection is the cause behind the crash, else a crash loop with the
 * decisive lines of the previous instance's log (a missing env var named).
 */
export async function diagnoseCrash(
  ctx: CorrelationContext,
  pod: Pod,
  problem: Extract<PodProblem, { type: "waiting" | "terminated" | "notReady" }>,
  w: Workload,
): Promise<Draft> {
  const container = problem.container ?? pod.spec?.containers?.[0]?.name ?? "";
  const last: Terminated | undefined =
    problem.type === "terminated"
      ? { reason: problem.reason, exitCode: problem.exitCode, message: problem.message }
      : problem.last;
  const restarts =
    (pod.status?.containerStatuses ?? []).find((s) => s.name === container)?.restartCount ?? 0;
  const previous = problem.type !== "terminated" && restarts > 0;
  const log = await ctx.readLog(pod, container, previous);
  const signals = readLogSignals(log.text ?? "");
  const ns = pod.metadata?.namespace ?? "";

  if (last?.reason === "OOMKilled" || (last?.exitCode === 137 && signals.memory !== undefined))
    return oomDraft(
      ctx,
      pod,
      problem,
      w,
      container,
      restarts,
      lastMemoryLine(log.text ?? "") ?? signals.memory?.line,
      log.command,
      signals.decisive,
    );

  const fromLog =
    log.text === undefined ? undefined : logCause(ctx, pod, problem, w, container, signals, log);
  if (fromLog !== undefined) {
    fromLog.evidence.unshift(podEvidence(pod, container));
    return fromLog;
  }
  if (signals.missingEnv !== undefined) {
    const absent = absentConfigDraft(
      ctx,
      pod,
      problem,
      w,
      container,
      signals.missingEnv.name,
      { command: log.command, decisive: signals.decisive },
      restarts,
    );
    if (absent !== undefined) return absent;
  }

  const killed = livenessDraft(ctx, pod, problem, w, container, restarts, last, {
    command: log.command,
    text: log.text,
    missingEnv: signals.missingEnv !== undefined,
  });
  if (killed !== undefined) return killed;

  const how =
    last === undefined
      ? "exits"
      : `exits with code ${last.exitCode ?? "?"} (${last.reason ?? "Error"})`;
  const loop =
    problem.type === "terminated"
      ? "and the pod has failed"
      : `and is restarted in a loop (CrashLoopBackOff, ${restarts} restarts)`;
  const spec = containerSpec(w, pod, container);
  const envDefined =
    signals.missingEnv !== undefined &&
    ((spec.container?.env ?? []).some((e) => e.name === signals.missingEnv?.name) ||
      (spec.container?.envFrom ?? []).length > 0);
  let cause: string;
  if (signals.missingEnv !== undefined)
    cause = ` The program stops because environment variable ${signals.missingEnv.name} is not set${envDefined ? "" : `: the pod template of ${describeWorkload(w)} does not define ${signals.missingEnv.name}`}.`;
  else if (signals.decisive.length > 0 && log.text !== undefined)
    cause = ` Its ${previous ? "previous" : "last"} log says what failed: "${signals.cause ?? ""}".`;
  else cause = log.error === undefined ? "" : ` Its log could not be read (${log.error}).`;
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "CrashLoop",
    signals.missingEnv !== undefined ? 0.9 : log.text !== undefined ? 0.8 : 0.65,
    signals.missingEnv !== undefined
      ? `${describeWorkload(w)} crash-loops: environment variable ${signals.missingEnv.name} is not set.`
      : `${describeWorkload(w)} crash-loops: container ${container} ${how}.`,
    `Container ${container} of ${describeWorkload(w)} ${how} shortly after starting ${loop}.${cause}`,
  );
  draft.evidence.push(podEvidence(pod, container));
  if (log.text !== undefined && signals.decisive.length > 0)
    draft.evidence.push({
      source: "logs",
      command: log.command,
      excerpt: signals.decisive.join("\n"),
    });
  const ev = eventsEvidence(
    ctx,
    ns,
    pod.metadata?.name ?? "",
    (e) => e.reason === "BackOff" || e.type !== "Normal",
  );
  if (ev !== undefined) draft.evidence.push(ev);
  draft.fixes.push({
    title: `Read the ${previous ? "previous" : "last"} instance's full log`,
    rationale: "The last lines before the exit say why the program stopped.",
    command: cmd.logs(pod.metadata?.name ?? "", ns, container, previous, 200),
    risk: "read-only",
    requiresApproval: false,
  });
  const holder =
    signals.missingEnv === undefined || envDefined
      ? undefined
      : keyHolder(ctx, ns, signals.missingEnv.name);
  if (signals.missingEnv !== undefined && holder !== undefined)
    addTemplateFix(draft, w, {
      title: `Set ${signals.missingEnv.name} on container ${container} from ${holder.kind} ${holder.name}`,
      rationale: `${holder.kind} ${holder.name} in ${ns} has a key ${signals.missingEnv.name} that nothing reads: the variable was meant to come from it. Referencing it passes no value through kubemedic.`,
      command: cmd.patch(w.kind, w.name, w.namespace, {
        spec: {
          template: {
            spec: {
              containers: [
                {
                  name: container,
                  env: [
                    {
                      name: signals.missingEnv.name,
                      valueFrom: {
                        [holder.kind === "Secret" ? "secretKeyRef" : "configMapKeyRef"]: {
                          name: holder.name,
                          key: signals.missingEnv.name,
                        },
                      },
                    },
                  ],
                },
              ],
            },
          },
        },
      }),
      risk: "medium",
      requiresApproval: true,
    });
  if (signals.missingEnv !== undefined)
    addTemplateFix(draft, w, {
      title: `Set ${signals.missingEnv.name} on container ${container}`,
      rationale: `The program refuses to start without ${signals.missingEnv.name}; setting it (with the right value, or from a Secret with --from=secret/<name>) ends the crash loop.`,
      command: cmd.setEnv(
        w.kind,
        w.name,
        w.namespace,
        container,
        `${signals.missingEnv.name}=<value>`,
      ),
      risk: "medium",
      requiresApproval: true,
    });
  const prior = previousImage(ctx, w, container);
  if (prior !== undefined && w.kind === "Deployment")
    draft.fixes.push({
      title: "Roll back to the previous revision",
      rationale: `The previous revision (image ${prior}) ran; undoing the rollout restores service while the new version is fixed.`,
      command: cmd.rolloutUndo(w.kind, w.name, w.namespace),
      risk: "medium",
      requiresApproval: true,
    });
  return draft;
}

function oomDraft(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
  restarts: number,
  memoryLine: string | undefined,
  logCommand: string,
  decisive: string[],
): Draft {
  const spec = containerSpec(w, pod, container).container;
  const limitText = spec?.resources?.limits?.memory;
  const limit = parseQuantity(limitText ?? undefined);
  const observed = memoryLine === undefined ? undefined : observedMemory(memoryLine);
  const live = liveUsage(ctx, pod, w, container);
  const observedText =
    (live !== undefined
      ? ` The metrics API shows pod ${live.pod} already using ${live.memory}${limit !== undefined && live.bytes !== undefined ? ` (${Math.round((live.bytes / limit) * 100)}% of the limit)` : ""}.`
      : "") +
    (observed !== undefined
      ? ` The last instance logged ${observed} in use just before it was killed ("${memoryLine ?? ""}").`
      : memoryLine !== undefined
        ? ` Its log says: "${memoryLine}".`
        : "");
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "OOMKilled",
    0.93,
    `${describeWorkload(w)} is OOMKilled: container ${container} exceeds its ${limitText === undefined ? "memory" : `${String(limitText)} memory`} limit.`,
    `Container ${container} of ${describeWorkload(w)} is killed by the kernel OOM killer (reason OOMKilled, exit code 137, ${restarts} restarts): ` +
      (limitText === undefined
        ? "it has no memory limit of its own, so the node ran out of memory or a namespace default limit applies."
        : `it uses more memory than its limit of ${String(limitText)}.`) +
      observedText,
  );
  draft.evidence.push(podEvidence(pod, container));
  if (memoryLine !== undefined || decisive.length > 0)
    draft.evidence.push({
      source: "logs",
      command: logCommand,
      excerpt: (memoryLine === undefined ? decisive : [memoryLine]).join("\n"),
    });
  if (live !== undefined)
    draft.evidence.push({
      source: "kubectl",
      command: `top pod ${live.pod} -n ${w.namespace} --containers`,
      excerpt: `POD${" ".repeat(Math.max(1, live.pod.length - 1))}NAME${" ".repeat(Math.max(1, container.length - 2))}CPU(cores)   MEMORY(bytes)\n${live.pod}   ${container}   ${live.cpu}   ${live.memory}`,
    });
  if (limit !== undefined) {
    const raised = formatBytes(Math.ceil((limit * 2) / 2 ** 20) * 2 ** 20);
    addTemplateFix(draft, w, {
      title: `Raise the memory limit of ${container} to ${raised}`,
      rationale: `The container needs more than ${String(limitText)}; doubling the limit (and the request, if the node has room) stops the OOM kills while the usage is investigated.`,
      command: cmd.setResources(
        w.kind,
        w.name,
        w.namespace,
        container,
        `--limits=memory=${raised}`,
      ),
      risk: "medium",
      requiresApproval: true,
    });
  }
  draft.fixes.push({
    title: "Watch the memory use of the pods",
    rationale: "Shows how close the running instances get to the limit (needs the metrics API).",
    command: `top pod -n ${w.namespace} --containers`,
    risk: "read-only",
    requiresApproval: false,
  });
  void ctx;
  return draft;
}

/** The last log line that states a memory figure (heap, RSS, allocation) — what it used just before the kill. */
function lastMemoryLine(log: string): string | undefined {
  const lines = log
    .split("\n")
    .filter(
      (l) =>
        /(?:heap|rss|mem|alloc)/i.test(l) &&
        /\d+(?:\.\d+)?\s?(?:Ki|Mi|Gi|KiB|MiB|GiB|KB|MB|GB)\b/.test(l),
    );
  return lines[lines.length - 1];
}

/** The highest current memory use among the workload's pods for this container, from metrics-server. */
function liveUsage(
  ctx: CorrelationContext,
  pod: Pod,
  w: Workload,
  container: string,
): { pod: string; memory: string; bytes: number | undefined; cpu: string } | undefined {
  const ns = pod.metadata?.namespace ?? "";
  const prefix = (pod.metadata?.name ?? "").replace(/-[a-z0-9]{5}$/, "-");
  let best: { pod: string; memory: string; bytes: number | undefined; cpu: string } | undefined;
  for (const m of ctx.snapshot.list("podmetrics", ns)) {
    const name = m.metadata?.name ?? "";
    if (w.kind !== "Pod" ? !name.startsWith(prefix) : name !== pod.metadata?.name) continue;
    const usage = m.containers?.find((c) => c.name === container)?.usage;
    const memory = usage?.memory;
    if (memory === undefined) continue;
    const bytes = parseQuantity(memory);
    if (best === undefined || (bytes ?? 0) > (best.bytes ?? 0))
      best = { pod: name, memory: String(memory), bytes, cpu: String(usage?.cpu ?? "") };
  }
  return best;
}

/** The largest memory figure in a log line (`heap 498Mi`, `RSS=512MB`, `used 1.2GiB`). */
function observedMemory(line: string): string | undefined {
  const matches = [...line.matchAll(/(\d+(?:\.\d+)?)\s?(Ki|Mi|Gi|KiB|MiB|GiB|KB|MB|GB|kB)\b/g)];
  if (matches.length === 0) return undefined;
  const best = matches[matches.length - 1];
  return best === undefined ? undefined : `${best[1] ?? ""}${best[2] ?? ""}`;
}

/**
 * The Secret (preferred: such values are usually credentials) or ConfigMap of
 * the namespace holding a key named like the missing variable, when exactly
 * one object of that kind does.
 */
function keyHolder(
  ctx: CorrelationContext,
  ns: string,
  name: string,
): { kind: "Secret" | "ConfigMap"; name: string } | undefined {
  for (const [kind, plural] of [
    ["Secret", "secrets"],
    ["ConfigMap", "configmaps"],
  ] as const) {
    const holders = ctx.snapshot
      .list(plural, ns)
      .filter(
        (o) => name in (o.data ?? {}) || name in ((o as { stringData?: object }).stringData ?? {}),
      );
    if (holders.length === 1) return { kind, name: holders[0]?.metadata?.name ?? "" };
  }
  return undefined;
}

import type { Pod } from "../../model/objects";
import { formatMilliCpu, parseQuantity } from "../../model/quantity";
import type { Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence, podEvidence } from "../evidence";
import type { PodProblem } from "../podProblem";
import type { Workload } from "../workloads";
import { containerSpec, describeWorkload, workloadDraft } from "./baseDraft";
import { addTemplateFix } from "./templateFix";

/** A probe that got no answer in time (kubelet's wording for HTTP, TCP and exec probes). */
const PROBE_TIMEOUT =
  /context deadline exceeded|Client\.Timeout exceeded|i\/o timeout|timed out|timeout/i;

/**
 * Usage at or above this share of the CPU limit counts as "at the limit": the CFS quota is
 * spent every period and the container is throttled. @default 0.9
 */
const AT_LIMIT = 0.9;

/**
 * A probe that times out while the container uses its whole CPU limit: the container is
 * throttled, so it answers everything slowly, the probe included. Only the metrics API can
 * tell this from a hung application or a slow dependency, so without metrics (or below the
 * limit) this says nothing and the caller keeps its plain probe diagnosis.
 */
export function cpuThrottledProbe(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
  probeMessage: string,
  kind: "readiness" | "startup" | "liveness",
): Draft | undefined {
  if (!PROBE_TIMEOUT.test(probeMessage)) return undefined;
  const spec = containerSpec(w, pod, container);
  const limitText = spec.container?.resources?.limits?.cpu;
  const limit = parseQuantity(limitText ?? undefined);
  if (limit === undefined || limit <= 0 || spec.index < 0 || spec.init) return undefined;
  const usage = usageOf(ctx, w, pod, container);
  if (usage.length === 0) return undefined;
  const atLimit = usage.filter((u) => u.cpu >= limit * AT_LIMIT);
  // Most measured pods must be at the limit: one busy pod among idle ones is load, not the limit.
  if (atLimit.length * 2 < usage.length) return undefined;
  const shown = atLimit.map((u) => `${u.pod} ${formatMilliCpu(u.cpu)}`).join(", ");
  const limitShown = String(limitText);
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "ProbeFailure",
    0.9,
    `${describeWorkload(w)} is throttled at its ${limitShown} CPU limit: its ${kind} probe times out.`,
    `Container ${container} of ${describeWorkload(w)} uses its whole CPU limit of ${limitShown} (the metrics API: ${shown}), so the kernel throttles it every scheduling period and it answers slowly; its ${kind} probe times out (${probeMessage}). The probe's port and path are answered; the CPU limit is what is too low.`,
  );
  draft.severity = "critical";
  draft.evidence.push({
    source: "kubectl",
    command: `top pod -n ${w.namespace} -l ${selectorOf(pod)} --containers`,
    excerpt: [
      "POD   NAME   CPU(cores)   MEMORY(bytes)",
      ...usage.map(
        (u) =>
          `${u.pod}   ${container}   ${formatMilliCpu(u.cpu)}   ${Math.floor(u.memory / 2 ** 20)}Mi`,
      ),
    ].join("\n"),
  });
  draft.evidence.push(podEvidence(pod, container));
  const ev = eventsEvidence(
    ctx,
    pod.metadata?.namespace ?? "",
    pod.metadata?.name ?? "",
    (e) => e.reason === "Unhealthy",
  );
  if (ev !== undefined) draft.evidence.push(ev);
  const raised = formatMilliCpu(limit * 2);
  addTemplateFix(draft, w, {
    title: `Raise the CPU limit of ${container} to ${raised}`,
    rationale: `The container spends its whole ${limitShown} CPU limit and is throttled; doubling the limit lets it answer in time while its CPU use is investigated.`,
    command: cmd.setResources(w.kind, w.name, w.namespace, container, `--limits=cpu=${raised}`),
    risk: "medium",
    requiresApproval: true,
  });
  draft.fixes.push({
    title: "Watch the CPU use of the pods",
    rationale:
      "Shows how close the running instances are to the CPU limit (needs the metrics API).",
    command: `top pod -n ${w.namespace} --containers`,
    risk: "read-only",
    requiresApproval: false,
  });
  return draft;
}

/** The container's current usage in each pod of the workload (the pod alone for a bare pod). */
function usageOf(
  ctx: CorrelationContext,
  w: Workload,
  pod: Pod,
  container: string,
): { pod: string; cpu: number; memory: number }[] {
  const ns = pod.metadata?.namespace ?? "";
  const prefix = (pod.metadata?.name ?? "").replace(/-[a-z0-9]{5}$/, "-");
  const out: { pod: string; cpu: number; memory: number }[] = [];
  for (const m of ctx.snapshot.list("podmetrics", ns)) {
    const name = m.metadata?.name ?? "";
    if (w.kind !== "Pod" ? !name.startsWith(prefix) : name !== pod.metadata?.name) continue;
    const usage = m.containers?.find((c) => c.name === container)?.usage;
    const cpu = parseQuantity(usage?.cpu);
    if (cpu === undefined) continue;
    out.push({ pod: name, cpu, memory: parseQuantity(usage?.memory) ?? 0 });
  }
  return out.sort((a, b) => (a.pod < b.pod ? -1 : 1));
}

function selectorOf(pod: Pod): string {
  const labels = pod.metadata?.labels ?? {};
  const app = labels.app ?? labels["app.kubernetes.io/name"];
  if (app !== undefined)
    return `${labels.app !== undefined ? "app" : "app.kubernetes.io/name"}=${app}`;
  const [k, v] = Object.entries(labels).find(([key]) => key !== "pod-template-hash") ?? ["", ""];
  return `${k}=${v}`;
}

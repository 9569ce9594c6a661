import type { Container, Pod, Probe } from "../../model/objects";
import type { Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventsEvidence, podEvidence } from "../evidence";
import { readLogSignals } from "../logSignals";
import type { PodProblem } from "../podProblem";
import { podSpecJsonPath, podSpecPointer, type Workload } from "../workloads";
import { containerSpec, describeWorkload, workloadDraft } from "./baseDraft";
import { cpuThrottledProbe } from "./cpuThrottled";
import { logCause } from "./logCause";
import { addTemplateFix } from "./templateFix";

/**
 * A running pod that is not ready. A failing readiness probe decides (and the
 * probe is compared with the ports the container exposes: a probe on a port
 * nothing listens on is the classic); without probe events, the log is read
 * for an outside cause; else it is reported as not ready, low confidence.
 */
export async function diagnoseNotReady(
  ctx: CorrelationContext,
  pod: Pod,
  problem: Extract<PodProblem, { type: "notReady" }>,
  w: Workload,
): Promise<Draft> {
  const ns = pod.metadata?.namespace ?? "";
  const podName = pod.metadata?.name ?? "";
  const container = problem.container ?? pod.spec?.containers?.[0]?.name ?? "";
  const unhealthy = ctx.snapshot
    .eventsFor(ns, podName)
    .filter((e) => e.reason === "Unhealthy" && /readiness|startup/i.test(e.message));
  if (unhealthy.length > 0) {
    const spec = containerSpec(w, pod, container);
    const message = unhealthy[unhealthy.length - 1]?.message ?? "";
    const startup = /startup/i.test(message);
    const probe = startup ? spec.container?.startupProbe : spec.container?.readinessProbe;
    const mismatch = probePortMismatch(spec.container, probe);
    // A probe that times out while the container spends its whole CPU limit: the usage decides.
    if (mismatch === undefined) {
      const throttled = cpuThrottledProbe(
        ctx,
        pod,
        problem,
        w,
        container,
        message,
        startup ? "startup" : "readiness",
      );
      if (throttled !== undefined) return throttled;
    }
    // A 5xx answer means the application runs and reports itself unhealthy: what it
    // depends on may be failing (a blocked or unresolvable upstream), which its log says.
    if (mismatch === undefined && SERVER_ERROR.test(message)) {
      const cause = await upstreamCause(ctx, pod, problem, w, container);
      if (cause !== undefined) {
        const ev = eventsEvidence(ctx, ns, podName, (e) => e.reason === "Unhealthy");
        if (ev !== undefined) cause.evidence.push(ev);
        cause.rootCause += ` That is why its readiness probe fails (${message}) and the pods stay out of their Services' endpoints.`;
        return cause;
      }
    }
    const why =
      mismatch !== undefined
        ? ` The probe checks port ${mismatch.probePort}, but the container listens on ${mismatch.containerPorts.join(", ")}: nothing answers on ${mismatch.probePort}.`
        : /statuscode: 404/i.test(message)
          ? ` The probe path ${probe?.httpGet?.path ?? ""} does not exist in the application (HTTP 404).`
          : /connection refused/i.test(message)
            ? ` Nothing accepts connections on the probed port.`
            : "";
    const draft = workloadDraft(
      w,
      pod,
      problem,
      "ProbeFailure",
      mismatch !== undefined ? 0.93 : 0.85,
      `${describeWorkload(w)} never becomes ready: its ${startup ? "startup" : "readiness"} probe fails${mismatch !== undefined ? ` on port ${mismatch.probePort}` : ""}.`,
      `The ${startup ? "startup" : "readiness"} probe of container ${container} in ${describeWorkload(w)} fails, so its pods stay out of their Services' endpoints: ${message}.${why}`,
    );
    draft.severity = "critical";
    draft.evidence.push(podEvidence(pod, container));
    if (probe != null)
      draft.evidence.push({
        source: "kubectl",
        command: cmd.get(
          w.kind,
          w.name,
          w.namespace,
          `jsonpath={${podSpecJsonPath(w.kind)}.containers[${Math.max(0, spec.index)}].${startup ? "startupProbe" : "readinessProbe"}}`,
        ),
        excerpt: JSON.stringify(probe),
      });
    const ev = eventsEvidence(ctx, ns, podName, (e) => e.reason === "Unhealthy");
    if (ev !== undefined) draft.evidence.push(ev);
    if (mismatch !== undefined && spec.index >= 0 && !spec.init) {
      const field =
        probe?.httpGet != null ? "httpGet" : probe?.tcpSocket != null ? "tcpSocket" : "grpc";
      const port = mismatch.containerPorts[0];
      addTemplateFix(draft, w, {
        title: `Point the ${startup ? "startup" : "readiness"} probe at port ${port}`,
        rationale: `The application listens on ${mismatch.containerPorts.join(", ")}; probing that port lets the pods become ready and join the Service.`,
        command: cmd.patch(
          w.kind,
          w.name,
          w.namespace,
          [
            {
              op: "replace",
              path: `${podSpecPointer(w.kind)}/containers/${spec.index}/${startup ? "startupProbe" : "readinessProbe"}/${field}/port`,
              value: port,
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
  const cause = await upstreamCause(ctx, pod, problem, w, container);
  if (cause !== undefined) return cause;
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "Other",
    0.5,
    `${describeWorkload(w)} has pods that are running but not ready.`,
    `Pod ${podName} of ${describeWorkload(w)} is running but not ready, with no failing probe event to say why.`,
  );
  draft.evidence.push(podEvidence(pod, container));
  return draft;
}

/** `HTTP probe failed with statuscode: 503` — the application answered, with a server error. */
const SERVER_ERROR = /statuscode: 5\d\d\b/i;

/** An outside cause named by the container's current log (403, DNS, a blocked connection). */
async function upstreamCause(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
): Promise<Draft | undefined> {
  const log = await ctx.readLog(pod, container, false);
  if (log.text === undefined) return undefined;
  return logCause(ctx, pod, problem, w, container, readLogSignals(log.text), log);
}

/** The probe's port against the container's declared ports, when they disagree. */
function probePortMismatch(
  container: Container | undefined,
  probe: Probe | null | undefined,
): { probePort: number | string; containerPorts: number[] } | undefined {
  const raw = probe?.httpGet?.port ?? probe?.tcpSocket?.port ?? probe?.grpc?.port;
  const ports = container?.ports ?? [];
  if (raw === undefined || ports.length === 0) return undefined;
  const resolved =
    typeof raw === "string" && !/^\d+$/.test(raw)
      ? ports.find((p) => p.name === raw)?.containerPort
      : Number(raw);
  if (resolved !== undefined && ports.some((p) => p.containerPort === resolved)) return undefined;
  return { probePort: raw, containerPorts: ports.map((p) => p.containerPort) };
}

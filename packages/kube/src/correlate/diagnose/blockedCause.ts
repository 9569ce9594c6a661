import type { NetworkPolicy, Pod } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import type { LogSignals } from "../logSignals";
import { networkPolicyVerdict } from "../networkPolicyVerdict";
import type { PodProblem } from "../podProblem";
import { resolveHost } from "../resolveHost";
import type { Workload } from "../workloads";
import { describeWorkload, workloadDraft } from "./baseDraft";
import type { LogEvidence } from "./forbiddenCause";

/**
 * A connection that times out or is refused, checked against the
 * NetworkPolicies between the pod and the Service it calls; undefined when no
 * policy blocks it.
 */
export function blockedDraft(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  signals: LogSignals,
  evidence: LogEvidence,
): Draft | undefined {
  const conn = signals.connection!;
  const ns = pod.metadata?.namespace ?? "";
  if (conn.host === undefined) return undefined;
  const target = resolveHost(ctx.snapshot, conn.host, ns);
  if (target === undefined || target.kind !== "service") return undefined;
  const destPods = target.pods;
  const targetPort = target.targetPort(conn.port);
  for (const dest of destPods) {
    const verdict = networkPolicyVerdict(ctx.snapshot, pod, dest, targetPort);
    if (verdict === undefined || verdict.allowed) continue;
    const policy = verdict.blockingPolicies[0];
    const policyName = policy?.metadata?.name ?? "";
    const policyNs = policy?.metadata?.namespace ?? "";
    const srcLabels = pod.metadata?.labels ?? {};
    const draft = workloadDraft(
      w,
      pod,
      problem,
      "NetworkPolicyBlocked",
      0.88,
      `NetworkPolicy ${policyNs}/${policyName} blocks ${describeWorkload(w)} from reaching Service ${target.namespace}/${target.name}.`,
      `Connections from ${describeWorkload(w)} to Service ${target.namespace}/${target.name} (${conn.host}:${conn.port ?? "?"}) ${conn.timeout ? "time out" : "fail"}: ` +
        `NetworkPolicy ${policyNs}/${policyName} isolates the ${verdict.direction === "ingress" ? `destination pods (${dest.metadata?.name ?? ""})` : "source pods"} for ${verdict.direction} and no rule admits this traffic` +
        `${
          verdict.direction === "ingress"
            ? ` from pods labelled ${
                Object.entries(srcLabels)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(",") || "(none)"
              }`
            : ""
        }${targetPort === undefined ? "" : ` on port ${targetPort}`}.`,
    );
    draft.primary = { kind: "NetworkPolicy", namespace: policyNs, name: policyName };
    addRelated(
      draft,
      ref(w.kind, w.namespace, w.name),
      ref("Service", target.namespace, target.name),
      ...verdict.blockingPolicies
        .slice(1)
        .map((p) => ref("NetworkPolicy", p.metadata?.namespace, p.metadata?.name ?? "")),
    );
    draft.evidence.push(evidence);
    draft.evidence.push({
      source: "kubectl",
      command: cmd.get("networkpolicy", policyName, policyNs, "yaml"),
      excerpt: policyExcerpt(policy),
    });
    const rule =
      verdict.direction === "ingress"
        ? {
            from: [{ podSelector: { matchLabels: appLabels(srcLabels) } }],
            ...(targetPort === undefined ? {} : { ports: [{ port: targetPort, protocol: "TCP" }] }),
          }
        : {
            to: [{ podSelector: { matchLabels: appLabels(dest.metadata?.labels ?? {}) } }],
            ...(targetPort === undefined ? {} : { ports: [{ port: targetPort, protocol: "TCP" }] }),
          };
    draft.fixes.push({
      title: `Allow ${w.name} → ${target.name}${targetPort === undefined ? "" : `:${targetPort}`} in NetworkPolicy ${policyName}`,
      rationale:
        "Adding one rule for exactly this source, destination and port keeps the rest of the isolation in place.",
      command: cmd.patch(
        "networkpolicy",
        policyName,
        policyNs,
        [
          (verdict.direction === "ingress" ? policy?.spec?.ingress : policy?.spec?.egress)?.length
            ? { op: "add", path: `/spec/${verdict.direction}/-`, value: rule }
            : { op: "add", path: `/spec/${verdict.direction}`, value: [rule] },
        ],
        "json",
      ),
      risk: "medium",
      requiresApproval: true,
    });
    return draft;
  }
  return undefined;
}

/** The labels that identify an app (`app`, `app.kubernetes.io/name`), or all of them. */
function appLabels(labels: Record<string, string>): Record<string, string> {
  for (const key of ["app.kubernetes.io/name", "app", "k8s-app", "name"]) {
    const v = labels[key];
    if (v !== undefined) return { [key]: v };
  }
  return labels;
}

function policyExcerpt(policy: NetworkPolicy | undefined): string {
  const spec = JSON.stringify(policy?.spec ?? {}, null, 2);
  return `spec: ${spec}`;
}

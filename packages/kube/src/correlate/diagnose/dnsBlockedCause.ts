import type { Pod } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { describeEgress, dnsEgressVerdict, DNS_PORT } from "../dnsEgress";
import type { LogSignals } from "../logSignals";
import type { PodProblem } from "../podProblem";
import { podReady } from "../../model/podReady";
import { resolveHost } from "../resolveHost";
import type { Workload } from "../workloads";
import { describeWorkload, workloadDraft } from "./baseDraft";
import type { LogEvidence } from "./forbiddenCause";

/**
 * A name that does not resolve because the pod may not ask: NetworkPolicies
 * isolate it for egress and none admits port 53 to the cluster DNS, so every
 * lookup times out — whether or not the name exists. The loud symptom is a DNS
 * error; the cause is the policy. Undefined when DNS egress is allowed.
 */
export function dnsBlockedDraft(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
  signals: LogSignals,
  evidence: LogEvidence,
): Draft | undefined {
  const verdict = dnsEgressVerdict(ctx.snapshot, pod);
  const policy = verdict?.blocking[0];
  if (verdict === undefined || policy === undefined) return undefined;
  const ns = pod.metadata?.namespace ?? "";
  const host = signals.dns?.host;
  const target = host === undefined ? undefined : resolveHost(ctx.snapshot, host, ns);
  const policyName = policy.metadata?.name ?? "";
  const policyNs = policy.metadata?.namespace ?? ns;
  const names = verdict.blocking.map(
    (p) => `${p.metadata?.namespace ?? ""}/${p.metadata?.name ?? ""}`,
  );
  const exists =
    target?.kind === "service" ? ` although Service ${target.namespace}/${target.name} exists` : "";
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "NetworkPolicyBlocked",
    0.9,
    `NetworkPolicy ${policyNs}/${policyName} blocks DNS for ${describeWorkload(w)}, so it cannot resolve ${host ?? "any name"}.`,
    `Container ${container} of ${describeWorkload(w)} cannot resolve ${host === undefined ? "host names" : `"${host}"`}${exists}: ` +
      `NetworkPolicy ${names.join(", ")} isolates its pods for egress and admits only ${verdict.blocking.map(describeEgress).join("; ")}. ` +
      `DNS is egress too — UDP and TCP port ${DNS_PORT} to the cluster DNS (kube-dns in kube-system) — and no rule admits it, so every lookup times out.`,
  );
  draft.primary = { kind: "NetworkPolicy", namespace: policyNs, name: policyName };
  addRelated(
    draft,
    ref(w.kind, w.namespace, w.name),
    ...verdict.blocking
      .slice(1)
      .map((p) => ref("NetworkPolicy", p.metadata?.namespace, p.metadata?.name ?? "")),
    ...(target?.kind === "service" ? [ref("Service", target.namespace, target.name)] : []),
    ref("Service", "kube-system", "kube-dns"),
  );
  draft.evidence.push(evidence);
  draft.evidence.push({
    source: "kubectl",
    command: cmd.get("networkpolicy", policyName, policyNs, "yaml"),
    excerpt: `spec: ${JSON.stringify(policy.spec ?? {}, null, 2)}`,
  });
  const real = verdict.dnsPods.filter((p) => p.status !== undefined);
  if (real.length > 0)
    draft.evidence.push({
      source: "kubectl",
      command: cmd.podsBySelector("kube-system", "k8s-app=kube-dns"),
      excerpt: real
        .map((p) => {
          const ready = podReady(p);
          return `${p.metadata?.name ?? ""}   ${ready ? "1/1" : "0/1"}   ${p.status?.phase ?? ""}`;
        })
        .join("\n"),
    });
  const rule = {
    to: [
      {
        namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "kube-system" } },
        podSelector: { matchLabels: { "k8s-app": "kube-dns" } },
      },
    ],
    ports: [
      { protocol: "UDP", port: DNS_PORT },
      { protocol: "TCP", port: DNS_PORT },
    ],
  };
  draft.fixes.push({
    title: `Allow DNS egress in NetworkPolicy ${policyName}`,
    rationale:
      "One rule admitting port 53 to kube-dns restores name resolution and keeps every other egress restriction in place.",
    command: cmd.patch(
      "networkpolicy",
      policyName,
      policyNs,
      [
        (policy.spec?.egress ?? []).length > 0
          ? { op: "add", path: "/spec/egress/-", value: rule }
          : { op: "add", path: "/spec/egress", value: [rule] },
      ],
      "json",
    ),
    risk: "medium",
    requiresApproval: true,
  });
  return draft;
}

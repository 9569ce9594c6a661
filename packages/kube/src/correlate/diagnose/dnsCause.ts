import type { Pod } from "../../model/objects";
import { redactEnvValue } from "../../redact/redactEnvValue";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import type { LogSignals } from "../logSignals";
import type { PodProblem } from "../podProblem";
import { podReady } from "../../model/podReady";
import { resolveHost } from "../resolveHost";
import { blameConfigSource } from "./badValue";
import type { Workload } from "../workloads";
import { describeWorkload, workloadDraft } from "./baseDraft";
import { literalEnvContaining } from "./literalEnv";
import { serviceRow } from "./serviceRow";
import { addTemplateFix } from "./templateFix";
import type { LogEvidence } from "./forbiddenCause";

/**
 * A name that does not resolve: the Service it names (missing, with similar
 * names, and the env var holding it) or the cluster DNS being down.
 */
export function dnsDraft(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  container: string,
  signals: LogSignals,
  evidence: LogEvidence,
): Draft {
  const host = signals.dns?.host;
  const ns = pod.metadata?.namespace ?? "";
  const resolved = host === undefined ? undefined : resolveHost(ctx.snapshot, host, ns);
  const coreDns = coreDnsHealth(ctx);
  const moved =
    resolved?.kind === "missingService" && resolved.elsewhere.length > 0
      ? { name: resolved.name, namespace: resolved.elsewhere[0] ?? "" }
      : undefined;
  const fqdn =
    moved === undefined ? undefined : `${moved.name}.${moved.namespace}.svc.cluster.local`;
  let why: string;
  if (resolved?.kind === "missingService" && moved !== undefined)
    why =
      `there is no Service ${resolved.name} in namespace ${resolved.namespace}, but there is one in namespace ${resolved.elsewhere.join(", ")}. ` +
      (host !== undefined && !host.includes(".")
        ? `A short name resolves only inside the pod's own namespace (${ns}.svc.cluster.local comes first in its DNS search path), so "${host}" never reaches the Service in ${moved.namespace}: address it as ${fqdn}.`
        : `The name points at namespace ${resolved.namespace}; the Service lives in ${moved.namespace}: address it as ${fqdn}.`);
  else if (resolved?.kind === "missingService")
    why = `there is no Service ${resolved.name} in namespace ${resolved.namespace}${resolved.similar.length > 0 ? ` (existing: ${resolved.similar.join(", ")})` : ""}, so the name does not exist.`;
  else if (coreDns !== undefined && !coreDns.healthy)
    why = `the cluster DNS (${coreDns.detail}) is not serving.`;
  else if (host !== undefined && !host.includes(".") && resolved === undefined)
    why = `the short name "${host}" matches no Service in namespace ${ns}.`;
  else why = "the name could not be resolved.";
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "DNSFailure",
    0.85,
    `${describeWorkload(w)} cannot resolve ${host ?? "a host name"}.`,
    `Container ${container} of ${describeWorkload(w)} fails DNS resolution${host === undefined ? "" : ` of "${host}"`}: ${why}`,
  );
  draft.evidence.push(evidence);
  const envRef = host === undefined ? undefined : literalEnvContaining(pod, container, host);
  if (envRef !== undefined)
    draft.evidence.push({
      source: "kubectl",
      command: cmd.describe("pod", pod.metadata?.name ?? "", ns),
      excerpt: `    Environment:\n      ${envRef.name}:  ${redactEnvValue(envRef.name, envRef.value)}`,
    });
  if (moved !== undefined && fqdn !== undefined) {
    addRelated(draft, ref("Service", moved.namespace, moved.name));
    draft.evidence.push({
      source: "kubectl",
      command: cmd.get("service", moved.name, moved.namespace),
      excerpt: serviceRow(moved.name, ctx.snapshot.get("services", moved.namespace, moved.name)),
    });
    if (envRef !== undefined && host !== undefined)
      addTemplateFix(draft, w, {
        title: `Point ${envRef.name} at ${fqdn}`,
        rationale: `The Service ${moved.name} lives in namespace ${moved.namespace}; its fully qualified name resolves from any namespace.`,
        command: cmd.setEnv(
          w.kind,
          w.name,
          w.namespace,
          container,
          envAssignment(envRef.name, envRef.value.replace(host, fqdn)),
        ),
        risk: "medium",
        requiresApproval: true,
      });
  } else if (
    resolved?.kind === "missingService" &&
    resolved.similar.length === 1 &&
    envRef !== undefined
  ) {
    const fixedHost = envRef.value.replace(resolved.name, resolved.similar[0] ?? resolved.name);
    addTemplateFix(draft, w, {
      title: `Point ${envRef.name} at the existing Service ${resolved.similar[0] ?? ""}`,
      rationale: `${resolved.name} does not exist; ${resolved.similar[0] ?? ""} is the Service with the closest name in ${resolved.namespace}.`,
      command: cmd.setEnv(
        w.kind,
        w.name,
        w.namespace,
        container,
        envAssignment(envRef.name, fixedHost),
      ),
      risk: "medium",
      requiresApproval: true,
    });
  }
  if (envRef === undefined && host !== undefined) {
    const target =
      fqdn ??
      (resolved?.kind === "missingService" && resolved.similar.length === 1
        ? resolved.similar[0]
        : undefined);
    blameConfigSource(ctx, draft, pod, w, container, host, target);
  }
  if (coreDns !== undefined && !coreDns.healthy) {
    addRelated(draft, ref("Deployment", "kube-system", "coredns", coreDns.detail));
    draft.fixes.push({
      title: "Check the CoreDNS pods",
      rationale: "Name resolution for every pod depends on them.",
      command: cmd.podsBySelector("kube-system", "k8s-app=kube-dns"),
      risk: "read-only",
      requiresApproval: false,
    });
  }
  draft.fixes.push({
    title: `Check which Services exist in ${resolved?.namespace ?? ns}`,
    rationale:
      "A DNS name of the form <service>.<namespace>.svc resolves only if that Service exists.",
    command: cmd.getList("services", resolved?.namespace ?? ns),
    risk: "read-only",
    requiresApproval: false,
  });
  return draft;
}

function coreDnsHealth(ctx: CorrelationContext): { healthy: boolean; detail: string } | undefined {
  const pods = ctx.snapshot
    .list("pods", "kube-system")
    .filter((p) => p.metadata?.labels?.["k8s-app"] === "kube-dns");
  if (pods.length === 0) return undefined;
  const ready = pods.filter(podReady).length;
  return { healthy: ready > 0, detail: `${ready}/${pods.length} CoreDNS pods ready` };
}

/**
 * `NAME=value` for a fix command, or `NAME=<value>` when the value holds a
 * credential (`postgres://app:pw@db…`): a fix command is shown to the user and
 * the LLM, so it never carries one; the fix title names the host to use.
 */
function envAssignment(name: string, value: string): string {
  return redactEnvValue(name, value) === value ? `${name}=${value}` : `${name}=<value>`;
}

import type { KubeObject } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import type { PodSecurityRefusal } from "../podSecurity";
import { podSpecMergePatch, type Workload } from "../workloads";
import { addTemplateFix } from "./templateFix";

/** Fields of a securityContext that satisfy a failed check, at pod or container level. */
const REMEDY: Record<string, { level: "pod" | "container"; set: Record<string, unknown> }> = {
  "allowPrivilegeEscalation != false": {
    level: "container",
    set: { allowPrivilegeEscalation: false },
  },
  "unrestricted capabilities": { level: "container", set: { capabilities: { drop: ["ALL"] } } },
  "runAsNonRoot != true": { level: "pod", set: { runAsNonRoot: true } },
  seccompProfile: { level: "pod", set: { seccompProfile: { type: "RuntimeDefault" } } },
  privileged: { level: "container", set: { privileged: false } },
};

/**
 * Pods refused by Pod Security admission: the namespace enforces a level the
 * pod template does not meet. Category Other (the taxonomy has no admission
 * category); the workload is the root-cause object, since its template is what
 * fails the checks, and the namespace (with its enforce label) is related.
 */
export function podSecurityDraft(
  ctx: CorrelationContext,
  owner: KubeObject,
  w: Workload,
  message: string,
  refusal: PodSecurityRefusal,
  evidence: Draft["evidence"],
): Draft {
  const ns = owner.metadata?.namespace ?? "";
  const nsLabels = ctx.snapshot.get("namespaces", undefined, ns)?.metadata?.labels ?? {};
  const enforce = nsLabels["pod-security.kubernetes.io/enforce"];
  const checks = refusal.violations.map((v) => v.check);
  const d: Draft = {
    category: "Other",
    severity: "critical",
    score: 0.85,
    primary: { kind: w.kind, namespace: ns, name: w.name },
    related: [],
    summary: `${w.kind} ${ns}/${w.name} cannot create pods: they violate the namespace's Pod Security level "${refusal.level}".`,
    rootCause:
      `${owner.kind ?? ""} ${ns}/${owner.metadata?.name ?? ""} of ${w.kind} ${ns}/${w.name} cannot create pods: namespace ${ns} enforces Pod Security "${refusal.level}:${refusal.version}"` +
      `${enforce === undefined ? "" : ` (label pod-security.kubernetes.io/enforce=${enforce})`}, and the pod template fails ${checks.length} check${checks.length === 1 ? "" : "s"}: ${checks.join("; ")}. ` +
      `The API server refuses every pod, so none exists and nothing crashes. The API's answer: ${message}`,
    evidence: [
      ...evidence,
      {
        source: "kubectl",
        command: cmd.get("namespace", ns, undefined, "jsonpath={.metadata.labels}"),
        excerpt: JSON.stringify(
          Object.fromEntries(
            Object.entries(nsLabels).filter(([k]) => k.startsWith("pod-security.kubernetes.io/")),
          ),
        ),
      },
    ],
    fixes: [],
  };
  addRelated(
    d,
    ref(owner.kind ?? "ReplicaSet", ns, owner.metadata?.name ?? "", "FailedCreate"),
    ref("Namespace", undefined, ns, enforce === undefined ? undefined : `enforce=${enforce}`),
  );
  const known = refusal.violations.filter((v) => REMEDY[v.check] !== undefined);
  if (known.length > 0) {
    const pod: Record<string, unknown> = {};
    const container: Record<string, unknown> = {};
    for (const v of known) {
      const r = REMEDY[v.check];
      if (r !== undefined) Object.assign(r.level === "pod" ? pod : container, r.set);
    }
    const spec: Record<string, unknown> = {};
    if (Object.keys(pod).length > 0) spec.securityContext = pod;
    if (Object.keys(container).length > 0)
      spec.containers = refusal.containers.map((name) => ({ name, securityContext: container }));
    const rest = refusal.violations.filter((v) => REMEDY[v.check] === undefined);
    addTemplateFix(d, w, {
      title: `Make the pod template of ${w.name} meet "${refusal.level}"`,
      rationale:
        `Sets exactly what the failed checks ask for${rest.length > 0 ? `; ${rest.map((v) => v.check).join(", ")} must be changed by hand` : ""}. ` +
        "runAsNonRoot needs an image that runs as a non-root user: check its USER first.",
      command: cmd.patch(w.kind, w.name, ns, podSpecMergePatch(w.kind, spec)),
      risk: "medium",
      requiresApproval: true,
    });
  }
  d.fixes.push({
    title: `See the Pod Security labels of namespace ${ns}`,
    rationale:
      "Relaxing the namespace's level would let the pods in, and every other non-compliant pod with them; meeting the level is the safer fix.",
    command: `get namespace ${ns} --show-labels`,
    risk: "read-only",
    requiresApproval: false,
  });
  return d;
}

import type { HorizontalPodAutoscaler } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { conditionLine } from "../evidence";
import { podSpecJsonPath, templateOf } from "../workloads";
import { inScope, type Rule } from "./Rule";

const TARGET_KEYS = {
  Deployment: "deployments",
  StatefulSet: "statefulsets",
  ReplicaSet: "replicasets",
} as const;

/**
 * HPAs that cannot act: the target is missing, a resource metric's
 * containers have no request for it (utilization is undefined without one),
 * or the HPA reports it cannot compute or apply a scale.
 */
export const hpaRule: Rule = {
  name: "hpa",
  run(ctx) {
    const drafts: Draft[] = [];
    for (const hpa of inScope(ctx, ctx.snapshot.list("horizontalpodautoscalers"))) {
      const d = hpaDraft(ctx, hpa);
      if (d !== undefined) drafts.push(d);
    }
    return drafts;
  },
};

function hpaDraft(ctx: CorrelationContext, hpa: HorizontalPodAutoscaler): Draft | undefined {
  const ns = hpa.metadata?.namespace ?? "";
  const name = hpa.metadata?.name ?? "";
  const kind = hpa.spec?.scaleTargetRef?.kind ?? "";
  const targetName = hpa.spec?.scaleTargetRef?.name ?? "";
  const key = TARGET_KEYS[kind as keyof typeof TARGET_KEYS];
  const target = key === undefined ? undefined : ctx.snapshot.get(key, ns, targetName);
  const failing = (hpa.status?.conditions ?? []).filter(
    (c) => (c.type === "ScalingActive" || c.type === "AbleToScale") && c.status === "False",
  );
  const resources = (hpa.spec?.metrics ?? [])
    .filter((m) => m.type === "Resource")
    .map((m) => m.resource?.name ?? "");
  const template = templateOf(target);
  const missingRequests = resources.flatMap((res) =>
    (template?.spec?.containers ?? [])
      .filter((c) => c.resources?.requests?.[res] === undefined)
      .map((c) => ({ res, container: c.name })),
  );
  const describe = {
    source: "kubectl" as const,
    command: cmd.describe("hpa", name, ns),
    excerpt: `Reference:  ${kind}/${targetName}\nConditions:\n${(hpa.status?.conditions ?? []).map((c) => `  ${conditionLine(c)}`).join("\n")}`,
  };
  const base = (score: number, summary: string, rootCause: string): Draft => ({
    category: "HPAMisconfig",
    severity: "medium",
    score,
    primary: { kind: "HorizontalPodAutoscaler", namespace: ns, name },
    related: [],
    summary,
    rootCause,
    evidence: [describe],
    fixes: [],
  });
  if (key !== undefined && target === undefined) {
    const d = base(
      0.88,
      `HPA ${ns}/${name} targets ${kind} ${targetName}, which does not exist.`,
      `HorizontalPodAutoscaler ${ns}/${name} scales ${kind} ${ns}/${targetName}, which does not exist, so it does nothing.`,
    );
    addRelated(d, ref(kind, ns, targetName, "not found"));
    return d;
  }
  if (missingRequests.length > 0) {
    const first = missingRequests[0]!;
    const d = base(
      0.9,
      `HPA ${ns}/${name} cannot compute ${first.res} utilization: ${kind} ${targetName} sets no ${first.res} request.`,
      `HorizontalPodAutoscaler ${ns}/${name} scales ${kind} ${ns}/${targetName} on ${first.res} utilization, but container${missingRequests.length > 1 ? "s" : ""} ${missingRequests.map((m) => m.container).join(", ")} of its pods ${missingRequests.length > 1 ? "have" : "has"} no ${first.res} request, so utilization (usage ÷ request) is undefined and the HPA cannot scale.` +
        (failing.length > 0
          ? ` The HPA reports: ${failing.map((c) => c.message ?? c.reason ?? "").join("; ")}`
          : ""),
    );
    d.severity = "high";
    addRelated(d, ref(kind, ns, targetName));
    d.evidence.push({
      source: "kubectl",
      command: cmd.get(
        kind,
        targetName,
        ns,
        `jsonpath={${podSpecJsonPath(kind)}.containers[*].resources}`,
      ),
      excerpt: JSON.stringify(
        (template?.spec?.containers ?? []).map((c) => ({
          name: c.name,
          resources: c.resources ?? {},
        })),
      ),
    });
    d.fixes.push({
      title: `Give ${first.container} a ${first.res} request`,
      rationale: `The HPA divides usage by the request; with a request (sized to the normal load) it can compute utilization and scale.`,
      command: cmd.setResources(
        kind,
        targetName,
        ns,
        first.container,
        `--requests=${first.res}=${first.res === "cpu" ? "100m" : "128Mi"}`,
      ),
      risk: "medium",
      requiresApproval: true,
    });
    return d;
  }
  if (failing.length > 0) {
    const d = base(
      0.8,
      `HPA ${ns}/${name} cannot scale: ${failing[0]?.reason ?? ""}.`,
      `HorizontalPodAutoscaler ${ns}/${name} cannot scale ${kind} ${ns}/${targetName}: ${failing.map(conditionLine).join("; ")}`,
    );
    addRelated(d, ref(kind, ns, targetName));
    return d;
  }
  return undefined;
}

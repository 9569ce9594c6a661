import type { KubeObject } from "../../model/objects";
import { formatBytes, formatCpu, parseQuantity } from "../../model/quantity";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import { eventLines } from "../evidence";
import { parsePodSecurity } from "../podSecurity";
import { podSecurityDraft } from "../diagnose/podSecurityCause";
import { workloadOf } from "../workloads";
import { inScope, type Rule } from "./Rule";

/** `exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=3800m, limited: requests.cpu=4` */
const EXCEEDED =
  /exceeded quota: ([^,\s]+), requested: ([^,]+(?:,[^,:]+=[^,]+)*), used: ([^,]+(?:,[^,:]+=[^,]+)*), limited: ([^\n]+)/;
const MUST_SPECIFY = /failed quota: ([^:\s]+): must specify ([\w.,]+)/;

/**
 * Controllers that cannot create their pods: a ReplicaSet's ReplicaFailure
 * condition or a FailedCreate event on a ReplicaSet, StatefulSet, DaemonSet
 * or Job. A ResourceQuota refusal is QuotaExceeded (with what was requested,
 * used and allowed); a Pod Security admission refusal is Other, decoded (the
 * namespace's enforced level, each failed check, the securityContext fix);
 * anything else (admission webhook, LimitRange) is Other with the API's own words.
 */
export const failedCreateRule: Rule = {
  name: "failed-create",
  run(ctx) {
    const drafts: Draft[] = [];
    const owners: KubeObject[] = [
      ...inScope(ctx, ctx.snapshot.list("replicasets")),
      ...inScope(ctx, ctx.snapshot.list("statefulsets")),
      ...inScope(ctx, ctx.snapshot.list("daemonsets")),
      ...inScope(ctx, ctx.snapshot.list("jobs")),
    ];
    for (const owner of owners) {
      const message = failureMessage(ctx, owner);
      if (message === undefined) continue;
      const d = failedCreateDraft(ctx, owner, message);
      if (d !== undefined) drafts.push(d);
    }
    return drafts;
  },
};

function failureMessage(ctx: CorrelationContext, owner: KubeObject): string | undefined {
  if (owner.kind === "ReplicaSet") {
    const rs = owner as {
      spec?: { replicas?: number };
      status?: {
        replicas?: number;
        conditions?: { type: string; reason?: string; message?: string }[] | null;
      };
    };
    if ((rs.spec?.replicas ?? 0) === 0) return undefined;
    const c = (rs.status?.conditions ?? []).find(
      (x) => x.type === "ReplicaFailure" && x.reason === "FailedCreate",
    );
    if (c?.message !== undefined) return c.message;
  }
  const events = ctx.snapshot
    .eventsFor(owner.metadata?.namespace, owner.metadata?.name ?? "", owner.kind)
    .filter((e) => e.reason === "FailedCreate" && e.type !== "Normal");
  return events[events.length - 1]?.message;
}

function failedCreateDraft(
  ctx: CorrelationContext,
  owner: KubeObject,
  message: string,
): Draft | undefined {
  const ns = owner.metadata?.namespace ?? "";
  const name = owner.metadata?.name ?? "";
  const w = workloadOf(ctx.snapshot, owner);
  const events = ctx.snapshot
    .eventsFor(ns, name, owner.kind)
    .filter((e) => e.reason === "FailedCreate");
  const evidence: Draft["evidence"] = [
    events.length > 0
      ? { source: "events", command: cmd.events(ns, name), excerpt: eventLines(events, ctx.now) }
      : {
          source: "kubectl",
          command: cmd.describe(owner.kind ?? "replicaset", name, ns),
          excerpt: `Conditions:\n  ReplicaFailure  True  FailedCreate  ${message}`,
        },
  ];
  // Pods that cannot be created are an outage only when none of the workload's pods serve.
  const serving =
    (w.object as { status?: { readyReplicas?: number } } | undefined)?.status?.readyReplicas ?? 0;
  const severity: Draft["severity"] = serving > 0 ? "high" : "critical";
  const exceeded = EXCEEDED.exec(message);
  const must = MUST_SPECIFY.exec(message);
  const quotaName = exceeded?.[1] ?? must?.[1];
  const who = `${w.kind} ${ns}/${w.name}`;
  if (quotaName !== undefined) {
    const quota = ctx.snapshot.get("resourcequotas", ns, quotaName);
    const hard = quota?.status?.hard ?? quota?.spec?.hard ?? {};
    const used = quota?.status?.used ?? {};
    const d: Draft = {
      category: "QuotaExceeded",
      severity,
      score: 0.95,
      primary: { kind: "ResourceQuota", namespace: ns, name: quotaName },
      related: [],
      summary: `ResourceQuota ${ns}/${quotaName} stops ${who} from creating pods.`,
      rootCause:
        exceeded !== null
          ? `${owner.kind ?? ""} ${ns}/${name} of ${who} cannot create pods: ResourceQuota ${quotaName} is exhausted — requested ${exceeded[2] ?? ""}, used ${exceeded[3] ?? ""}, limited ${(exceeded[4] ?? "").replace(/\.$/, "")}.`
          : `${owner.kind ?? ""} ${ns}/${name} of ${who} cannot create pods: ResourceQuota ${quotaName} requires every container to specify ${must?.[2] ?? ""}, and the pod template does not.`,
      evidence,
      fixes: [],
    };
    addRelated(
      d,
      ref(w.kind, ns, w.name),
      ref(owner.kind ?? "ReplicaSet", ns, name, "FailedCreate"),
    );
    if (quota !== undefined)
      d.evidence.push({
        source: "kubectl",
        command: cmd.describe("resourcequota", quotaName, ns),
        excerpt: `Resource         Used   Hard\n--------         ----   ----\n${Object.keys(hard)
          .map((k) => `${k.padEnd(16)} ${String(used[k] ?? 0).padEnd(6)} ${String(hard[k])}`)
          .join("\n")}`,
      });
    d.fixes.push(
      {
        title: "See what uses the quota",
        rationale: "Other workloads in the namespace may hold more than they need.",
        command: cmd.getList("pods", ns, "-o wide"),
        risk: "read-only",
        requiresApproval: false,
      },
      ...raiseQuotaFix(exceeded?.[2], exceeded?.[3], w, quotaName, ns),
      {
        title: `Raise ResourceQuota ${quotaName}, or lower the requests of ${w.name}`,
        rationale:
          "Either the namespace gets more room or the new pods ask for less; which one is right depends on the team's budget.",
        command: cmd.describe("resourcequota", quotaName, ns),
        risk: "read-only",
        requiresApproval: false,
      },
    );
    return d;
  }
  const podSecurity = parsePodSecurity(message);
  if (podSecurity !== undefined)
    return { ...podSecurityDraft(ctx, owner, w, message, podSecurity, evidence), severity };
  const d: Draft = {
    category: "Other",
    severity,
    score: 0.8,
    primary: { kind: w.kind, namespace: ns, name: w.name },
    related: [],
    summary: `${who} cannot create pods: the API refuses them.`,
    rootCause: `${owner.kind ?? ""} ${ns}/${name} of ${who} cannot create pods: ${message}`,
    evidence,
    fixes: [],
  };
  addRelated(d, ref(owner.kind ?? "ReplicaSet", ns, name, "FailedCreate"));
  return d;
}

/**
 * A complete command that gives the namespace room for the whole workload:
 * each exhausted resource's hard limit becomes what is used plus one pod's
 * request for every replica the workload wants (old pods keep counting while
 * a rollout replaces them). Whether to spend that budget is the approver's
 * call; lowering the requests is the other way, named beside it.
 */
function raiseQuotaFix(
  requested: string | undefined,
  used: string | undefined,
  w: { kind: string; name: string; object: unknown },
  quotaName: string,
  ns: string,
): Draft["fixes"] {
  if (requested === undefined || used === undefined) return [];
  const pairs = (text: string): Map<string, string> =>
    new Map(
      text.split(",").flatMap((p) => {
        const [k, v] = p.trim().split("=");
        return k === undefined || v === undefined ? [] : [[k, v.replace(/\.$/, "")]];
      }),
    );
  const asked = pairs(requested);
  const inUse = pairs(used);
  const replicas = Math.max(
    1,
    (w.object as { spec?: { replicas?: number } } | undefined)?.spec?.replicas ?? 1,
  );
  const hard: Record<string, string> = {};
  for (const [resource, amount] of asked) {
    const a = parseQuantity(amount);
    const u = parseQuantity(inUse.get(resource) ?? "0");
    if (a === undefined || u === undefined) return [];
    const total = u + a * replicas;
    hard[resource] = /memory|storage/.test(resource)
      ? formatBytes(Math.ceil(total / 2 ** 20) * 2 ** 20)
      : /cpu/.test(resource)
        ? formatCpu(total)
        : String(Math.ceil(total));
  }
  if (Object.keys(hard).length === 0) return [];
  return [
    {
      title: `Raise ResourceQuota ${quotaName} to ${Object.entries(hard)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ")}`,
      rationale: `Room for all ${replicas} pod${replicas === 1 ? "" : "s"} of ${w.kind} ${w.name} on top of what the namespace uses now, so the pods can be created (a rollout keeps old pods counting until new ones are ready). Lowering the requests of ${w.name} is the alternative.`,
      command: `patch resourcequota ${quotaName} -n ${ns} --type=merge -p '${JSON.stringify({ spec: { hard } })}'`,
      risk: "medium",
      requiresApproval: true,
    },
  ];
}

import type { Pod, RoleBinding } from "../../model/objects";
import { addRelated, ref, type Draft } from "../Candidate";
import { cmd } from "../commands";
import type { CorrelationContext } from "../CorrelationContext";
import type { LogSignals } from "../logSignals";
import type { PodProblem } from "../podProblem";
import type { Workload } from "../workloads";
import { describeWorkload, workloadDraft } from "./baseDraft";

/** A log excerpt as evidence. */
export type LogEvidence = { source: "logs"; command: string; excerpt: string };

/**
 * A 403 from the API server: which ServiceAccount, which verbs on which
 * resource, what its bindings grant, and the least-privilege fix (the
 * refused verbs added to its Role, or a new Role and RoleBinding).
 */
export function forbiddenDraft(
  ctx: CorrelationContext,
  pod: Pod,
  problem: PodProblem,
  w: Workload,
  signals: LogSignals,
  evidence: LogEvidence,
): Draft {
  const f = signals.forbidden!;
  const ns = pod.metadata?.namespace ?? "";
  const sa = f.serviceAccount ?? {
    namespace: ns,
    name: pod.spec?.serviceAccountName ?? pod.spec?.serviceAccount ?? "default",
  };
  const verbs = f.verbs.length > 0 ? f.verbs : ["get"];
  const verbText = verbs.join("/");
  const resource = f.resource ?? "the requested resource";
  const group = f.apiGroup ?? "";
  const scope = f.namespace === undefined ? "at cluster scope" : `in namespace ${f.namespace}`;
  const bindings = bindingsOf(ctx, sa.namespace, sa.name);
  const grants = bindings
    .map((b) => ({ b, ...grantedVerbs(ctx, b, sa.namespace, resource, group) }))
    .filter((x) => x.verbs.length > 0);
  const draft = workloadDraft(
    w,
    pod,
    problem,
    "RBACForbidden",
    0.9,
    `${describeWorkload(w)} is denied by RBAC: ServiceAccount ${sa.namespace}/${sa.name} may not ${verbText} ${resource}.`,
    `The API server answers 403 Forbidden to ${describeWorkload(w)}: ServiceAccount ${sa.namespace}/${sa.name} (user system:serviceaccount:${sa.namespace}:${sa.name}) is not allowed to ${verbText} ${resource} (API group "${group}") ${scope}. ` +
      (bindings.length === 0
        ? "No RoleBinding or ClusterRoleBinding grants anything to that ServiceAccount."
        : grants.length > 0
          ? `Its ${grants.map((g) => `${g.b.role} (via ${g.b.kind} ${g.b.name}) allows only ${g.verbs.join(", ")} on ${resource}`).join("; ")}.`
          : `It is bound to ${bindings.map((b) => `${b.role} (via ${b.kind} ${b.name})`).join(", ")}, none of which covers ${resource}.`),
  );
  draft.primary = { kind: "ServiceAccount", namespace: sa.namespace, name: sa.name };
  addRelated(
    draft,
    ref(w.kind, w.namespace, w.name),
    ...bindings.map((b) =>
      ref(b.kind, b.kind === "RoleBinding" ? sa.namespace : undefined, b.name),
    ),
    ...bindings.map((b) =>
      ref(b.roleKind, b.roleKind === "Role" ? sa.namespace : undefined, b.roleName),
    ),
  );
  draft.evidence.push(evidence);
  draft.evidence.push({
    source: "kubectl",
    command: cmd.getList("rolebindings,clusterrolebindings", undefined, "-A -o wide"),
    excerpt:
      bindings.length === 0
        ? `no binding has subject ServiceAccount ${sa.namespace}/${sa.name}`
        : bindings
            .map(
              (b) =>
                `${b.kind} ${b.name} → ${b.role} (subject ServiceAccount ${sa.namespace}/${sa.name})`,
            )
            .join("\n"),
  });
  const missing = verbs.filter(
    (v) => !grants.some((g) => g.verbs.includes(v) || g.verbs.includes("*")),
  );
  const target = grants.find((g) => g.b.roleKind === "Role" && g.ruleIndex !== undefined);
  if (target !== undefined && missing.length > 0) {
    draft.evidence.push({
      source: "kubectl",
      command: cmd.get("role", target.b.roleName, sa.namespace, "yaml"),
      excerpt: `rules:\n- apiGroups: [${JSON.stringify(group)}]\n  resources: [${resource}]\n  verbs: [${target.verbs.join(", ")}]`,
    });
    draft.fixes.push({
      title: `Allow ${missing.join(" and ")} on ${resource} in Role ${target.b.roleName}`,
      rationale: `The program needs ${verbText} on ${resource}; the Role grants only ${target.verbs.join(", ")}. Adding exactly the refused verbs is the least privilege that ends the 403s.`,
      command: cmd.patch(
        "role",
        target.b.roleName,
        sa.namespace,
        missing.map((v) => ({
          op: "add",
          path: `/rules/${target.ruleIndex ?? 0}/verbs/-`,
          value: v,
        })),
        "json",
      ),
      risk: "medium",
      requiresApproval: true,
    });
    return draft;
  }
  const roleName = `${sa.name}-${(f.resource ?? "resources").replace(/[^a-z0-9-]/g, "-")}`;
  const clusterScope = f.namespace === undefined;
  const groupFlag = group !== "" ? `.${group}` : "";
  draft.fixes.push(
    {
      title: `Grant ${verbText} on ${resource} to ServiceAccount ${sa.name}: create the ${clusterScope ? "ClusterRole" : "Role"}`,
      rationale: `The workload needs to ${verbText} ${resource}; a ${clusterScope ? "ClusterRole" : "Role"} with exactly that permission is the least privilege that fixes the 403.`,
      command: clusterScope
        ? `create clusterrole ${roleName} --verb=${verbs.join(",")} --resource=${f.resource ?? "pods"}${groupFlag}`
        : `create role ${roleName} --verb=${verbs.join(",")} --resource=${f.resource ?? "pods"}${groupFlag} -n ${f.namespace ?? sa.namespace}`,
      risk: "medium",
      requiresApproval: true,
    },
    {
      title: `Bind it to ServiceAccount ${sa.namespace}/${sa.name}`,
      rationale: "A Role does nothing until a binding names the ServiceAccount as its subject.",
      command: clusterScope
        ? `create clusterrolebinding ${roleName} --clusterrole=${roleName} --serviceaccount=${sa.namespace}:${sa.name}`
        : `create rolebinding ${roleName} --role=${roleName} --serviceaccount=${sa.namespace}:${sa.name} -n ${f.namespace ?? sa.namespace}`,
      risk: "medium",
      requiresApproval: true,
    },
  );
  return draft;
}

/** Verbs a binding's role grants on a resource, and the index of the first rule that covers it. */
function grantedVerbs(
  ctx: CorrelationContext,
  b: BindingInfo,
  namespace: string,
  resource: string,
  group: string,
): { verbs: string[]; ruleIndex: number | undefined } {
  const role =
    b.roleKind === "Role"
      ? ctx.snapshot.get("roles", namespace, b.roleName)
      : ctx.snapshot.get("clusterroles", undefined, b.roleName);
  const verbs: string[] = [];
  let ruleIndex: number | undefined;
  for (const [i, rule] of (role?.rules ?? []).entries()) {
    const groups = rule.apiGroups ?? [""];
    const resources = rule.resources ?? [];
    if (
      !(groups.includes(group) || groups.includes("*")) ||
      !(resources.includes(resource) || resources.includes("*"))
    )
      continue;
    ruleIndex ??= i;
    for (const v of rule.verbs ?? []) if (!verbs.includes(v)) verbs.push(v);
  }
  return { verbs, ruleIndex };
}

interface BindingInfo {
  kind: "RoleBinding" | "ClusterRoleBinding";
  name: string;
  /** `Role/x` or `ClusterRole/x`. */
  role: string;
  roleKind: "Role" | "ClusterRole";
  roleName: string;
}

function bindingsOf(ctx: CorrelationContext, namespace: string, name: string): BindingInfo[] {
  const subjectIs = (b: RoleBinding) =>
    (b.subjects ?? []).some(
      (s) =>
        s.kind === "ServiceAccount" &&
        s.name === name &&
        (s.namespace ?? b.metadata?.namespace) === namespace,
    );
  const out: BindingInfo[] = [];
  for (const b of ctx.snapshot.list("rolebindings", namespace))
    if (subjectIs(b)) {
      const roleKind = b.roleRef?.kind === "ClusterRole" ? "ClusterRole" : "Role";
      out.push({
        kind: "RoleBinding",
        name: b.metadata?.name ?? "",
        role: `${roleKind}/${b.roleRef?.name ?? ""}`,
        roleKind,
        roleName: b.roleRef?.name ?? "",
      });
    }
  for (const b of ctx.snapshot.list("clusterrolebindings"))
    if (subjectIs(b))
      out.push({
        kind: "ClusterRoleBinding",
        name: b.metadata?.name ?? "",
        role: `ClusterRole/${b.roleRef?.name ?? ""}`,
        roleKind: "ClusterRole",
        roleName: b.roleRef?.name ?? "",
      });
  return out;
}

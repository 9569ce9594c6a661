import type * as KubeExports from "@kubemedic/kube";
import { aboutAny, type FixTargets } from "./fixTargets";

type KubeModule = typeof KubeExports;
type KubeConfig = Parameters<KubeModule["loadSnapshot"]>[0];
type Snapshot = Awaited<ReturnType<KubeModule["loadSnapshot"]>>;

/** The cluster's own verdict on a fix: what is still wrong, in words (empty = resolved). */
export interface FixJudgement {
  resolved: boolean;
  problems: string[];
}

/**
 * Judges a fix from the cluster's state alone, never from what the agent or a
 * verification said: after the change, the scenario's namespaces (its own, each
 * cause's, and those it declares healthy) show no analyzer finding, every workload there
 * has completed its rollout (all replicas updated, ready and available, the
 * controller caught up), Jobs completed, claims bound, Services that select
 * pods have a ready endpoint, and each fixable cause's resource is healthy by its
 * kind's measure (a Node Ready, a Job complete). Problems of a cause marked
 * `fixable: false` (and of objects named after it) are left out.
 */
export async function judgeFixed(
  kube: KubeModule,
  kc: KubeConfig,
  targets: FixTargets,
): Promise<FixJudgement> {
  const snapshot = await kube.loadSnapshot(kc, {});
  try {
    let problems: string[] = [];
    for (const ns of targets.namespaces) {
      const analysis = await kube.analyzeSnapshot(snapshot, { namespace: ns });
      for (const f of analysis.results ?? [])
        problems.push(
          `${f.kind} ${f.name}: ${f.error.map((e) => e.Text).join("; ")}`.slice(0, 300),
        );
      problems.push(...workloadProblems(snapshot, ns));
    }
    for (const expected of targets.expected) problems.push(...expectedProblems(snapshot, expected));
    // A cause no kubectl change can fix stays failing, and so do the objects named after it.
    problems = problems.filter((p) => !aboutAny(p, targets.unfixable));
    return { resolved: problems.length === 0, problems: [...new Set(problems)] };
  } finally {
    snapshot.close();
  }
}

function workloadProblems(snapshot: Snapshot, ns: string): string[] {
  const out: string[] = [];
  const workloads = [
    ...snapshot.list("deployments", ns).map((d) => ({ kind: "Deployment", d })),
    ...snapshot.list("statefulsets", ns).map((d) => ({ kind: "StatefulSet", d })),
  ];
  for (const { kind, d } of workloads) {
    const label = `${kind} ${ns}/${d.metadata?.name ?? ""}`;
    const want = d.spec?.replicas ?? 1;
    // The model types only what the analyzers read; the rollout fields are there on the wire.
    const s: {
      observedGeneration?: number;
      updatedReplicas?: number;
      readyReplicas?: number;
      replicas?: number;
    } = d.status ?? {};
    const generation = d.metadata?.generation ?? 0;
    if ((s.observedGeneration ?? 0) < generation) out.push(`${label}: rollout not observed yet`);
    const updated = s.updatedReplicas ?? 0;
    const ready = s.readyReplicas ?? 0;
    const total = s.replicas ?? 0;
    if (updated < want || ready < want || total > want)
      out.push(
        `${label}: rollout incomplete (${updated}/${want} updated, ${ready}/${want} ready, ${total} total)`,
      );
  }
  for (const j of snapshot.list("jobs", ns)) {
    const conditions = j.status?.conditions ?? [];
    if (conditions.some((c) => c.type === "Failed" && c.status === "True"))
      out.push(`Job ${ns}/${j.metadata?.name ?? ""}: failed`);
  }
  for (const c of snapshot.list("persistentvolumeclaims", ns))
    if (c.status?.phase !== "Bound")
      out.push(`PersistentVolumeClaim ${ns}/${c.metadata?.name ?? ""}: ${c.status?.phase ?? "?"}`);
  return out;
}

function expectedProblems(snapshot: Snapshot, expected: string): string[] {
  const parts = expected.split("/");
  const kind = (parts[0] ?? "").toLowerCase();
  const name = parts[parts.length - 1] ?? "";
  const ns = parts.length === 3 ? parts[1] : undefined;
  switch (kind) {
    case "node": {
      const node = snapshot.list("nodes").find((n) => n.metadata?.name === name);
      const ready = node?.status?.conditions?.find((c) => c.type === "Ready");
      return ready?.status === "True" ? [] : [`Node ${name}: not Ready`];
    }
    case "service": {
      const ep = snapshot.list("endpoints", ns).find((e) => e.metadata?.name === name);
      const ready = (ep?.subsets ?? []).some((s) => (s.addresses ?? []).length > 0);
      return ready ? [] : [`Service ${ns ?? ""}/${name}: no ready endpoint`];
    }
    case "job": {
      const job = snapshot.list("jobs", ns).find((j) => j.metadata?.name === name);
      const done = (job?.status?.conditions ?? []).some(
        (c) => c.type === "Complete" && c.status === "True",
      );
      return done ? [] : [`Job ${ns ?? ""}/${name}: not complete`];
    }
    default:
      return [];
  }
}

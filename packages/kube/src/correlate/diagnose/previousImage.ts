import type { ReplicaSet } from "../../model/objects";
import type { CorrelationContext } from "../CorrelationContext";
import type { Workload } from "../workloads";

/**
 * The image a container had in the Deployment's previous revision (an older
 * ReplicaSet that differs from the current template), or undefined.
 */
export function previousImage(
  ctx: CorrelationContext,
  w: Workload,
  container: string,
): string | undefined {
  if (w.kind !== "Deployment") return undefined;
  const current = (
    w.object as
      | { spec?: { template?: { spec?: { containers?: { name: string; image?: string }[] } } } }
      | undefined
  )?.spec?.template?.spec?.containers?.find((c) => c.name === container)?.image;
  const sets = ctx.snapshot.ownedBy("replicasets", {
    kind: "Deployment",
    namespace: w.namespace,
    name: w.name,
  });
  const older = [...sets].sort((a, b) => revision(b) - revision(a));
  for (const rs of older) {
    const image = rs.spec?.template?.spec?.containers?.find((c) => c.name === container)?.image;
    if (image !== undefined && image !== current) return image;
  }
  return undefined;
}

export function revision(rs: ReplicaSet): number {
  return Number(rs.metadata?.annotations?.["deployment.kubernetes.io/revision"] ?? 0);
}

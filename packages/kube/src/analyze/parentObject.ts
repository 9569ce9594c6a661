import type { KubeObject } from "../model/objects";
import type { ClusterSnapshot } from "../model/snapshot/ClusterSnapshot";
import type { ObjectKey } from "../model/snapshot/SnapshotData";

/** Owner kinds k8sgpt follows, with the snapshot key and the label it prints. */
const FOLLOWED: Record<string, { key: ObjectKey; label: string }> = {
  ReplicaSet: { key: "replicasets", label: "ReplicaSet" },
  Deployment: { key: "deployments", label: "Deployment" },
  StatefulSet: { key: "statefulsets", label: "StatefulSet" },
  DaemonSet: { key: "daemonsets", label: "DaemonSet" },
  Ingress: { key: "ingresses", label: "Ingress" },
  MutatingWebhookConfiguration: { key: "mutatingwebhookconfigurations", label: "MutatingWebhook" },
  ValidatingWebhookConfiguration: {
    key: "validatingwebhookconfigurations",
    label: "ValidatingWebhook",
  },
};

/** Guards against ownership cycles in hand-written or corrupted objects. */
const MAX_DEPTH = 10;

/**
 * k8sgpt's parent resolution: `{Kind}/{name}` of the top-most owner it can
 * resolve, or "". Owner references are visited in order; only the kinds above
 * are followed (looked up in the child's namespace); a missing owner ends the
 * search at once with ""; an owner that has owners of its own yields whatever
 * the recursion yields, even "". So a Deployment's pod gives `Deployment/x`,
 * a Job's pod gives "".
 */
export function parentObject(snapshot: ClusterSnapshot, object: KubeObject, depth = 0): string {
  const refs = object.metadata?.ownerReferences;
  if (refs == null || refs.length === 0 || depth > MAX_DEPTH) return "";
  const namespace = object.metadata?.namespace;
  for (const ref of refs) {
    const followed = FOLLOWED[ref.kind];
    if (followed === undefined) continue;
    const owner = snapshot.get(followed.key, namespace, ref.name);
    if (owner === undefined) return "";
    if ((owner.metadata?.ownerReferences ?? []).length > 0)
      return parentObject(snapshot, owner, depth + 1);
    return `${followed.label}/${ref.name}`;
  }
  return "";
}

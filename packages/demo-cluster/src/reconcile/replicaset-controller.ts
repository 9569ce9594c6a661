import type { ClusterState } from "../server/cluster-state";
import { deleteObject } from "../server/delete-object";
import { formatTime } from "../scenario/relative-time";
import {
  asNumber,
  asObject,
  asObjects,
  asString,
  clone,
  jsonEqual,
  type KubeObject,
} from "../util/json";
import { deterministicUid, randomSuffix } from "../util/uid";
import { controllerRef, ownedBy } from "./owned";
import { quotaRefusal } from "./quota";
import { recordEvent } from "./record-event";
import { isActive } from "./resources";
import { runPod } from "./run-pod";

/**
 * Keeps a ReplicaSet's active pods at spec.replicas: new pods go through
 * quota admission (FailedCreate + ReplicaFailure when refused) and runPod;
 * surplus pods are removed not-ready first, newest first. Then status.
 */
export function reconcileReplicaSet(state: ClusterState, rs: KubeObject): void {
  const ns = rs.metadata.namespace ?? "default";
  const want = asNumber(asObject(rs.spec).replicas, 1);
  let pods = ownedBy(state, "/pods", rs).filter(isActive);
  let refused: string | undefined;
  for (let i = pods.length; i < want; i++) {
    const template = asObject(asObject(rs.spec).template);
    const name = `${rs.metadata.name}-${randomSuffix(5)}`;
    const spec = clone(asObject(template.spec));
    const refusal = quotaRefusal(state, ns, spec);
    if (refusal !== undefined) {
      refused = `pods "${name}" is forbidden: ${refusal}`;
      recordEvent(state, {
        involved: rs,
        reason: "FailedCreate",
        message: `Error creating: ${refused}`,
        type: "Warning",
        component: "replicaset-controller",
      });
      break;
    }
    const tmeta = asObject(template.metadata);
    const pod: KubeObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        name,
        generateName: `${rs.metadata.name}-`,
        namespace: ns,
        uid: deterministicUid(`Pod/${ns}/${name}/${Date.now()}`),
        creationTimestamp: formatTime(Date.now()),
        labels: clone(asObject(tmeta.labels)) as Record<string, string>,
        ...(tmeta.annotations === undefined
          ? {}
          : { annotations: clone(asObject(tmeta.annotations)) as Record<string, string> }),
        ownerReferences: controllerRef(rs),
      },
      spec,
    };
    recordEvent(state, {
      involved: rs,
      reason: "SuccessfulCreate",
      message: `Created pod: ${name}`,
      component: "replicaset-controller",
    });
    runPod(state, pod);
  }
  pods = ownedBy(state, "/pods", rs).filter(isActive);
  if (pods.length > want) {
    const ranked = [...pods].sort(
      (a, b) =>
        rank(a) - rank(b) ||
        asString(b.metadata.creationTimestamp).localeCompare(
          asString(a.metadata.creationTimestamp),
        ),
    );
    for (const pod of ranked.slice(0, pods.length - want)) {
      deleteObject(state, "/pods", pod, false);
      recordEvent(state, {
        involved: rs,
        reason: "SuccessfulDelete",
        message: `Deleted pod: ${pod.metadata.name}`,
        component: "replicaset-controller",
      });
    }
  }
  updateReplicaSetStatus(state, rs, refused);
}

/** Pending pods go first, then not-ready ones, then ready ones. */
function rank(pod: KubeObject): number {
  const status = asObject(pod.status);
  if (asString(asObject(pod.spec).nodeName) === "") return 0;
  const ready = asObjects(status.conditions).some((c) => c.type === "Ready" && c.status === "True");
  return ready ? 2 : 1;
}

function updateReplicaSetStatus(state: ClusterState, rsIn: KubeObject, refused?: string): void {
  const rs = state.store.get("apps/replicasets", rsIn.metadata.namespace, rsIn.metadata.name);
  if (rs === undefined) return;
  const pods = ownedBy(state, "/pods", rs).filter(isActive);
  const ready = pods.filter((p) =>
    asObjects(asObject(p.status).conditions).some((c) => c.type === "Ready" && c.status === "True"),
  ).length;
  const old = asObject(rs.status);
  const status: Record<string, unknown> = {
    observedGeneration: rs.metadata.generation ?? 1,
    replicas: pods.length,
    fullyLabeledReplicas: pods.length,
  };
  if (ready > 0) {
    status.readyReplicas = ready;
    status.availableReplicas = ready;
  }
  const want = asNumber(asObject(rs.spec).replicas, 1);
  const previousFailure = asObjects(old.conditions).find((c) => c.type === "ReplicaFailure");
  if (refused !== undefined) {
    status.conditions = [
      {
        type: "ReplicaFailure",
        status: "True",
        lastTransitionTime: asString(previousFailure?.lastTransitionTime) || formatTime(Date.now()),
        reason: "FailedCreate",
        message: refused,
      },
    ];
  } else if (previousFailure !== undefined && pods.length < want) {
    status.conditions = [previousFailure];
  }
  if (!jsonEqual(status, old)) state.store.put("apps/replicasets", { ...rs, status });
}

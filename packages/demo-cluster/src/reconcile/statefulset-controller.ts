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
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { deterministicUid } from "../util/uid";
import { controllerRef, ownedBy } from "./owned";
import { reconcilePvc } from "./pvc-controller";
import { recordEvent } from "./record-event";
import { isActive } from "./resources";
import { runPod } from "./run-pod";

/**
 * StatefulSet pods are <name>-0…<name>-(n-1), each with its claims from
 * volumeClaimTemplates (data-<name>-i), created in order; scaling down removes
 * the highest ordinals (claims are kept, as the default retention does).
 */
export function reconcileStatefulSet(state: ClusterState, sts: KubeObject): void {
  const ns = sts.metadata.namespace ?? "default";
  const spec = asObject(sts.spec);
  const want = asNumber(spec.replicas, 1);
  const template = asObject(spec.template);
  const pods = new Map(ownedBy(state, "/pods", sts).map((p) => [p.metadata.name, p]));
  for (let i = 0; i < want; i++) {
    const name = `${sts.metadata.name}-${i}`;
    if (pods.has(name)) continue;
    const volumes = asObjects(asObject(template.spec).volumes).slice();
    for (const claim of asObjects(spec.volumeClaimTemplates)) {
      const claimName = `${asString(asObject(claim.metadata).name)}-${name}`;
      volumes.push({
        name: asString(asObject(claim.metadata).name),
        persistentVolumeClaim: { claimName },
      });
      if (state.store.get("/persistentvolumeclaims", ns, claimName) === undefined) {
        const pvc = state.store.put("/persistentvolumeclaims", {
          apiVersion: "v1",
          kind: "PersistentVolumeClaim",
          metadata: {
            name: claimName,
            namespace: ns,
            uid: deterministicUid(`PersistentVolumeClaim/${ns}/${claimName}/${Date.now()}`),
            creationTimestamp: formatTime(Date.now()),
            labels: clone(sts.metadata.labels ?? {}),
            finalizers: ["kubernetes.io/pvc-protection"],
          },
          spec: clone(asObject(claim.spec)),
          status: { phase: "Pending" },
        });
        recordEvent(state, {
          involved: sts,
          reason: "SuccessfulCreate",
          message: `create Claim ${claimName} Pod ${name} in StatefulSet ${sts.metadata.name} success`,
          component: "statefulset-controller",
        });
        reconcilePvc(state, pvc);
      }
    }
    const podSpec: JsonObject = {
      ...clone(asObject(template.spec)),
      hostname: name,
      subdomain: asString(spec.serviceName),
      volumes,
    };
    runPod(state, {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        name,
        namespace: ns,
        uid: deterministicUid(`Pod/${ns}/${name}/${Date.now()}`),
        creationTimestamp: formatTime(Date.now()),
        labels: {
          ...(asObject(asObject(template.metadata).labels) as Record<string, string>),
          "apps.kubernetes.io/pod-index": String(i),
          "statefulset.kubernetes.io/pod-name": name,
        },
        ownerReferences: controllerRef(sts),
      },
      spec: podSpec,
    });
    recordEvent(state, {
      involved: sts,
      reason: "SuccessfulCreate",
      message: `create Pod ${name} in StatefulSet ${sts.metadata.name} successful`,
      component: "statefulset-controller",
    });
  }
  for (const [name, pod] of pods) {
    const ordinal = Number(name.slice(sts.metadata.name.length + 1));
    if (ordinal >= want) {
      deleteObject(state, "/pods", pod, false);
      recordEvent(state, {
        involved: sts,
        reason: "SuccessfulDelete",
        message: `delete Pod ${name} in StatefulSet ${sts.metadata.name} successful`,
        component: "statefulset-controller",
      });
    }
  }
  const active = ownedBy(state, "/pods", sts).filter(isActive);
  const ready = active.filter((p) =>
    asObjects(asObject(p.status).conditions).some((c) => c.type === "Ready" && c.status === "True"),
  ).length;
  const latest = state.store.get("apps/statefulsets", ns, sts.metadata.name) ?? sts;
  const status = {
    ...asObject(latest.status),
    observedGeneration: latest.metadata.generation ?? 1,
    replicas: active.length,
    currentReplicas: active.length,
    updatedReplicas: active.length,
    readyReplicas: ready,
    availableReplicas: ready,
  };
  if (!jsonEqual(status, latest.status))
    state.store.put("apps/statefulsets", { ...latest, status });
}

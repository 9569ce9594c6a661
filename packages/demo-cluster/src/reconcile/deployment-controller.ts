import type { ClusterState } from "../server/cluster-state";
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
import {
  controllerRef,
  intOrPercent,
  ownedBy,
  revisionOf,
  sameTemplate,
  templateHash,
} from "./owned";
import { quotaRefusal } from "./quota";
import { recordEvent } from "./record-event";
import { reconcileReplicaSet } from "./replicaset-controller";
import { wouldBeReady } from "./run-pod";

/**
 * Rolls a Deployment to its template in one step, stopping where a real
 * rollout would stop. The ReplicaSet whose template matches (a new one, or an
 * old one after `rollout undo`) becomes current with the next revision. If
 * its pods would come up Ready (and, with maxUnavailable 0, the quota admits
 * a surge pod), it gets every replica and old ReplicaSets go to zero; if not,
 * RollingUpdate stops at maxSurge+maxUnavailable new pods with
 * replicas−maxUnavailable old ones kept, ready ones first (a stuck rollout),
 * and Recreate replaces everything anyway.
 */
export function reconcileDeployment(state: ClusterState, d: KubeObject): void {
  const ns = d.metadata.namespace ?? "default";
  const spec = asObject(d.spec);
  const template = asObject(spec.template);
  const desired = asNumber(spec.replicas, 1);
  let sets = ownedBy(state, "apps/replicasets", d);
  const maxRevision = Math.max(0, ...sets.map(revisionOf));
  let current = sets.find((rs) => sameTemplate(asObject(rs.spec).template, template));
  if (current === undefined) {
    current = createReplicaSet(state, d, template, maxRevision + 1);
    sets = [...sets, current];
  } else if (revisionOf(current) < maxRevision) {
    current = state.store.put("apps/replicasets", {
      ...current,
      metadata: {
        ...current.metadata,
        annotations: {
          ...current.metadata.annotations,
          "deployment.kubernetes.io/revision": String(maxRevision + 1),
        },
      },
    });
  }
  const olds = sets.filter((rs) => rs.metadata.uid !== current?.metadata.uid);
  const targets = new Map<string, number>();
  const strategy = asObject(spec.strategy);
  const ready = wouldBeReady(state, ns, template, { kind: "Deployment", name: d.metadata.name });
  const readyOf = (rs: KubeObject): number => asNumber(asObject(rs.status).readyReplicas);
  // Old ReplicaSets that still serve come first: the controller scales unhealthy old pods
  // down before healthy ones (cleanupUnhealthyReplicas), newest revision first among equals.
  const oldWithPods = olds
    .filter((rs) => asNumber(asObject(rs.spec).replicas) > 0)
    .sort((a, b) => readyOf(b) - readyOf(a) || revisionOf(b) - revisionOf(a));
  const rolling = asObject(strategy.rollingUpdate);
  let surge = intOrPercent(rolling.maxSurge, desired, true, "25%");
  const unavailable = intOrPercent(rolling.maxUnavailable, desired, false, "25%");
  if (surge === 0 && unavailable === 0) surge = 1;
  // With maxUnavailable 0 every step of a rolling update first creates a surge pod: when the
  // namespace's quota refuses it, the rollout cannot start however healthy the new pods
  // would be (the old pods, even crash-looping ones, keep counting against the quota).
  const blockedByQuota =
    strategy.type !== "Recreate" &&
    unavailable === 0 &&
    oldWithPods.length > 0 &&
    quotaRefusal(state, ns, asObject(template.spec)) !== undefined;
  if ((ready && !blockedByQuota) || strategy.type === "Recreate" || oldWithPods.length === 0) {
    targets.set(current.metadata.name, desired);
    for (const rs of olds) targets.set(rs.metadata.name, 0);
  } else {
    targets.set(
      current.metadata.name,
      Math.min(desired, Math.max(asNumber(asObject(current.spec).replicas), surge + unavailable)),
    );
    // desired−maxUnavailable old pods stay: those that are ready first, the rest from the
    // first old ReplicaSet in that order.
    let budget = Math.max(0, desired - unavailable);
    const keep = oldWithPods.map((rs) => {
      const k = Math.min(readyOf(rs), budget);
      budget -= k;
      return k;
    });
    if (keep.length > 0) keep[0] = (keep[0] ?? 0) + budget;
    oldWithPods.forEach((rs, i) => targets.set(rs.metadata.name, keep[i] ?? 0));
  }
  // Scale down before scaling up, so pods leaving free quota for those that come.
  const order = [...sets].sort(
    (a, b) =>
      Number((targets.get(b.metadata.name) ?? 0) < asNumber(asObject(b.spec).replicas)) -
      Number((targets.get(a.metadata.name) ?? 0) < asNumber(asObject(a.spec).replicas)),
  );
  for (const rs of order) {
    const target = targets.get(rs.metadata.name) ?? 0;
    const before = asNumber(asObject(rs.spec).replicas);
    let latest = state.store.get("apps/replicasets", ns, rs.metadata.name) ?? rs;
    if (target !== before) {
      latest = state.store.put("apps/replicasets", {
        ...latest,
        metadata: {
          ...latest.metadata,
          annotations: {
            ...latest.metadata.annotations,
            "deployment.kubernetes.io/desired-replicas": String(desired),
            "deployment.kubernetes.io/max-replicas": String(
              desired +
                intOrPercent(asObject(strategy.rollingUpdate).maxSurge, desired, true, "25%"),
            ),
          },
        },
        spec: { ...asObject(latest.spec), replicas: target },
      });
      recordEvent(state, {
        involved: d,
        reason: "ScalingReplicaSet",
        message: `Scaled ${target > before ? "up" : "down"} replica set ${rs.metadata.name} from ${before} to ${target}`,
        component: "deployment-controller",
      });
    }
    reconcileReplicaSet(state, latest);
  }
  updateDeploymentStatus(state, d);
}

function createReplicaSet(
  state: ClusterState,
  d: KubeObject,
  template: JsonObject,
  revision: number,
): KubeObject {
  const ns = d.metadata.namespace ?? "default";
  const hash = templateHash(template);
  const name = `${d.metadata.name}-${hash}`;
  const t = clone(template);
  const tmeta = asObject(t.metadata);
  t.metadata = tmeta;
  tmeta.labels = { ...asObject(tmeta.labels), "pod-template-hash": hash };
  const selector = clone(asObject(asObject(d.spec).selector));
  selector.matchLabels = { ...asObject(selector.matchLabels), "pod-template-hash": hash };
  return state.store.put("apps/replicasets", {
    apiVersion: "apps/v1",
    kind: "ReplicaSet",
    metadata: {
      name,
      namespace: ns,
      uid: deterministicUid(`ReplicaSet/${ns}/${name}/${Date.now()}`),
      creationTimestamp: formatTime(Date.now()),
      generation: 1,
      labels: asObject(tmeta.labels) as Record<string, string>,
      annotations: {
        "deployment.kubernetes.io/revision": String(revision),
        ...(d.metadata.annotations?.["kubernetes.io/change-cause"] === undefined
          ? {}
          : { "kubernetes.io/change-cause": d.metadata.annotations["kubernetes.io/change-cause"] }),
      },
      ownerReferences: controllerRef(d),
    },
    spec: { replicas: 0, selector, template: t },
    status: { replicas: 0, observedGeneration: 1 },
  });
}

/** Deployment status and conditions from its ReplicaSets, as the deployment controller writes them. */
export function updateDeploymentStatus(state: ClusterState, dIn: KubeObject): void {
  const d = state.store.get("apps/deployments", dIn.metadata.namespace, dIn.metadata.name);
  if (d === undefined) return;
  const spec = asObject(d.spec);
  const desired = asNumber(spec.replicas, 1);
  const sets = ownedBy(state, "apps/replicasets", d);
  const current = sets.find((rs) => sameTemplate(asObject(rs.spec).template, spec.template));
  const sum = (field: string): number =>
    sets.reduce((n, rs) => n + asNumber(asObject(rs.status)[field]), 0);
  const replicas = sum("replicas");
  const ready = sum("readyReplicas");
  const available = sum("availableReplicas");
  const updated = asNumber(asObject(current?.status).replicas);
  const old = asObject(d.status);
  const oldConditions = asObjects(old.conditions);
  const now = formatTime(Date.now());
  const condition = (type: string, ok: boolean, reason: string, message: string): JsonObject => {
    const prev = oldConditions.find((c) => c.type === type);
    const same = prev !== undefined && prev.status === (ok ? "True" : "False");
    return {
      type,
      status: ok ? "True" : "False",
      lastUpdateTime: same && prev.reason === reason ? asString(prev.lastUpdateTime, now) : now,
      lastTransitionTime: same ? asString(prev.lastTransitionTime, now) : now,
      reason,
      message,
    };
  };
  const maxUnavailable = intOrPercent(
    asObject(asObject(spec.strategy).rollingUpdate).maxUnavailable,
    desired,
    false,
    "25%",
  );
  const availableOk =
    available >= desired - (asObject(spec.strategy).type === "Recreate" ? 0 : maxUnavailable);
  const rsName = current?.metadata.name ?? "";
  const done =
    current !== undefined &&
    asNumber(asObject(current.status).availableReplicas) >= desired &&
    sets.every((rs) => rs === current || asNumber(asObject(rs.status).replicas) === 0);
  const conditions = [
    availableOk
      ? condition(
          "Available",
          true,
          "MinimumReplicasAvailable",
          "Deployment has minimum availability.",
        )
      : condition(
          "Available",
          false,
          "MinimumReplicasUnavailable",
          "Deployment does not have minimum availability.",
        ),
    done
      ? condition(
          "Progressing",
          true,
          "NewReplicaSetAvailable",
          `ReplicaSet "${rsName}" has successfully progressed.`,
        )
      : condition(
          "Progressing",
          true,
          "ReplicaSetUpdated",
          `ReplicaSet "${rsName}" is progressing.`,
        ),
  ];
  const failure = asObjects(asObject(current?.status).conditions).find(
    (c) => c.type === "ReplicaFailure",
  );
  if (failure !== undefined)
    conditions.push(
      condition("ReplicaFailure", true, asString(failure.reason), asString(failure.message)),
    );
  const status: JsonObject = {
    observedGeneration: d.metadata.generation ?? 1,
    replicas,
    updatedReplicas: updated,
    conditions,
  };
  if (ready > 0) status.readyReplicas = ready;
  if (available > 0) status.availableReplicas = available;
  // As the deployment controller counts it: every pod its ReplicaSets want (a surge included),
  // less those available; never below zero while scaling down.
  const wanted = sets.reduce((n, rs) => n + asNumber(asObject(rs.spec).replicas), 0);
  if (wanted - available > 0) status.unavailableReplicas = wanted - available;
  const revision = current === undefined ? undefined : String(revisionOf(current));
  const annotations =
    revision === undefined
      ? d.metadata.annotations
      : { ...d.metadata.annotations, "deployment.kubernetes.io/revision": revision };
  if (!jsonEqual(status, old) || !jsonEqual(annotations, d.metadata.annotations)) {
    state.store.put("apps/deployments", {
      ...d,
      metadata: { ...d.metadata, ...(annotations === undefined ? {} : { annotations }) },
      status,
    });
  }
}

/**
 * A rollout that stopped on failing new pods resumes once they would run (a
 * ConfigMap key added, a node freed): the ReplicaSet of the template exists,
 * old pods or missing replicas remain, and the template would now come up Ready.
 */
export function rolloutCanResume(state: ClusterState, d: KubeObject): boolean {
  const spec = asObject(d.spec);
  if (spec.paused === true || asObject(spec.strategy).type === "Recreate") return false;
  const sets = ownedBy(state, "apps/replicasets", d);
  const current = sets.find((rs) => sameTemplate(asObject(rs.spec).template, spec.template));
  if (current === undefined) return false;
  const unfinished =
    asNumber(asObject(current.spec).replicas) !== asNumber(spec.replicas, 1) ||
    sets.some((rs) => rs !== current && asNumber(asObject(rs.spec).replicas) > 0);
  return (
    unfinished &&
    wouldBeReady(state, d.metadata.namespace ?? "default", asObject(spec.template), {
      kind: "Deployment",
      name: d.metadata.name,
    })
  );
}

import type { ClusterState } from "../server/cluster-state";
import { deleteObject } from "../server/delete-object";
import { matchesLabels, requirementsFromLabelSelector } from "../store/label-selector";
import type { Change } from "../store/object-store";
import { asObject, asObjects, asString, jsonEqual, stringMap, type KubeObject } from "../util/json";
import {
  reconcileDeployment,
  rolloutCanResume,
  updateDeploymentStatus,
} from "./deployment-controller";
import { reconcileEndpoints } from "./endpoints-controller";
import { reconcileHpa } from "./hpa-controller";
import { reconcileJob } from "./job-controller";
import { reconcilePvc } from "./pvc-controller";
import { refreshQuotaStatus } from "./quota";
import { reconcileReplicaSet } from "./replicaset-controller";
import { containerOutcome } from "./container-outcome";
import { topOwner } from "./pod-helpers";
import { runPod } from "./run-pod";
import { namespaceDefaults } from "../scenario/merge-scenarios";
import { formatTime } from "../scenario/relative-time";
import { deterministicUid } from "../util/uid";
import { reconcileStatefulSet } from "./statefulset-controller";

type WorkKind =
  | "Namespace"
  | "Deployment"
  | "DeploymentStatus"
  | "ReplicaSet"
  | "StatefulSet"
  | "Job"
  | "Endpoints"
  | "PVC"
  | "Quota"
  | "HPA"
  | "Pod"
  | "RetryConfig"
  | "RetryPending"
  | "RetryNetwork";

interface Work {
  kind: WorkKind;
  namespace: string;
  name: string;
}

/** Work items processed per run(), a guard against a feedback loop between controllers. @default 5_000 */
const MAX_ITEMS_PER_RUN = 5_000;

/**
 * The data-driven reconciler that makes approved fixes visible. It watches
 * every write (its own included), queues the controllers concerned and runs
 * them synchronously after each API write, so a `kubectl scale` is already
 * reflected in the next `kubectl get pods`. Objects loaded from scenarios are
 * never touched until something changes them: the scenario stays as written.
 * The rules are listed in docs/demo-cluster.md.
 */
export class Reconciler {
  private readonly queue: Work[] = [];
  private readonly queued = new Set<string>();

  constructor(private readonly state: ClusterState) {
    state.store.subscribe((c) => this.observe(c));
  }

  /** Drops pending work (reset). */
  clear(): void {
    this.queue.length = 0;
    this.queued.clear();
  }

  run(): void {
    for (let n = 0; n < MAX_ITEMS_PER_RUN && this.queue.length > 0; n++) {
      const w = this.queue.shift();
      if (w === undefined) break;
      this.queued.delete(workKey(w));
      this.process(w);
    }
  }

  private enqueue(kind: WorkKind, namespace: string | undefined, name = ""): void {
    const w: Work = { kind, namespace: namespace ?? "", name };
    const key = workKey(w);
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.queue.push(w);
  }

  private observe(c: Change): void {
    const o = c.object;
    const ns = o.metadata.namespace;
    const specChanged =
      c.type === "ADDED" || !jsonEqual(asObject(c.previous?.spec), asObject(o.spec));
    switch (c.resource) {
      case "/namespaces":
        if (c.type === "ADDED") this.enqueue("Namespace", undefined, o.metadata.name);
        return;
      case "apps/deployments":
        if (c.type === "DELETED") return;
        if (specChanged) {
          this.enqueue("Deployment", ns, o.metadata.name);
          for (const hpa of this.state.store.objects("autoscaling/horizontalpodautoscalers", ns)) {
            if (asObject(asObject(hpa.spec).scaleTargetRef).name === o.metadata.name)
              this.enqueue("HPA", ns, hpa.metadata.name);
          }
        }
        return;
      case "apps/replicasets": {
        const owner = controllerOf(o, "Deployment");
        if (c.type !== "DELETED" && specChanged) this.enqueue("ReplicaSet", ns, o.metadata.name);
        if (owner !== undefined)
          this.enqueue(c.type === "DELETED" ? "Deployment" : "DeploymentStatus", ns, owner);
        return;
      }
      case "apps/statefulsets":
        if (c.type !== "DELETED" && specChanged) this.enqueue("StatefulSet", ns, o.metadata.name);
        return;
      case "batch/jobs":
        if (c.type === "ADDED") this.enqueue("Job", ns, o.metadata.name);
        return;
      case "/pods":
        this.observePod(c);
        return;
      case "/services":
        if (c.type !== "DELETED" && specChanged) this.enqueue("Endpoints", ns, o.metadata.name);
        return;
      case "/configmaps":
      case "/secrets":
        this.enqueue("RetryConfig", ns);
        return;
      case "/persistentvolumeclaims":
        if (c.type === "ADDED") this.enqueue("PVC", ns, o.metadata.name);
        if (
          asString(asObject(o.status).phase) === "Bound" &&
          asString(asObject(c.previous?.status).phase) !== "Bound"
        )
          this.enqueue("RetryPending", ns);
        return;
      case "storage.k8s.io/storageclasses":
        if (c.type === "ADDED")
          for (const pvc of this.state.store.objects("/persistentvolumeclaims"))
            this.enqueue("PVC", pvc.metadata.namespace, pvc.metadata.name);
        return;
      case "/resourcequotas":
        if (specChanged) {
          this.enqueue("Quota", ns);
          for (const rs of this.state.store.objects("apps/replicasets", ns)) {
            if (!asObjects(asObject(rs.status).conditions).some((x) => x.type === "ReplicaFailure"))
              continue;
            // A Deployment's rollout may have been waiting on that quota: it resumes as a whole.
            const owner = controllerOf(rs, "Deployment");
            if (owner !== undefined) this.enqueue("Deployment", ns, owner);
            else this.enqueue("ReplicaSet", ns, rs.metadata.name);
          }
        }
        return;
      case "/nodes":
        if (c.type === "DELETED") {
          for (const pod of this.state.store.objects("/pods"))
            if (asString(asObject(pod.spec).nodeName) === o.metadata.name)
              deleteObject(this.state, "/pods", pod, false);
        } else if (specChanged) this.enqueue("RetryPending", undefined);
        return;
      case "autoscaling/horizontalpodautoscalers":
        if (c.type !== "DELETED" && specChanged) this.enqueue("HPA", ns, o.metadata.name);
        return;
      case "networking.k8s.io/networkpolicies":
        // Policies of one namespace can open or close connections of pods in any other.
        if (c.type === "DELETED" || specChanged) this.enqueue("RetryNetwork", undefined);
        return;
      default:
        return;
    }
  }

  private observePod(c: Change): void {
    const pod = c.object;
    const ns = pod.metadata.namespace;
    for (const ref of asObjects(pod.metadata.ownerReferences)) {
      if (ref.kind === "ReplicaSet") this.enqueue("ReplicaSet", ns, asString(ref.name));
      if (ref.kind === "StatefulSet") this.enqueue("StatefulSet", ns, asString(ref.name));
    }
    for (const svc of this.state.store.objects("/services", ns)) {
      const reqs = requirementsFromLabelSelector({
        matchLabels: stringMap(asObject(svc.spec).selector),
      });
      if (reqs.length === 0) continue;
      if (
        matchesLabels(reqs, pod.metadata.labels) ||
        matchesLabels(reqs, c.previous?.metadata.labels)
      )
        this.enqueue("Endpoints", ns, svc.metadata.name);
    }
    if (this.state.store.objects("/resourcequotas", ns).length > 0) this.enqueue("Quota", ns);
    if (c.type === "ADDED" && Object.keys(asObject(pod.status)).length === 0)
      this.enqueue("Pod", ns, pod.metadata.name);
    if (c.type === "MODIFIED" && !jsonEqual(images(c.previous), images(pod)))
      this.enqueue("Pod", ns, pod.metadata.name);
  }

  private process(w: Work): void {
    const get = (key: string): KubeObject | undefined =>
      this.state.store.get(key, w.namespace === "" ? undefined : w.namespace, w.name);
    switch (w.kind) {
      case "Namespace":
        for (const o of namespaceDefaults(w.name, formatTime(Date.now()))) {
          const key = o.kind === "ServiceAccount" ? "/serviceaccounts" : "/configmaps";
          if (this.state.store.get(key, w.name, o.metadata.name) === undefined) {
            o.metadata.uid = deterministicUid(
              `${o.kind}/${w.name}/${o.metadata.name}/${Date.now()}`,
            );
            this.state.store.put(key, o);
          }
        }
        return;
      case "Deployment": {
        const d = get("apps/deployments");
        if (d !== undefined) reconcileDeployment(this.state, d);
        return;
      }
      case "DeploymentStatus": {
        const d = get("apps/deployments");
        if (d === undefined) return;
        if (rolloutCanResume(this.state, d)) reconcileDeployment(this.state, d);
        else updateDeploymentStatus(this.state, d);
        return;
      }
      case "ReplicaSet": {
        const rs = get("apps/replicasets");
        if (rs !== undefined) reconcileReplicaSet(this.state, rs);
        return;
      }
      case "StatefulSet": {
        const sts = get("apps/statefulsets");
        if (sts !== undefined) reconcileStatefulSet(this.state, sts);
        return;
      }
      case "Job": {
        const job = get("batch/jobs");
        if (job !== undefined) reconcileJob(this.state, job);
        return;
      }
      case "Endpoints": {
        const svc = get("/services");
        if (svc !== undefined) reconcileEndpoints(this.state, svc);
        return;
      }
      case "PVC": {
        const pvc = get("/persistentvolumeclaims");
        if (pvc !== undefined) reconcilePvc(this.state, pvc);
        return;
      }
      case "Quota":
        refreshQuotaStatus(this.state, w.namespace);
        return;
      case "HPA": {
        const hpa = get("autoscaling/horizontalpodautoscalers");
        if (hpa !== undefined) reconcileHpa(this.state, hpa);
        return;
      }
      case "Pod": {
        const pod = get("/pods");
        if (pod !== undefined) runPod(this.state, pod);
        return;
      }
      case "RetryConfig":
        // A ConfigMap or Secret appeared or changed: containers waiting on config are tried again.
        for (const pod of this.state.store.objects("/pods", w.namespace)) {
          const waiting = asObjects(asObject(pod.status).containerStatuses).some((cs) =>
            ["CreateContainerConfigError", "ContainerCreating"].includes(
              asString(asObject(asObject(cs.state).waiting).reason),
            ),
          );
          if (waiting && pod.metadata.deletionTimestamp === undefined) runPod(this.state, pod);
        }
        return;
      case "RetryNetwork":
        retryNetwork(this.state);
        return;
      case "RetryPending":
        // Something that blocked scheduling changed (a claim bound, a node uncordoned): pending pods are tried again.
        for (const pod of this.state.store.objects(
          "/pods",
          w.namespace === "" ? undefined : w.namespace,
        )) {
          const status = asObject(pod.status);
          if (
            asString(status.phase) === "Pending" &&
            asString(asObject(pod.spec).nodeName) === "" &&
            pod.metadata.deletionTimestamp === undefined
          )
            runPod(this.state, pod);
        }
        return;
    }
  }
}

/**
 * A NetworkPolicy changed: pods whose rules need connections (`fixedWhen.connects`) run
 * again where the verdict changed — a running, unready or crash-looping pod whose
 * connections are admitted now comes up, a ready one whose connections are cut fails —
 * as a real pod recovers (readiness, the next restart) without being replaced.
 */
function retryNetwork(state: ClusterState): void {
  const rules = state.rules.filter((r) => (r.fixedWhen.connects ?? []).length > 0);
  if (rules.length === 0) return;
  for (const pod of state.store.objects("/pods")) {
    if (pod.metadata.deletionTimestamp !== undefined) continue;
    const spec = asObject(pod.spec);
    if (asString(spec.nodeName) === "") continue;
    const ns = pod.metadata.namespace ?? "";
    const owner = topOwner(state, pod);
    if (owner === undefined) continue;
    const statuses = asObjects(asObject(pod.status).containerStatuses);
    const changed = rules.some((r) => {
      if (r.match.namespace !== ns || r.match.kind !== owner.kind || r.match.name !== owner.name)
        return false;
      const c = asObjects(spec.containers).find((x) => x.name === r.match.container);
      if (c === undefined) return false;
      const o = containerOutcome(state, ns, spec, c, owner, stringMap(pod.metadata.labels));
      const good = (o.state === "running" && o.ready) || o.state === "completed";
      const was = statuses.find((s) => s.name === r.match.container)?.ready === true;
      return good !== was;
    });
    if (changed) runPod(state, pod);
  }
}

function workKey(w: Work): string {
  return `${w.kind}|${w.namespace}|${w.name}`;
}

function controllerOf(o: KubeObject, kind: string): string | undefined {
  const ref = asObjects(o.metadata.ownerReferences).find((r) => r.kind === kind);
  return ref === undefined ? undefined : asString(ref.name);
}

function images(pod: KubeObject | undefined): string[] {
  return asObjects(asObject(pod?.spec).containers).map((c) => asString(c.image));
}

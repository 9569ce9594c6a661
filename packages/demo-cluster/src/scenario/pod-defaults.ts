import { asObject, asObjects, asString, isObject, type JsonObject } from "../util/json";
import { parseQuantity } from "../util/quantity";

/**
 * The defaults a real API server writes into every pod (and pod template) on
 * create, so a terse scenario reads like `kubectl get -o yaml` of a real
 * cluster. Only fields left out are filled; nothing written is changed.
 */
export function defaultPodSpec(spec: JsonObject): void {
  spec.restartPolicy ??= "Always";
  spec.dnsPolicy ??= "ClusterFirst";
  spec.schedulerName ??= "default-scheduler";
  spec.terminationGracePeriodSeconds ??= 30;
  spec.securityContext ??= {};
  spec.enableServiceLinks ??= true;
  spec.preemptionPolicy ??= "PreemptLowerPriority";
  spec.priority ??= 0;
  if (typeof spec.serviceAccountName !== "string") spec.serviceAccountName = "default";
  spec.serviceAccount ??= spec.serviceAccountName;
  for (const list of ["containers", "initContainers"]) {
    for (const c of asObjects(spec[list])) defaultContainer(c);
  }
}

/** Pods (not templates) also get the not-ready/unreachable tolerations the admission plugin adds. */
export function defaultPod(pod: JsonObject): void {
  const spec = asObject(pod.spec);
  pod.spec = spec;
  defaultPodSpec(spec);
  const tolerations = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  for (const key of ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"]) {
    if (!tolerations.some((t) => isObject(t) && t.key === key)) {
      tolerations.push({ effect: "NoExecute", key, operator: "Exists", tolerationSeconds: 300 });
    }
  }
  spec.tolerations = tolerations;
  if (isObject(pod.status)) defaultPodStatus(pod.status, spec);
}

function defaultContainer(c: JsonObject): void {
  const image = asString(c.image);
  const tag = image.includes("@") ? "digest" : (image.split("/").pop() ?? "").split(":")[1];
  c.imagePullPolicy ??= tag === undefined || tag === "latest" ? "Always" : "IfNotPresent";
  c.terminationMessagePath ??= "/dev/termination-log";
  c.terminationMessagePolicy ??= "File";
  c.resources ??= {};
}

function defaultPodStatus(status: JsonObject, spec: JsonObject): void {
  status.qosClass ??= qosClass(spec);
  if (typeof status.podIP === "string" && !Array.isArray(status.podIPs))
    status.podIPs = [{ ip: status.podIP }];
  if (typeof status.hostIP === "string" && !Array.isArray(status.hostIPs))
    status.hostIPs = [{ ip: status.hostIP }];
  const containers = new Map(asObjects(spec.containers).map((c) => [asString(c.name), c]));
  for (const cs of [
    ...asObjects(status.containerStatuses),
    ...asObjects(status.initContainerStatuses),
  ]) {
    const image = asString(cs.image) || asString(containers.get(asString(cs.name))?.image);
    cs.image ??= image;
    const state = asObject(cs.state);
    cs.state = state;
    cs.lastState ??= {};
    cs.ready ??= false;
    cs.restartCount ??= 0;
    cs.started ??= isObject(state.running);
    const ran =
      isObject(state.running) ||
      isObject(state.terminated) ||
      isObject(asObject(cs.lastState).terminated);
    if (ran) {
      cs.imageID ??= `${image.split(":")[0] ?? image}@sha256:${fakeDigest(image)}`;
      cs.containerID ??= `containerd://${fakeDigest(`${image}/${asString(cs.name)}/${String(cs.restartCount)}`)}`;
    } else {
      cs.imageID ??= "";
    }
  }
  if (!Array.isArray(status.conditions) && typeof spec.nodeName === "string") {
    status.conditions = derivedConditions(status);
  }
}

/** Pod conditions from container readiness, for scenarios that leave them out. */
function derivedConditions(status: JsonObject): JsonObject[] {
  const since = asString(status.startTime) || null;
  const statuses = asObjects(status.containerStatuses);
  const ready = statuses.length > 0 && statuses.every((cs) => cs.ready === true);
  const terminal = status.phase === "Succeeded" || status.phase === "Failed";
  const cond = (type: string, ok: boolean, reason?: string): JsonObject => ({
    type,
    status: ok ? "True" : "False",
    lastProbeTime: null,
    lastTransitionTime: since,
    ...(reason === undefined || ok ? {} : { reason }),
  });
  return [
    cond("PodReadyToStartContainers", !terminal),
    cond("Initialized", true),
    cond("Ready", ready, terminal ? "PodCompleted" : "ContainersNotReady"),
    cond("ContainersReady", ready, terminal ? "PodCompleted" : "ContainersNotReady"),
    cond("PodScheduled", true),
  ];
}

/** Guaranteed / Burstable / BestEffort, as the API server computes it. */
function qosClass(spec: JsonObject): string {
  const containers = asObjects(spec.containers);
  let any = false;
  let guaranteed = containers.length > 0;
  for (const c of containers) {
    const requests = asObject(asObject(c.resources).requests);
    const limits = asObject(asObject(c.resources).limits);
    if (Object.keys(requests).length > 0 || Object.keys(limits).length > 0) any = true;
    for (const r of ["cpu", "memory"]) {
      const limit = parseQuantity(limits[r]);
      const request = requests[r] === undefined ? limit : parseQuantity(requests[r]);
      if (Number.isNaN(limit) || request !== limit) guaranteed = false;
    }
  }
  return guaranteed ? "Guaranteed" : any ? "Burstable" : "BestEffort";
}

/** 64 hex characters derived from text: stable image and container IDs. */
function fakeDigest(text: string): string {
  let h1 = 0x811c9dc5;
  let out = "";
  for (let round = 0; out.length < 64; round++) {
    for (let i = 0; i < text.length; i++) h1 = Math.imul(h1 ^ text.charCodeAt(i), 16777619) >>> 0;
    h1 = Math.imul(h1 ^ round, 16777619) >>> 0;
    out += h1.toString(16).padStart(8, "0");
  }
  return out.slice(0, 64);
}

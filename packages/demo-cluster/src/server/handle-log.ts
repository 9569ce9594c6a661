import { ApiError, notFound } from "../api/status";
import { renderLog } from "../logs/render-log";
import {
  asObject,
  asObjects,
  asString,
  isObject,
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { send } from "./http-io";
import { queryBool, queryInt, type ResourceRequest } from "./request";

/**
 * GET …/pods/{name}/log with the kubelet's rules: a container must be named
 * when the pod has several; `previous` needs a terminated previous instance;
 * a container that never ran is "waiting to start"; a pod on an unreachable
 * node cannot be reached at all. `follow` returns what exists and ends.
 */
export function handleLog(r: ResourceRequest): void {
  const podName = r.route.name ?? "";
  const ns = r.route.namespace ?? "";
  const pod = r.state.store.get("/pods", ns, podName);
  if (pod === undefined) throw notFound("", "pods", podName);
  const container = pickContainer(pod, r.url.searchParams.get("container"));
  const previous = queryBool(r.url, "previous");
  const spec = asObject(pod.spec);
  const nodeName = asString(spec.nodeName);
  if (nodeName === "")
    throw new ApiError("BadRequest", `pod ${podName} does not have a host assigned`);
  const node = r.state.store.get("/nodes", undefined, nodeName);
  const ready =
    asObjects(asObject(node?.status).conditions).find((c) => c.type === "Ready")?.status === "True";
  if (!ready) {
    const ip = asString(
      asObjects(asObject(node?.status).addresses).find((a) => a.type === "InternalIP")?.address,
      "0.0.0.0",
    );
    throw new ApiError(
      "InternalError",
      `Get "https://${ip}:10250/containerLogs/${ns}/${podName}/${container}": dial tcp ${ip}:10250: connect: no route to host`,
    );
  }
  const status = statusOf(pod, container);
  const state = asObject(status?.state);
  const last = asObject(asObject(status?.lastState).terminated);
  let text: string | undefined;
  let start: number;
  let end: number;
  if (previous) {
    if (!isObject(asObject(status?.lastState).terminated)) {
      throw new ApiError(
        "BadRequest",
        `previous terminated container "${container}" in pod "${podName}" not found`,
      );
    }
    text = r.state.logs.get(ns, podName, container, true) ?? "";
    start = time(last.startedAt, r.now - 60_000);
    end = time(last.finishedAt, r.now);
  } else {
    const waiting = isObject(state.waiting) ? state.waiting : undefined;
    if (isObject(state.running) || isObject(state.terminated)) {
      const s = asObject(isObject(state.running) ? state.running : state.terminated);
      text = r.state.logs.get(ns, podName, container, false) ?? "";
      start = time(s.startedAt, r.now - 60_000);
      end = isObject(state.terminated) ? time(asObject(state.terminated).finishedAt, r.now) : r.now;
    } else if (waiting !== undefined && isObject(asObject(status?.lastState).terminated)) {
      // Crash-looping: the kubelet serves the last instance's output.
      text =
        r.state.logs.get(ns, podName, container, false) ??
        r.state.logs.get(ns, podName, container, true) ??
        "";
      start = time(last.startedAt, r.now - 60_000);
      end = time(last.finishedAt, r.now);
    } else {
      const reason = asString(waiting?.reason, "ContainerCreating");
      throw new ApiError(
        "BadRequest",
        `container "${container}" in pod "${podName}" is waiting to start: ${reason}`,
      );
    }
  }
  const sinceTime = r.url.searchParams.get("sinceTime");
  const out = renderLog(text, start, end, r.now, {
    tailLines: queryInt(r.url, "tailLines"),
    sinceSeconds: queryInt(r.url, "sinceSeconds"),
    sinceTime: sinceTime === null ? undefined : time(sinceTime, 0),
    limitBytes: queryInt(r.url, "limitBytes"),
    timestamps: queryBool(r.url, "timestamps"),
  });
  send(r.res, 200, out, "text/plain");
}

function pickContainer(pod: KubeObject, requested: string | null): string {
  const spec = asObject(pod.spec);
  const containers = asObjects(spec.containers).map((c) => asString(c.name));
  const inits = asObjects(spec.initContainers).map((c) => asString(c.name));
  if (requested !== null && requested !== "") {
    if (containers.includes(requested) || inits.includes(requested)) return requested;
    throw new ApiError(
      "BadRequest",
      `container ${requested} is not valid for pod ${pod.metadata.name}`,
    );
  }
  if (containers.length === 1 && containers[0] !== undefined) return containers[0];
  const initText = inits.length > 0 ? ` or one of the init containers: [${inits.join(" ")}]` : "";
  throw new ApiError(
    "BadRequest",
    `a container name must be specified for pod ${pod.metadata.name}, choose one of: [${containers.join(" ")}]${initText}`,
  );
}

function statusOf(pod: KubeObject, container: string): JsonObject | undefined {
  const status = asObject(pod.status);
  return [...asObjects(status.containerStatuses), ...asObjects(status.initContainerStatuses)].find(
    (c) => c.name === container,
  );
}

function time(value: unknown, fallback: number): number {
  const t = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(t) ? fallback : t;
}

import type { ClusterState } from "../server/cluster-state";
import { formatTime } from "../scenario/relative-time";
import { asNumber, asObject, asString, type KubeObject } from "../util/json";
import { deterministicUid, randomSuffix } from "../util/uid";

export interface EventSpec {
  involved: KubeObject;
  reason: string;
  message: string;
  type?: "Normal" | "Warning";
  /** @default "kubelet" */
  component?: string;
  host?: string;
  fieldPath?: string;
}

/**
 * Records a core/v1 Event the way the event recorder does: a repeat of the
 * same reason and message about the same object bumps `count` and
 * `lastTimestamp` instead of adding a new event.
 */
export function recordEvent(state: ClusterState, e: EventSpec): void {
  const target = e.involved;
  const namespace = target.metadata.namespace ?? "default";
  const now = formatTime(Date.now());
  const uid = target.kind === "Node" ? target.metadata.name : (target.metadata.uid ?? "");
  const existing = state.store
    .objects("/events", namespace)
    .find(
      (ev) =>
        asString(asObject(ev.involvedObject).uid) === uid &&
        ev.reason === e.reason &&
        ev.message === e.message,
    );
  if (existing !== undefined) {
    state.store.put("/events", {
      ...existing,
      count: asNumber(existing.count, 1) + 1,
      lastTimestamp: now,
    });
    return;
  }
  const component = e.component ?? "kubelet";
  const involvedObject: Record<string, unknown> = {
    kind: target.kind,
    name: target.metadata.name,
    uid,
    apiVersion: target.apiVersion,
    resourceVersion: target.metadata.resourceVersion,
  };
  if (target.metadata.namespace !== undefined) involvedObject.namespace = target.metadata.namespace;
  if (e.fieldPath !== undefined) involvedObject.fieldPath = e.fieldPath;
  const name = `${target.metadata.name}.${Date.now().toString(16)}${randomSuffix(4, "0123456789abcdef")}`;
  state.store.put("/events", {
    apiVersion: "v1",
    kind: "Event",
    metadata: {
      name,
      namespace,
      uid: deterministicUid(`Event/${namespace}/${name}`),
      creationTimestamp: now,
    },
    involvedObject,
    reason: e.reason,
    message: e.message,
    source: e.host === undefined ? { component } : { component, host: e.host },
    firstTimestamp: now,
    lastTimestamp: now,
    count: 1,
    type: e.type ?? "Normal",
    eventTime: null,
    reportingComponent: component,
    reportingInstance: e.host ?? "",
  });
}

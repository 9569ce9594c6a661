import {
  asNumber,
  asObject,
  asString,
  isObject,
  type JsonObject,
  type KubeObject,
} from "../util/json";

/**
 * Events are stored once, in the core/v1 shape (as the real API server stores
 * them), and served through both /api/v1 and events.k8s.io/v1. Scenario files
 * may use either shape; this converts between them field by field.
 */
export function isNewStyleEvent(o: JsonObject): boolean {
  return asString(o.apiVersion).startsWith("events.k8s.io/");
}

/** events.k8s.io/v1 → core/v1. An event created through the new API has no count or first/last timestamps. */
export function toCoreEvent(o: KubeObject): KubeObject {
  const source = isObject(o.deprecatedSource)
    ? o.deprecatedSource
    : { component: asString(o.reportingController), host: asString(o.reportingInstance) };
  const core: KubeObject = {
    apiVersion: "v1",
    kind: "Event",
    metadata: o.metadata,
    involvedObject: asObject(o.regarding),
    reason: asString(o.reason),
    message: asString(o.note),
    source: dropEmpty(source),
    firstTimestamp: o.deprecatedFirstTimestamp ?? null,
    lastTimestamp: o.deprecatedLastTimestamp ?? null,
    type: asString(o.type, "Normal"),
    eventTime: o.eventTime ?? null,
    reportingComponent: asString(o.reportingController),
    reportingInstance: asString(o.reportingInstance),
  };
  if (o.deprecatedCount !== undefined) core.count = asNumber(o.deprecatedCount);
  if (isObject(o.series)) core.series = o.series;
  if (isObject(o.related)) core.related = o.related;
  if (typeof o.action === "string") core.action = o.action;
  return core;
}

/** core/v1 → events.k8s.io/v1, for GET /apis/events.k8s.io/v1/…. */
export function toNewEvent(o: KubeObject): KubeObject {
  const source = asObject(o.source);
  const out: KubeObject = {
    apiVersion: "events.k8s.io/v1",
    kind: "Event",
    metadata: o.metadata,
    eventTime: o.eventTime ?? null,
    reportingController: asString(o.reportingComponent) || asString(source.component),
    reportingInstance: asString(o.reportingInstance) || asString(source.host),
    action: asString(o.action),
    reason: asString(o.reason),
    regarding: asObject(o.involvedObject),
    note: asString(o.message),
    type: asString(o.type),
  };
  if (isObject(o.series)) out.series = o.series;
  if (isObject(o.related)) out.related = o.related;
  if (Object.keys(source).length > 0) out.deprecatedSource = source;
  if (typeof o.firstTimestamp === "string") out.deprecatedFirstTimestamp = o.firstTimestamp;
  if (typeof o.lastTimestamp === "string") out.deprecatedLastTimestamp = o.lastTimestamp;
  if (typeof o.count === "number") out.deprecatedCount = o.count;
  return out;
}

function dropEmpty(o: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "" && v !== undefined));
}

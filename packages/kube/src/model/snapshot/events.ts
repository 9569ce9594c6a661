import { parseTime } from "../parseTime";

/**
 * One event, whatever shape it arrived in: core/v1 (`involvedObject`,
 * `message`, `count`, `lastTimestamp`) or events.k8s.io/v1 (`regarding`,
 * `note`, `series`, `eventTime`, `deprecated*`). Clusters and scenario files
 * mix both, and a core/v1 event converted from the new API carries only
 * `eventTime` and `series`.
 */
export interface ClusterEvent {
  namespace: string;
  name: string;
  uid: string | undefined;
  involved: { kind: string; name: string; namespace: string; uid: string | undefined };
  reason: string;
  message: string;
  /** `Normal` or `Warning` (anything else is kept as given). */
  type: string;
  count: number;
  /** Epoch ms of the first occurrence, 0 when unknown. */
  firstTime: number;
  /**
   * Epoch ms of the latest occurrence: `lastTimestamp`, else
   * `series.lastObservedTime`, else `eventTime`, else `firstTimestamp`.
   * k8sgpt reads `lastTimestamp` alone and so treats new-style events as the
   * zero time; we use whichever the event has (a documented deviation).
   */
  lastTime: number;
  /** The component that reported it (`kubelet`, `default-scheduler`…). */
  source: string;
}

interface RawRef {
  kind?: string;
  name?: string;
  namespace?: string;
  uid?: string;
}

interface RawEvent {
  metadata?: { name?: string; namespace?: string; uid?: string; creationTimestamp?: string };
  involvedObject?: RawRef;
  regarding?: RawRef;
  reason?: string;
  message?: string;
  note?: string;
  type?: string;
  count?: number;
  deprecatedCount?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  deprecatedFirstTimestamp?: string | null;
  deprecatedLastTimestamp?: string | null;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string | null } | null;
  source?: { component?: string } | null;
  deprecatedSource?: { component?: string } | null;
  reportingComponent?: string;
  reportingController?: string;
}

export function normalizeEvent(input: unknown, now = Date.now()): ClusterEvent {
  const raw = (input ?? {}) as RawEvent;
  const ref = raw.involvedObject ?? raw.regarding ?? {};
  const namespace = raw.metadata?.namespace ?? ref.namespace ?? "";
  const first =
    parseTime(raw.firstTimestamp, now) ||
    parseTime(raw.deprecatedFirstTimestamp, now) ||
    parseTime(raw.eventTime, now) ||
    parseTime(raw.metadata?.creationTimestamp, now);
  const last =
    parseTime(raw.lastTimestamp, now) ||
    parseTime(raw.deprecatedLastTimestamp, now) ||
    parseTime(raw.series?.lastObservedTime, now) ||
    parseTime(raw.eventTime, now) ||
    first;
  return {
    namespace,
    name: raw.metadata?.name ?? "",
    uid: raw.metadata?.uid,
    involved: {
      kind: ref.kind ?? "",
      name: ref.name ?? "",
      namespace: ref.namespace ?? namespace,
      uid: ref.uid,
    },
    reason: raw.reason ?? "",
    message: raw.message ?? raw.note ?? "",
    type: raw.type ?? "Normal",
    count: raw.count || raw.series?.count || raw.deprecatedCount || 1,
    firstTime: first,
    lastTime: last,
    source:
      raw.source?.component ??
      raw.reportingComponent ??
      raw.deprecatedSource?.component ??
      raw.reportingController ??
      "",
  };
}

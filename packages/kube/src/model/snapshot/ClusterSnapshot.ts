import type { ObjectRef } from "@kubemedic/protocol";
import type { KubeObject, OwnerReference } from "../objects";
import { normalizeEvent, type ClusterEvent } from "./events";
import { NO_LOGS, cachedLogSource, type LogSource } from "./LogSource";
import { RESOURCE_KEYS, RESOURCES, type ResourceKey } from "./resources";
import type { ObjectKey, ObjectOf, SnapshotData } from "./SnapshotData";

export interface SnapshotInit {
  /** The namespace the snapshot was taken in; undefined = all namespaces. */
  namespace?: string | undefined;
  /** Objects per key. Events may be raw (either API shape) or already normalized. */
  data: { [K in ResourceKey]?: readonly unknown[] };
  /** Keys that were listed; a key not listed is unknown, not empty. @default every key given in data */
  loaded?: readonly ResourceKey[];
  /** Keys whose listing failed, with the reason. */
  failures?: Partial<Record<ResourceKey, string>>;
  logs?: LogSource;
  /** The clock for ages and relative timestamps. @default Date.now() */
  now?: number;
  /** Releases what the log source holds (kept-alive connections). */
  close?: () => void;
}

/**
 * Everything the analyzers and correlation read, fetched once and indexed on
 * demand: by namespace/name, by owner, by node, and events by involved object.
 * Indexes are built lazily on first use, so a run that needs only pods never
 * pays for indexing events.
 */
export class ClusterSnapshot {
  readonly namespace: string | undefined;
  readonly now: number;
  readonly logs: LogSource;
  readonly failures: ReadonlyMap<ResourceKey, string>;
  readonly loaded: ReadonlySet<ResourceKey>;
  readonly events: readonly ClusterEvent[];
  private readonly data: { [K in ObjectKey]: SnapshotData[K] };
  private readonly byNamespace = new Map<ObjectKey, Map<string, KubeObject[]>>();
  private readonly byName = new Map<ObjectKey, Map<string, KubeObject>>();
  private readonly byOwner = new Map<ObjectKey, Map<string, KubeObject[]>>();
  private podsByNode: Map<string, ObjectOf<"pods">[]> | undefined;
  private readonly onClose: (() => void) | undefined;
  private eventsByObject: Map<string, ClusterEvent[]> | undefined;

  constructor(init: SnapshotInit) {
    this.namespace = init.namespace === "" ? undefined : init.namespace;
    this.now = init.now ?? Date.now();
    this.onClose = init.close;
    this.logs = cachedLogSource(init.logs ?? NO_LOGS);
    this.failures = new Map(Object.entries(init.failures ?? {}) as [ResourceKey, string][]);
    this.loaded = new Set(
      init.loaded ?? (Object.keys(init.data) as ResourceKey[]).filter((k) => k in RESOURCES),
    );
    const data = {} as Record<string, unknown[]>;
    for (const key of RESOURCE_KEYS) if (key !== "events") data[key] = [...(init.data[key] ?? [])];
    this.data = data as unknown as { [K in ObjectKey]: SnapshotData[K] };
    this.events = (init.data.events ?? []).map((e) =>
      isNormalized(e) ? e : normalizeEvent(e, this.now),
    );
  }

  /** All objects of a kind, in list order, optionally in one namespace. */
  list<K extends ObjectKey>(key: K, namespace?: string): readonly ObjectOf<K>[] {
    const all = this.data[key] as ObjectOf<K>[];
    if (namespace === undefined || namespace === "" || !RESOURCES[key].namespaced) return all;
    let index = this.byNamespace.get(key);
    if (index === undefined) {
      index = groupBy(all, (o) => o.metadata?.namespace ?? "");
      this.byNamespace.set(key, index);
    }
    return index.get(namespace) ?? [];
  }

  /** One object by namespace and name (namespace ignored for cluster-scoped kinds). */
  get<K extends ObjectKey>(
    key: K,
    namespace: string | undefined,
    name: string,
  ): ObjectOf<K> | undefined {
    let index = this.byName.get(key);
    if (index === undefined) {
      index = new Map();
      for (const o of this.data[key] as KubeObject[])
        index.set(nameKey(o.metadata?.namespace, o.metadata?.name ?? ""), o);
      this.byName.set(key, index);
    }
    const ns = RESOURCES[key].namespaced ? namespace : undefined;
    return index.get(nameKey(ns, name));
  }

  /** Objects of `key` whose ownerReferences name the given owner (by kind and name). */
  ownedBy<K extends ObjectKey>(key: K, owner: ObjectRef): readonly ObjectOf<K>[] {
    let index = this.byOwner.get(key);
    if (index === undefined) {
      index = new Map();
      for (const o of this.data[key] as KubeObject[]) {
        for (const ref of o.metadata?.ownerReferences ?? []) {
          const k = ownerKey(ref, o.metadata?.namespace);
          const list = index.get(k);
          if (list === undefined) index.set(k, [o]);
          else list.push(o);
        }
      }
      this.byOwner.set(key, index);
    }
    return index.get(`${owner.kind}/${owner.namespace ?? ""}/${owner.name}`) ?? [];
  }

  podsOnNode(node: string): readonly ObjectOf<"pods">[] {
    this.podsByNode ??= groupBy(this.data.pods, (p) => p.spec?.nodeName ?? "");
    return this.podsByNode.get(node) ?? [];
  }

  /**
   * Events about an object, oldest first. `kind` narrows to that kind of
   * involved object; without it any kind with that name matches (k8sgpt's
   * lookup is by name alone).
   */
  eventsFor(namespace: string | undefined, name: string, kind?: string): readonly ClusterEvent[] {
    if (this.eventsByObject === undefined) {
      const index = groupBy(this.events, (e) =>
        nameKey(e.namespace || e.involved.namespace, e.involved.name),
      );
      for (const list of index.values()) list.sort((a, b) => a.lastTime - b.lastTime);
      this.eventsByObject = index;
    }
    const list = this.eventsByObject.get(nameKey(namespace, name)) ?? [];
    return kind === undefined ? list : list.filter((e) => e.involved.kind === kind);
  }

  /**
   * k8sgpt's "latest event" for a name in a namespace: the greatest time wins,
   * and on a tie the earlier event in list order.
   */
  latestEvent(
    namespace: string | undefined,
    name: string,
    kind?: string,
  ): ClusterEvent | undefined {
    let best: ClusterEvent | undefined;
    for (const e of this.eventsFor(namespace, name, kind))
      if (best === undefined || e.lastTime > best.lastTime) best = e;
    return best;
  }

  /** Namespaces present in the snapshot (listed, or seen on an object), sorted. */
  namespaces(): string[] {
    if (this.namespace !== undefined) return [this.namespace];
    const seen = new Set<string>();
    for (const ns of this.data.namespaces)
      if (ns.metadata?.name !== undefined) seen.add(ns.metadata.name);
    for (const key of RESOURCE_KEYS) {
      if (key === "events" || !RESOURCES[key].namespaced) continue;
      for (const o of this.data[key] as KubeObject[])
        if (o.metadata?.namespace !== undefined) seen.add(o.metadata.namespace);
    }
    return [...seen].sort();
  }

  /** Closes the connections behind `logs`; the objects stay readable. */
  close(): void {
    this.onClose?.();
  }

  /** Total objects held, for stats and benchmarks. */
  size(): number {
    let n = this.events.length;
    for (const key of RESOURCE_KEYS) if (key !== "events") n += this.data[key].length;
    return n;
  }
}

function nameKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ""}/${name}`;
}

function ownerKey(ref: OwnerReference, namespace: string | undefined): string {
  return `${ref.kind}/${namespace ?? ""}/${ref.name}`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list === undefined) map.set(k, [item]);
    else list.push(item);
  }
  return map;
}

function isNormalized(e: unknown): e is ClusterEvent {
  return typeof e === "object" && e !== null && "involved" in e && "lastTime" in e;
}

import type { KubeObject } from "../util/json";
import { Bucket, type Stored } from "./bucket";
import type { Requirement } from "./label-selector";

export type ChangeType = "ADDED" | "MODIFIED" | "DELETED";

/** One write, as watchers see it. `object` is the new state (the last state for DELETED). */
export interface Change {
  type: ChangeType;
  /** Storage key of the resource ("/pods", "apps/deployments"). */
  resource: string;
  object: KubeObject;
  /** The state before the write, for selector transitions (absent for ADDED). */
  previous?: KubeObject;
  rv: number;
}

/**
 * All objects of the simulated cluster. Every write bumps one global
 * resourceVersion, as etcd's revision does, and is remembered in a bounded
 * history so a watch can resume from a recent resourceVersion (older ones get
 * 410 Gone, like a compacted etcd).
 */
export class ObjectStore {
  private readonly buckets = new Map<string, Bucket>();
  private readonly history: Change[] = [];
  private readonly listeners = new Set<(change: Change) => void>();
  private rv = 0;

  /** @param historySize changes kept for watch resumption. @default 20_000 */
  constructor(private readonly historySize = 20_000) {}

  get resourceVersion(): number {
    return this.rv;
  }

  /** The oldest resourceVersion a watch may resume from. */
  get oldestResumable(): number {
    return this.history.length === 0 ? this.rv : (this.history[0]?.rv ?? this.rv) - 1;
  }

  bucket(resource: string): Bucket {
    let b = this.buckets.get(resource);
    if (b === undefined) {
      b = new Bucket();
      this.buckets.set(resource, b);
    }
    return b;
  }

  get(resource: string, namespace: string | undefined, name: string): KubeObject | undefined {
    return this.buckets.get(resource)?.get(namespace ?? "", name)?.object;
  }

  getStored(resource: string, namespace: string | undefined, name: string): Stored | undefined {
    return this.buckets.get(resource)?.get(namespace ?? "", name);
  }

  list(resource: string, namespace?: string, selector: readonly Requirement[] = []): Stored[] {
    return this.buckets.get(resource)?.list(namespace, selector) ?? [];
  }

  /** Objects only, for controllers. */
  objects(
    resource: string,
    namespace?: string,
    selector: readonly Requirement[] = [],
  ): KubeObject[] {
    return this.list(resource, namespace, selector).map((s) => s.object);
  }

  /**
   * Stores a new or changed object (taking ownership: callers never mutate it
   * afterwards) and tells the watchers. Returns the stored object.
   */
  put(resource: string, object: KubeObject, options: { silent?: boolean } = {}): KubeObject {
    const b = this.bucket(resource);
    const previous = b.get(object.metadata.namespace ?? "", object.metadata.name)?.object;
    this.rv++;
    object.metadata.resourceVersion = String(this.rv);
    b.put(object);
    if (options.silent !== true) {
      this.emit(
        previous === undefined
          ? { type: "ADDED", resource, object, rv: this.rv }
          : { type: "MODIFIED", resource, object, previous, rv: this.rv },
      );
    }
    return object;
  }

  remove(resource: string, namespace: string | undefined, name: string): KubeObject | undefined {
    const stored = this.buckets.get(resource)?.remove(namespace ?? "", name);
    if (stored === undefined) return undefined;
    this.rv++;
    // A deleted object is reported with the resourceVersion of its deletion.
    const last = {
      ...stored.object,
      metadata: { ...stored.object.metadata, resourceVersion: String(this.rv) },
    };
    this.emit({ type: "DELETED", resource, object: last, previous: stored.object, rv: this.rv });
    return last;
  }

  /** Changes after `rv` for resumption, or undefined when `rv` is older than the history holds. */
  changesSince(rv: number): Change[] | undefined {
    if (rv < this.oldestResumable) return undefined;
    let i = this.history.length;
    while (i > 0 && (this.history[i - 1]?.rv ?? 0) > rv) i--;
    return this.history.slice(i);
  }

  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops every object and all history (reset); watchers stay subscribed. */
  clear(): void {
    this.buckets.clear();
    this.history.length = 0;
  }

  private emit(change: Change): void {
    this.history.push(change);
    // Trim in chunks so a long run of writes does not shift the whole array each time.
    if (this.history.length > this.historySize * 1.25)
      this.history.splice(0, this.history.length - this.historySize);
    for (const l of this.listeners) l(change);
  }
}

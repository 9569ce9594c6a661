import type { KubeObject } from "../util/json";
import type { Requirement } from "./label-selector";
import { matchesLabels } from "./label-selector";

/** One stored object with its serialised form cached: lists are joins of these strings. */
export interface Stored {
  object: KubeObject;
  /** "namespace/name" ("" namespace when cluster-scoped): the order lists come in, as etcd keys sort. */
  key: string;
  json: string | undefined;
  /** Cached JSON of `metadata`, for Table rows and PartialObjectMetadata. */
  metaJson?: string | undefined;
  /** Cached Table cells (JSON) and the second they were computed for: ages change by the second. */
  cells?: { second: number; json: string } | undefined;
}

/**
 * The objects of one resource type, indexed by namespace and by label so that
 * a list in one namespace or with an equality selector never scans the rest.
 * Sorted views are cached per namespace and dropped on change.
 */
export class Bucket {
  private readonly byNamespace = new Map<string, Map<string, Stored>>();
  /** label key → value → objects carrying it. */
  private readonly labels = new Map<string, Map<string, Set<Stored>>>();
  private sortedAll: Stored[] | undefined;
  private readonly sortedByNamespace = new Map<string, Stored[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(namespace: string, name: string): Stored | undefined {
    return this.byNamespace.get(namespace)?.get(name);
  }

  put(object: KubeObject): Stored {
    const ns = object.metadata.namespace ?? "";
    const name = object.metadata.name;
    const previous = this.get(ns, name);
    if (previous !== undefined) this.unindex(previous);
    else this.count++;
    const stored: Stored = { object, key: `${ns}/${name}`, json: undefined };
    let names = this.byNamespace.get(ns);
    if (names === undefined) {
      names = new Map();
      this.byNamespace.set(ns, names);
    }
    names.set(name, stored);
    this.index(stored);
    if (previous === undefined) this.invalidate(ns);
    else this.replaceInSorted(ns, previous, stored);
    return stored;
  }

  remove(namespace: string, name: string): Stored | undefined {
    const stored = this.get(namespace, name);
    if (stored === undefined) return undefined;
    this.byNamespace.get(namespace)?.delete(name);
    this.unindex(stored);
    this.count--;
    this.invalidate(namespace);
    return stored;
  }

  /** Objects in key order, optionally in one namespace and matching a label selector. */
  list(namespace: string | undefined, selector: readonly Requirement[] = []): Stored[] {
    const candidates = this.candidates(selector);
    if (candidates === undefined) {
      const all = namespace === undefined ? this.all() : this.inNamespace(namespace);
      return selector.length === 0
        ? all
        : all.filter((s) => matchesLabels(selector, s.object.metadata.labels));
    }
    const out: Stored[] = [];
    for (const s of candidates) {
      if (namespace !== undefined && (s.object.metadata.namespace ?? "") !== namespace) continue;
      if (matchesLabels(selector, s.object.metadata.labels)) out.push(s);
    }
    return out.sort(byKey);
  }

  private all(): Stored[] {
    if (this.sortedAll === undefined) {
      this.sortedAll = [];
      for (const names of this.byNamespace.values())
        for (const s of names.values()) this.sortedAll.push(s);
      this.sortedAll.sort(byKey);
    }
    return this.sortedAll;
  }

  private inNamespace(namespace: string): Stored[] {
    let sorted = this.sortedByNamespace.get(namespace);
    if (sorted === undefined) {
      sorted = [...(this.byNamespace.get(namespace)?.values() ?? [])].sort(byKey);
      this.sortedByNamespace.set(namespace, sorted);
    }
    return sorted;
  }

  /**
   * The smallest set an equality or `in` requirement narrows to, or undefined
   * when no requirement can use the index (then the namespace view is scanned).
   */
  private candidates(selector: readonly Requirement[]): Iterable<Stored> | undefined {
    let best: Set<Stored> | undefined;
    for (const r of selector) {
      let set: Set<Stored> | undefined;
      if (r.op === "eq") set = this.labels.get(r.key)?.get(r.value) ?? new Set();
      else if (r.op === "in") {
        set = new Set();
        for (const v of r.values) for (const s of this.labels.get(r.key)?.get(v) ?? []) set.add(s);
      } else continue;
      if (best === undefined || set.size < best.size) best = set;
    }
    return best;
  }

  private index(s: Stored): void {
    for (const [k, v] of Object.entries(s.object.metadata.labels ?? {})) {
      let values = this.labels.get(k);
      if (values === undefined) {
        values = new Map();
        this.labels.set(k, values);
      }
      let set = values.get(v);
      if (set === undefined) {
        set = new Set();
        values.set(v, set);
      }
      set.add(s);
    }
  }

  private unindex(s: Stored): void {
    for (const [k, v] of Object.entries(s.object.metadata.labels ?? {}))
      this.labels.get(k)?.get(v)?.delete(s);
  }

  /** An update keeps the key, so cached sorted views stay sorted: swap the entry in place. */
  private replaceInSorted(namespace: string, previous: Stored, next: Stored): void {
    for (const list of [this.sortedAll, this.sortedByNamespace.get(namespace)]) {
      if (list === undefined) continue;
      const i = list.indexOf(previous);
      if (i >= 0) list[i] = next;
    }
  }

  private invalidate(namespace: string): void {
    this.sortedAll = undefined;
    this.sortedByNamespace.delete(namespace);
  }
}

function byKey(a: Stored, b: Stored): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

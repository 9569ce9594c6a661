import { ClusterSnapshot } from "../../src/model/snapshot/ClusterSnapshot";
import type { ClusterEvent } from "../../src/model/snapshot/events";
import { RESOURCES } from "../../src/model/snapshot/resources";
import type { ObjectKey, ObjectOf } from "../../src/model/snapshot/SnapshotData";

/**
 * The baseline's snapshot: the same data, but every lookup is a linear scan,
 * as code without indexes does it (a Service's pods by scanning every pod, an
 * object's events by scanning every event). Results are identical to the
 * indexed snapshot's; only the cost differs.
 */
export class UnindexedSnapshot extends ClusterSnapshot {
  override list<K extends ObjectKey>(key: K, namespace?: string): readonly ObjectOf<K>[] {
    const all = super.list(key);
    if (namespace === undefined || namespace === "" || !RESOURCES[key].namespaced) return all;
    return all.filter((o) => o.metadata?.namespace === namespace);
  }

  override get<K extends ObjectKey>(
    key: K,
    namespace: string | undefined,
    name: string,
  ): ObjectOf<K> | undefined {
    const ns = RESOURCES[key].namespaced ? namespace : undefined;
    return super.list(key).find((o) => {
      const m = o.metadata;
      return m?.name === name && (ns === undefined || m.namespace === ns);
    });
  }

  override ownedBy<K extends ObjectKey>(
    key: K,
    owner: { kind: string; namespace?: string | undefined; name: string },
  ): readonly ObjectOf<K>[] {
    return super
      .list(key)
      .filter(
        (o) =>
          o.metadata?.namespace === owner.namespace &&
          (o.metadata?.ownerReferences ?? []).some(
            (r) => r.kind === owner.kind && r.name === owner.name,
          ),
      );
  }

  override podsOnNode(node: string): readonly ObjectOf<"pods">[] {
    return super.list("pods").filter((p) => p.spec?.nodeName === node);
  }

  override eventsFor(
    namespace: string | undefined,
    name: string,
    kind?: string,
  ): readonly ClusterEvent[] {
    return this.events
      .filter(
        (e) =>
          e.involved.name === name &&
          (e.namespace || e.involved.namespace) === (namespace ?? "") &&
          (kind === undefined || e.involved.kind === kind),
      )
      .sort((a, b) => a.lastTime - b.lastTime);
  }
}

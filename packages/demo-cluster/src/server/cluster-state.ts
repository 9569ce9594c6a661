import type { ResourceType } from "../api/resource-type";
import { storageKey, TypeRegistry } from "../api/type-registry";
import { LogStore } from "../logs/log-store";
import type { MergedCluster } from "../scenario/merge-scenarios";
import { NamespaceWorlds } from "../scenario/namespace-worlds";
import type { ContainerRule } from "../scenario/scenario";
import { ObjectStore } from "../store/object-store";
import { asObject, asObjects, asString, clone, type KubeObject } from "../util/json";

/**
 * Everything the server and the reconciler share: the objects, the types they
 * make exist, the logs, and the scenarios' reconcile rules. `reset()` puts the
 * loaded scenarios back.
 */
export class ClusterState {
  readonly store = new ObjectStore();
  types = new TypeRegistry();
  logs = new LogStore();
  /** CRDs by "group/plural", for their printer columns. */
  readonly crds = new Map<string, KubeObject>();
  rules: ContainerRule[] = [];
  /**
   * Images the registry has: every image of a pod or workload template at load,
   * except those pods failed to pull, plus the scenarios' `reconcile.images`.
   */
  knownImages = new Set<string>();
  /** Repositories (image names without tag) the scenarios use: only their known tags exist. */
  knownRepositories = new Set<string>();

  /** Whose pods take a node's capacity from whose (scheduler). */
  readonly worlds: NamespaceWorlds;

  constructor(private readonly merged: MergedCluster) {
    this.worlds = new NamespaceWorlds(merged.scenarios);
    this.load();
  }

  reset(): void {
    this.store.clear();
    this.crds.clear();
    this.load();
  }

  /** The type of an object, learning it (CRD-less custom kinds) when new. */
  typeOf(o: KubeObject): ResourceType {
    let t = this.types.forObject(o.apiVersion, o.kind);
    if (t === undefined) {
      this.types.learn(o);
      t = this.types.forObject(o.apiVersion, o.kind);
    }
    if (t === undefined) throw new Error(`no type for ${o.apiVersion} ${o.kind}`);
    return t;
  }

  keyOf(o: KubeObject): string {
    return storageKey(this.typeOf(o));
  }

  /** Registers a CRD's types (on load and when one is created). */
  learnCrd(crd: KubeObject): void {
    this.types.learn(crd);
    const spec = asObject(crd.spec);
    this.crds.set(`${asString(spec.group)}/${asString(asObject(spec.names).plural)}`, crd);
  }

  private load(): void {
    this.types = new TypeRegistry();
    this.logs = new LogStore(this.merged.logs);
    this.rules = this.merged.scenarios.flatMap((s) => s.reconcile.rules);
    this.knownImages = new Set();
    this.knownRepositories = new Set();
    const objects = this.merged.objects.map((s) => clone(s.object));
    for (const o of objects) if (o.kind === "CustomResourceDefinition") this.learnCrd(o);
    const failed = new Set<string>();
    for (const o of objects) {
      this.store.put(this.keyOf(o), o, { silent: true });
      for (const image of imagesOf(o)) this.knownImages.add(image);
      for (const cs of asObjects(asObject(o.status).containerStatuses)) {
        const reason = asString(asObject(asObject(cs.state).waiting).reason);
        if (
          reason === "ImagePullBackOff" ||
          reason === "ErrImagePull" ||
          reason === "InvalidImageName"
        )
          failed.add(asString(cs.image));
      }
    }
    for (const image of failed) this.knownImages.delete(image);
    for (const s of this.merged.scenarios)
      for (const image of s.reconcile.images) this.knownImages.add(image);
    for (const image of [...this.knownImages, ...failed])
      this.knownRepositories.add(repositoryOf(image));
  }
}

/** Container images of a pod spec, or of a workload's pod template. */
function imagesOf(o: KubeObject): string[] {
  const spec = asObject(o.spec);
  const podSpec =
    o.kind === "Pod"
      ? spec
      : o.kind === "CronJob"
        ? asObject(asObject(asObject(asObject(spec.jobTemplate).spec).template).spec)
        : asObject(asObject(spec.template).spec);
  return [...asObjects(podSpec.containers), ...asObjects(podSpec.initContainers)]
    .map((c) => asString(c.image))
    .filter((i) => i !== "");
}

/** "ghcr.io/acme/api:v1" → "ghcr.io/acme/api". */
export function repositoryOf(image: string): string {
  const at = image.indexOf("@");
  const base = at >= 0 ? image.slice(0, at) : image;
  const slash = base.lastIndexOf("/");
  const colon = base.lastIndexOf(":");
  return colon > slash ? base.slice(0, colon) : base;
}

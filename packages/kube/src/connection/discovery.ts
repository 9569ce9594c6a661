import { KubeError } from "../errors";
import type { ResourceInfo } from "./resourceInfo";
import type { Transport } from "./transport";
import { parseAggregated, parseLegacyList } from "./discoveryDocuments";

export interface DiscoveryOptions {
  /** How long the resource table is trusted before it is fetched again. @default 300_000 */
  ttlMs?: number;
}

/** Resources of the `all` category when the server does not publish categories (kubectl's list). */
const ALL_FALLBACK = [
  "pods",
  "replicationcontrollers",
  "services",
  "daemonsets.apps",
  "deployments.apps",
  "replicasets.apps",
  "statefulsets.apps",
  "horizontalpodautoscalers.autoscaling",
  "cronjobs.batch",
  "jobs.batch",
];

interface Snapshot {
  at: number;
  resources: ResourceInfo[];
  /** Every served group/version, e.g. `v1`, `apps/v1`. */
  groupVersions: string[];
  /** Group versions whose discovery failed (an aggregated API that is down). */
  failed: string[];
}

/**
 * The cluster's resource table (kinds, plurals, short names, scope, verbs,
 * group/version), fetched once and cached: aggregated discovery (one request
 * per root) when the server offers it, the per-group-version documents
 * otherwise. A type that is not found refreshes the table once, so a CRD
 * created a moment ago resolves.
 */
export class Discovery {
  private snapshot: Snapshot | undefined;
  private pending: Promise<Snapshot> | undefined;
  private readonly ttlMs: number;

  constructor(
    private readonly transport: Transport,
    options: DiscoveryOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 300_000;
  }

  /** Every resource type, core group first, preferred versions before others. */
  async resources(signal?: AbortSignal): Promise<ResourceInfo[]> {
    return (await this.load(signal)).resources;
  }

  /** Every served group/version, sorted like `kubectl api-versions`. */
  async groupVersions(signal?: AbortSignal): Promise<string[]> {
    return (await this.load(signal)).groupVersions;
  }

  /** Group versions that could not be discovered (e.g. `metrics.k8s.io/v1beta1` when metrics-server is down). */
  async failedGroupVersions(signal?: AbortSignal): Promise<string[]> {
    return (await this.load(signal)).failed;
  }

  /**
   * Resolves a type as kubectl accepts it: plural, singular, short name or kind
   * (any case), optionally qualified by group or version.group
   * (`deployments.apps`, `deploy.v1.apps`, `crontabs.stable.example.com`).
   * Throws `not_found` with kubectl's wording when the server has no such type.
   */
  async resolve(type: string, signal?: AbortSignal): Promise<ResourceInfo> {
    const found = find(await this.resources(signal), type);
    if (found) return found;
    this.invalidate();
    const again = find(await this.resources(signal), type);
    if (again) return again;
    throw new KubeError("not_found", `the server doesn't have a resource type "${type}"`);
  }

  /**
   * The resource serving `kind` in `apiVersion` (`apps/v1`, `v1`), as a
   * manifest names it; refreshes once when not found (a CRD created a moment ago).
   */
  async byKind(apiVersion: string, kind: string, signal?: AbortSignal): Promise<ResourceInfo> {
    const match = (list: ResourceInfo[]): ResourceInfo | undefined =>
      list.find((r) => r.groupVersion === apiVersion && r.kind === kind);
    const found = match(await this.resources(signal));
    if (found) return found;
    this.invalidate();
    const again = match(await this.resources(signal));
    if (again) return again;
    throw new KubeError("not_found", `the server does not serve ${kind} in ${apiVersion}`);
  }

  /** The members of a category such as `all`, or undefined when `name` is not a category. */
  async category(name: string, signal?: AbortSignal): Promise<ResourceInfo[] | undefined> {
    const resources = await this.resources(signal);
    const members = resources.filter((r) => r.preferred && r.categories.includes(name));
    if (members.length > 0) return members;
    if (name !== "all") return undefined;
    return ALL_FALLBACK.map((type) => find(resources, type)).filter(
      (r): r is ResourceInfo => r !== undefined,
    );
  }

  invalidate(): void {
    this.snapshot = undefined;
  }

  private async load(signal?: AbortSignal): Promise<Snapshot> {
    if (this.snapshot && Date.now() - this.snapshot.at < this.ttlMs) return this.snapshot;
    this.pending ??= this.fetch(signal).finally(() => {
      this.pending = undefined;
    });
    this.snapshot = await this.pending;
    return this.snapshot;
  }

  private async fetch(signal?: AbortSignal): Promise<Snapshot> {
    const accept =
      "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";
    const [core, apis] = await Promise.all([
      this.transport.json({ path: "/api", accept, ...(signal ? { signal } : {}) }),
      this.transport.json({ path: "/apis", accept, ...(signal ? { signal } : {}) }),
    ]);
    const aggregated = [parseAggregated(core), parseAggregated(apis)];
    if (aggregated[0] && aggregated[1]) {
      const resources = [...aggregated[0].resources, ...aggregated[1].resources];
      const groupVersions = [...aggregated[0].groupVersions, ...aggregated[1].groupVersions];
      return { at: Date.now(), resources, groupVersions: sortVersions(groupVersions), failed: [] };
    }
    return this.fetchLegacy(core, apis, signal);
  }

  private async fetchLegacy(core: unknown, apis: unknown, signal?: AbortSignal): Promise<Snapshot> {
    const targets: { groupVersion: string; preferred: boolean }[] = [];
    for (const version of listOf<string>(core, "versions")) {
      targets.push({ groupVersion: version, preferred: targets.length === 0 });
    }
    for (const group of listOf<{
      versions?: { groupVersion: string }[];
      preferredVersion?: { groupVersion: string };
    }>(apis, "groups")) {
      const preferred = group.preferredVersion?.groupVersion ?? group.versions?.[0]?.groupVersion;
      const versions = group.versions ?? [];
      // Preferred first, then the others in server order.
      const ordered = [
        ...versions.filter((v) => v.groupVersion === preferred),
        ...versions.filter((v) => v.groupVersion !== preferred),
      ];
      for (const v of ordered) {
        targets.push({ groupVersion: v.groupVersion, preferred: v.groupVersion === preferred });
      }
    }
    const failed: string[] = [];
    const lists = await Promise.all(
      targets.map(async ({ groupVersion, preferred }) => {
        const path = groupVersion.includes("/") ? `/apis/${groupVersion}` : `/api/${groupVersion}`;
        try {
          const doc = await this.transport.json({ path, ...(signal ? { signal } : {}) });
          return parseLegacyList(doc, groupVersion, preferred);
        } catch (error) {
          if (error instanceof KubeError && error.code === "cancelled") throw error;
          failed.push(groupVersion);
          return [];
        }
      }),
    );
    return {
      at: Date.now(),
      resources: lists.flat(),
      groupVersions: sortVersions(targets.map((t) => t.groupVersion)),
      failed,
    };
  }
}

function find(resources: ResourceInfo[], type: string): ResourceInfo | undefined {
  const lower = type.toLowerCase();
  const matches = (r: ResourceInfo, name: string): boolean =>
    r.resource === name ||
    r.singular === name ||
    r.kind.toLowerCase() === name ||
    r.shortNames.includes(name);
  const plain = resources.find((r) => r.preferred && matches(r, lower));
  if (plain) return plain;
  // Qualified: name.group or name.version.group.
  const dot = lower.indexOf(".");
  if (dot > 0) {
    const name = lower.slice(0, dot);
    const rest = lower.slice(dot + 1);
    const byGroup = resources.find((r) => r.preferred && r.group === rest && matches(r, name));
    if (byGroup) return byGroup;
    const vdot = rest.indexOf(".");
    const version = vdot > 0 ? rest.slice(0, vdot) : rest;
    const group = vdot > 0 ? rest.slice(vdot + 1) : "";
    const byVersion = resources.find(
      (r) => r.version === version && r.group === group && matches(r, name),
    );
    if (byVersion) return byVersion;
  }
  // Served only in a non-preferred version.
  return resources.find((r) => matches(r, lower));
}

function listOf<T>(doc: unknown, key: string): T[] {
  if (typeof doc !== "object" || doc === null) return [];
  const value = (doc as Record<string, unknown>)[key];
  return Array.isArray(value) ? (value as T[]) : [];
}

/** kubectl api-versions sorts plainly by string. */
function sortVersions(groupVersions: string[]): string[] {
  return [...new Set(groupVersions)].sort();
}

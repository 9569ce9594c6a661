import type { JsonObject } from "../util/json";
import { groupVersion, type ResourceType } from "./resource-type";
import type { TypeRegistry } from "./type-registry";

/**
 * The discovery documents, in both forms clients ask for: the classic ones
 * (/api, /api/v1, /apis, /apis/{g}, /apis/{g}/{v}) and the aggregated
 * apidiscovery.k8s.io/v2 lists kubectl 1.32 requests first (one round trip
 * instead of one per group).
 */
export const SERVER_VERSION = {
  major: "1",
  minor: "32",
  gitVersion: "v1.32.4+kubemedic-demo",
  gitCommit: "59526cd4867447956156ae3a602fcbac10a2c335",
  gitTreeState: "clean",
  buildDate: "2025-04-22T16:02:27Z",
  goVersion: "go1.23.6",
  compiler: "gc",
  platform: "linux/amd64",
};

export const AGGREGATED_CONTENT_TYPE =
  "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";

export function apiVersions(serverAddress: string): JsonObject {
  return {
    kind: "APIVersions",
    versions: ["v1"],
    serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress }],
  };
}

export function apiGroupList(types: TypeRegistry): JsonObject {
  return {
    kind: "APIGroupList",
    apiVersion: "v1",
    groups: groupsOf(types).map(([name, versions]) => apiGroup(name, versions)),
  };
}

export function apiGroupDoc(types: TypeRegistry, group: string): JsonObject | undefined {
  const entry = groupsOf(types).find(([name]) => name === group);
  return entry === undefined
    ? undefined
    : { kind: "APIGroup", apiVersion: "v1", ...apiGroup(entry[0], entry[1]) };
}

export function apiResourceList(
  types: TypeRegistry,
  group: string,
  version: string,
): JsonObject | undefined {
  const list = types.all().filter((t) => t.group === group && t.version === version);
  if (list.length === 0) return undefined;
  const resources: JsonObject[] = [];
  for (const t of sorted(list)) {
    const r: JsonObject = {
      name: t.plural,
      singularName: t.singular,
      namespaced: t.namespaced,
      kind: t.kind,
      verbs: t.verbs,
    };
    if (t.shortNames.length > 0) r.shortNames = t.shortNames;
    if (t.categories.length > 0) r.categories = t.categories;
    resources.push(r);
    for (const sub of t.subresources) resources.push(subresourceEntry(t, sub));
  }
  return {
    kind: "APIResourceList",
    apiVersion: "v1",
    groupVersion: groupVersion({ group, version }),
    resources,
  };
}

/** The aggregated list for /api (core) or /apis (every named group). */
export function aggregatedDiscovery(types: TypeRegistry, core: boolean): JsonObject {
  const items = groupsOf(types)
    .filter(([name]) => (name === "") === core)
    .map(([name, versions]) => ({
      metadata: { name, creationTimestamp: null },
      versions: versions.map((version) => ({
        version,
        resources: sorted(types.all().filter((t) => t.group === name && t.version === version)).map(
          aggregatedResource,
        ),
        freshness: "Current",
      })),
    }));
  return {
    kind: "APIGroupDiscoveryList",
    apiVersion: "apidiscovery.k8s.io/v2",
    metadata: {},
    items,
  };
}

function aggregatedResource(t: ResourceType): JsonObject {
  const r: JsonObject = {
    resource: t.plural,
    responseKind: { group: t.group, version: t.version, kind: t.kind },
    scope: t.namespaced ? "Namespaced" : "Cluster",
    singularResource: t.singular,
    verbs: t.verbs,
  };
  if (t.shortNames.length > 0) r.shortNames = t.shortNames;
  if (t.categories.length > 0) r.categories = t.categories;
  if (t.subresources.length > 0) {
    r.subresources = t.subresources.map((sub) => {
      const e = subresourceEntry(t, sub);
      return {
        subresource: sub,
        responseKind: { group: e.group ?? t.group, version: e.version ?? t.version, kind: e.kind },
        verbs: e.verbs,
      };
    });
  }
  return r;
}

function subresourceEntry(
  t: ResourceType,
  sub: string,
): JsonObject & { kind: string; group?: string; version?: string; verbs: string[] } {
  const name = `${t.plural}/${sub}`;
  switch (sub) {
    case "scale":
      return {
        name,
        singularName: "",
        namespaced: t.namespaced,
        group: "autoscaling",
        version: "v1",
        kind: "Scale",
        verbs: ["get", "patch", "update"],
      };
    case "eviction":
      return {
        name,
        singularName: "",
        namespaced: t.namespaced,
        group: "policy",
        version: "v1",
        kind: "Eviction",
        verbs: ["create"],
      };
    case "log":
      return { name, singularName: "", namespaced: t.namespaced, kind: t.kind, verbs: ["get"] };
    default:
      return {
        name,
        singularName: "",
        namespaced: t.namespaced,
        kind: t.kind,
        verbs: ["get", "patch", "update"],
      };
  }
}

/** [group, versions] pairs; the core group first, then named groups alphabetically. */
function groupsOf(types: TypeRegistry): [string, string[]][] {
  const map = new Map<string, Set<string>>();
  for (const t of types.all()) {
    let versions = map.get(t.group);
    if (versions === undefined) {
      versions = new Set();
      map.set(t.group, versions);
    }
    versions.add(t.version);
  }
  return [...map.entries()]
    .sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b)))
    .map(([g, v]) => [g, [...v].sort(preferFirst)]);
}

function apiGroup(name: string, versions: string[]): JsonObject {
  const list = versions.map((version) => ({
    groupVersion: groupVersion({ group: name, version }),
    version,
  }));
  return { name, versions: list, preferredVersion: list[0] };
}

/** v2 before v1 before v1beta1: the stable, newest version is preferred. */
function preferFirst(a: string, b: string): number {
  const rank = (v: string): number => {
    const m = /^v(\d+)(alpha|beta)?(\d*)$/.exec(v);
    if (m === null) return 0;
    const stability = m[2] === undefined ? 2 : m[2] === "beta" ? 1 : 0;
    return stability * 1e6 + Number(m[1]) * 1e3 + Number(m[3] === "" ? 0 : m[3]);
  };
  return rank(b) - rank(a);
}

function sorted(list: ResourceType[]): ResourceType[] {
  return [...list].sort((a, b) => a.plural.localeCompare(b.plural));
}

import type { ResourceInfo } from "./resourceInfo";

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
const recs = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRec) : []);

/**
 * Reads an aggregated discovery document (`APIGroupDiscoveryList`, v2 or
 * v2beta1). Undefined when the server answered with the legacy shape instead.
 */
export function parseAggregated(
  doc: unknown,
): { resources: ResourceInfo[]; groupVersions: string[] } | undefined {
  if (!isRec(doc) || doc.kind !== "APIGroupDiscoveryList") return undefined;
  const resources: ResourceInfo[] = [];
  const groupVersions: string[] = [];
  for (const item of recs(doc.items)) {
    const group = isRec(item.metadata) ? str(item.metadata.name) : "";
    // Versions are listed in preference order: the first is the preferred one.
    for (const [index, entry] of recs(item.versions).entries()) {
      const version = str(entry.version);
      const groupVersion = group === "" ? version : `${group}/${version}`;
      groupVersions.push(groupVersion);
      for (const r of recs(entry.resources)) {
        const kind = isRec(r.responseKind) ? str(r.responseKind.kind) : "";
        resources.push({
          group,
          version,
          groupVersion,
          resource: str(r.resource),
          singular: str(r.singularResource) || kind.toLowerCase(),
          kind,
          namespaced: r.scope === "Namespaced",
          verbs: strs(r.verbs),
          shortNames: strs(r.shortNames),
          categories: strs(r.categories),
          subresources: recs(r.subresources).map((s) => str(s.subresource)),
          preferred: index === 0,
        });
      }
    }
  }
  return { resources, groupVersions };
}

/** Reads one legacy `APIResourceList` (`/api/v1`, `/apis/apps/v1`). */
export function parseLegacyList(
  doc: unknown,
  groupVersion: string,
  preferred: boolean,
): ResourceInfo[] {
  if (!isRec(doc)) return [];
  const slash = groupVersion.indexOf("/");
  const group = slash === -1 ? "" : groupVersion.slice(0, slash);
  const version = slash === -1 ? groupVersion : groupVersion.slice(slash + 1);
  const all = recs(doc.resources);
  const subresources = new Map<string, string[]>();
  for (const r of all) {
    const [parent, sub] = str(r.name).split("/");
    if (parent && sub) subresources.set(parent, [...(subresources.get(parent) ?? []), sub]);
  }
  return all
    .filter((r) => !str(r.name).includes("/"))
    .map((r) => {
      const kind = str(r.kind);
      return {
        group,
        version,
        groupVersion,
        resource: str(r.name),
        singular: str(r.singularName) || kind.toLowerCase(),
        kind,
        namespaced: r.namespaced === true,
        verbs: strs(r.verbs),
        shortNames: strs(r.shortNames),
        categories: strs(r.categories),
        subresources: subresources.get(str(r.name)) ?? [],
        preferred,
      };
    });
}

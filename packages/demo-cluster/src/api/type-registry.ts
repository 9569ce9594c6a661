import { asObject, asObjects, asString, path, type JsonObject } from "../util/json";
import { BUILTIN_TYPES } from "./builtin-types";
import { ALL_VERBS, resourceKey, type ResourceType } from "./resource-type";

/**
 * Every kind the simulator serves: the built-in table, plus what the loaded
 * objects bring (CustomResourceDefinitions, or kinds seen without one, whose
 * plural is guessed the way client-go guesses it).
 */
export class TypeRegistry {
  private readonly byPath = new Map<string, ResourceType>();
  private readonly byKind = new Map<string, ResourceType>();

  constructor(types: readonly ResourceType[] = BUILTIN_TYPES) {
    for (const t of types) this.add(t);
  }

  add(t: ResourceType): void {
    this.byPath.set(`${t.group}/${t.version}/${t.plural}`, t);
    this.byKind.set(`${apiVersionOf(t)}/${t.kind}`, t);
  }

  /** The type at /apis/{group}/{version}/{plural} (group "" for /api/v1). */
  forPath(group: string, version: string, plural: string): ResourceType | undefined {
    return this.byPath.get(`${group}/${version}/${plural}`);
  }

  forObject(apiVersion: string, kind: string): ResourceType | undefined {
    return this.byKind.get(`${apiVersion}/${kind}`);
  }

  all(): ResourceType[] {
    return [...this.byPath.values()];
  }

  /** Registers what a CRD defines, or the guessed type of an object of an unknown kind. */
  learn(o: JsonObject): void {
    const apiVersion = asString(o.apiVersion);
    const kind = asString(o.kind);
    if (apiVersion === "" || kind === "") return;
    if (kind === "CustomResourceDefinition" && apiVersion.startsWith("apiextensions.k8s.io/")) {
      for (const t of typesOfCrd(o))
        if (this.forPath(t.group, t.version, t.plural) === undefined) this.add(t);
      return;
    }
    if (this.forObject(apiVersion, kind) !== undefined) return;
    const [group, version] = apiVersion.includes("/") ? apiVersion.split("/") : ["", apiVersion];
    this.add({
      group: group ?? "",
      version: version ?? "v1",
      kind,
      plural: guessPlural(kind),
      singular: kind.toLowerCase(),
      namespaced: path(o, "metadata", "namespace") !== undefined,
      shortNames: [],
      verbs: ALL_VERBS,
      categories: [],
      subresources: [],
    });
  }
}

export function apiVersionOf(t: Pick<ResourceType, "group" | "version">): string {
  return t.group === "" ? t.version : `${t.group}/${t.version}`;
}

/**
 * Where objects of a type live in the store. Both Event APIs share one
 * storage (core/v1), as in a real API server; everything else is stored under
 * its own group and plural.
 */
export function storageKey(t: Pick<ResourceType, "group" | "plural" | "kind">): string {
  if (t.group === "events.k8s.io" && t.kind === "Event") return resourceKey("", "events");
  return resourceKey(t.group, t.plural);
}

/** client-go's UnsafeGuessKindToResource. */
function guessPlural(kind: string): string {
  const k = kind.toLowerCase();
  if (k.endsWith("s") || k.endsWith("x") || k.endsWith("ch") || k.endsWith("sh")) return `${k}es`;
  if (k.endsWith("y") && !/[aeiou]y$/.test(k)) return `${k.slice(0, -1)}ies`;
  return `${k}s`;
}

function typesOfCrd(crd: JsonObject): ResourceType[] {
  const spec = asObject(crd.spec);
  const names = asObject(spec.names);
  const subresourcesOf = (v: Record<string, unknown>): string[] =>
    Object.keys(asObject(v.subresources));
  return asObjects(spec.versions)
    .filter((v) => v.served !== false)
    .map((v) => ({
      group: asString(spec.group),
      version: asString(v.name),
      kind: asString(names.kind),
      plural: asString(names.plural),
      singular: asString(names.singular) || asString(names.kind).toLowerCase(),
      namespaced: spec.scope !== "Cluster",
      shortNames: Array.isArray(names.shortNames) ? names.shortNames.map(String) : [],
      verbs: ALL_VERBS,
      categories: Array.isArray(names.categories) ? names.categories.map(String) : [],
      subresources: subresourcesOf(v),
    }));
}

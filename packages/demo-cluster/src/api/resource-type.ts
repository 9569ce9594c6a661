/**
 * One API resource as discovery describes it. The simulator is generic over
 * kinds: everything it serves is looked up through this shape, whether it is
 * a built-in type (builtin-types.ts), a CustomResourceDefinition or a kind
 * only seen in a scenario file.
 */
export interface ResourceType {
  /** "" for the core group. */
  group: string;
  version: string;
  kind: string;
  /** The URL segment: "pods", "deployments". */
  plural: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  verbs: string[];
  /** "all" puts the kind in `kubectl get all`. */
  categories: string[];
  /** Subresources served: "status", "scale", "log". */
  subresources: string[];
}

export function groupVersion(t: Pick<ResourceType, "group" | "version">): string {
  return t.group === "" ? t.version : `${t.group}/${t.version}`;
}

/** "apps/deployments", "/pods" (core): the key objects are stored under. */
export function resourceKey(group: string, plural: string): string {
  return `${group}/${plural}`;
}

export const ALL_VERBS = [
  "create",
  "delete",
  "deletecollection",
  "get",
  "list",
  "patch",
  "update",
  "watch",
];

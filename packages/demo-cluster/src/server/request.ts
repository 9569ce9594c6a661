import type { IncomingMessage, ServerResponse } from "node:http";
import type { Representation } from "../api/accept";
import type { ResourceType } from "../api/resource-type";
import { ApiError } from "../api/status";
import { storageKey } from "../api/type-registry";
import type { ClusterState } from "./cluster-state";
import type { ResponseCache } from "./response-cache";
import type { ResourceRoute } from "./route";

/** One API request, resolved to its type. */
export interface ResourceRequest {
  state: ClusterState;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  route: ResourceRoute;
  type: ResourceType;
  /** Storage key of the type. */
  key: string;
  representation: Representation;
  now: number;
  /** Serialised list answers by request and resourceVersion. */
  cache: ResponseCache;
}

/** The type a resource path names, or the real server's 404 for an unknown resource. */
export function resolveType(state: ClusterState, route: ResourceRoute): ResourceType {
  const t = state.types.forPath(route.group, route.version, route.plural);
  if (t === undefined)
    throw new ApiError("NotFound", "the server could not find the requested resource");
  // A namespaced type named without a namespace is a list across namespaces (no name allowed);
  // a cluster-scoped type under /namespaces/{ns}/ does not exist.
  if (!t.namespaced && route.namespace !== undefined)
    throw new ApiError("NotFound", "the server could not find the requested resource");
  if (t.namespaced && route.namespace === undefined && route.name !== undefined) {
    throw new ApiError("NotFound", "the server could not find the requested resource");
  }
  return t;
}

export function keyOf(t: ResourceType): string {
  return storageKey(t);
}

export function queryInt(url: URL, name: string): number | undefined {
  const v = url.searchParams.get(name);
  if (v === null || v === "") return undefined;
  const n = Number(v);
  if (!Number.isInteger(n))
    throw new ApiError("BadRequest", `invalid value for ${name}: "${v}" is not an integer`);
  return n;
}

export function queryBool(url: URL, name: string): boolean {
  const v = url.searchParams.get(name);
  return v === "true" || v === "1";
}

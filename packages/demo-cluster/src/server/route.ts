/**
 * The paths of the Kubernetes REST API, parsed. Core resources live under
 * /api/v1, named groups under /apis/{group}/{version}; namespaced resources
 * under …/namespaces/{ns}/{resource}. A namespace object itself is
 * /api/v1/namespaces/{name}.
 */
export type Route =
  | { type: "version" }
  | { type: "health" }
  | { type: "openapi" }
  | { type: "coreVersions" }
  | { type: "groups" }
  | { type: "group"; group: string }
  | { type: "groupVersion"; group: string; version: string }
  | ResourceRoute
  | { type: "unknown" };

export interface ResourceRoute {
  type: "resource";
  group: string;
  version: string;
  plural: string;
  /** Set for namespaced paths; undefined for cluster-scoped or all-namespaces requests. */
  namespace: string | undefined;
  name: string | undefined;
  subresource: string | undefined;
}

export function parseRoute(pathname: string): Route {
  const parts = pathname
    .split("/")
    .filter((p) => p !== "")
    .map(decodeURIComponent);
  const [root, a, b] = parts;
  if (root === "version" && parts.length === 1) return { type: "version" };
  if ((root === "healthz" || root === "livez" || root === "readyz") && parts.length <= 2)
    return { type: "health" };
  if (root === "openapi") return { type: "openapi" };
  if (root === "api") {
    if (parts.length === 1) return { type: "coreVersions" };
    if (a !== "v1") return { type: "unknown" };
    if (parts.length === 2) return { type: "groupVersion", group: "", version: "v1" };
    return resourcePath("", "v1", parts.slice(2));
  }
  if (root === "apis") {
    if (parts.length === 1) return { type: "groups" };
    if (a === undefined) return { type: "unknown" };
    if (parts.length === 2) return { type: "group", group: a };
    if (b === undefined) return { type: "unknown" };
    if (parts.length === 3) return { type: "groupVersion", group: a, version: b };
    return resourcePath(a, b, parts.slice(3));
  }
  return { type: "unknown" };
}

function resourcePath(group: string, version: string, rest: string[]): Route {
  const base = { type: "resource" as const, group, version };
  if (
    rest[0] === "namespaces" &&
    rest.length === 3 &&
    (rest[2] === "status" || rest[2] === "finalize")
  ) {
    return {
      ...base,
      plural: "namespaces",
      namespace: undefined,
      name: rest[1],
      subresource: rest[2],
    };
  }
  if (rest[0] === "namespaces" && rest.length >= 3) {
    const [, namespace, plural, name, subresource, extra] = rest;
    if (extra !== undefined || plural === undefined) return { type: "unknown" };
    return { ...base, plural, namespace, name, subresource };
  }
  const [plural, name, subresource, extra] = rest;
  if (extra !== undefined || plural === undefined) return { type: "unknown" };
  // /api/v1/namespaces/{name}[/status]: the Namespace object itself.
  return { ...base, plural, namespace: undefined, name, subresource };
}

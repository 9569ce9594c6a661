/** One resource type the cluster serves, as discovery describes it. */
export interface ResourceInfo {
  /** "" for the core group. */
  group: string;
  version: string;
  /** `v1` or `apps/v1`. */
  groupVersion: string;
  /** The plural, lower-case: `deployments`. */
  resource: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  shortNames: string[];
  categories: string[];
  /** Subresources served (`log`, `status`, `scale`, `eviction`…). */
  subresources: string[];
  /** True when this version is its group's preferred one. */
  preferred: boolean;
}

/** `deployments.apps`, `pods` for the core group: how kubectl names a type. */
export function qualifiedName(info: ResourceInfo): string {
  return info.group === "" ? info.resource : `${info.resource}.${info.group}`;
}

/** `deployment.apps`, `pod`: the prefix kubectl puts before names (`deployment.apps/checkout`). */
export function typePrefix(info: ResourceInfo): string {
  const kind = info.kind.toLowerCase();
  return info.group === "" ? kind : `${kind}.${info.group}`;
}

/** The API path of a collection or one object, optionally a subresource of it. */
export function resourcePath(
  info: ResourceInfo,
  namespace: string | undefined,
  name?: string,
  subresource?: string,
): string {
  const root = info.group === "" ? `/api/${info.version}` : `/apis/${info.group}/${info.version}`;
  const ns = info.namespaced && namespace !== undefined ? `/namespaces/${enc(namespace)}` : "";
  const one = name === undefined ? "" : `/${enc(name)}`;
  const sub = subresource === undefined ? "" : `/${subresource}`;
  return `${root}${ns}/${info.resource}${one}${sub}`;
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

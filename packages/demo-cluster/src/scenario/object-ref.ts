import { asString, isObject, path } from "../util/json";

/** `Kind/namespace/name` (or `Kind/name` when cluster-scoped) of whatever could be read. */
export function objectRef(value: unknown): string {
  if (!isObject(value)) return "<not an object>";
  const kind = asString(value.kind, "<no kind>");
  const name = asString(path(value, "metadata", "name"), "<no name>");
  const namespace = asString(path(value, "metadata", "namespace"));
  return namespace === "" ? `${kind}/${name}` : `${kind}/${namespace}/${name}`;
}

import { stringify } from "yaml";
import { blockYaml } from "./blockYaml";
import { sortDeep } from "./jsonpath";

/** `-o json`: kubectl's 4-space indented JSON with sorted keys. */
export function toJson(value: unknown): string {
  return JSON.stringify(sortDeep(value), null, 4);
}

/** `-o yaml`: block YAML with sorted keys, like kubectl's. */
export function toYaml(value: unknown): string {
  // The fast writer covers ordinary objects; it defers to the library for anything unusual.
  const fast = blockYaml(value);
  if (fast !== undefined) return fast.trimEnd();
  // YAML 1.1 rules quote what a 1.1 reader would mistake for a timestamp or a boolean, as go-yaml does.
  return stringify(sortDeep(value), { lineWidth: 0, indentSeq: false, version: "1.1" }).trimEnd();
}

/**
 * What kubectl prints for `-o yaml|json`: the object itself when exactly one
 * object was named (`get pod x`), otherwise a `List` (even of one item).
 */
export function asList(items: unknown[], single: boolean): unknown {
  if (single && items.length === 1) return items[0];
  return { apiVersion: "v1", items, kind: "List", metadata: { resourceVersion: "" } };
}

import type { ResourceType } from "../api/resource-type";
import { objectJson, type ListMeta } from "../api/serialize";
import type { Stored } from "../store/bucket";
import type { TableSpec } from "./table-spec";

export type IncludeObject = "None" | "Metadata" | "Object";

export interface TableOptions {
  includeObject: IncludeObject;
  version: "v1" | "v1beta1";
  now: number;
  /** Watch events after the first omit column definitions (kubectl reuses the last ones). */
  withColumns: boolean;
}

/** A `meta.k8s.io` Table of the given objects, serialised. */
export function tableJson(
  t: ResourceType,
  spec: TableSpec,
  items: readonly Stored[],
  meta: ListMeta,
  options: TableOptions,
): string {
  const rows: string[] = [];
  const second = Math.floor(options.now / 1000);
  for (const s of items) {
    // Cells depend on the object and on the clock only through ages, which have one-second resolution.
    if (s.cells?.second !== second)
      s.cells = { second, json: JSON.stringify(spec.cells(s.object, second * 1000)) };
    let row = `{"cells":${s.cells.json}`;
    const conditions = spec.conditions?.(s.object);
    if (conditions !== undefined) row += `,"conditions":${JSON.stringify(conditions)}`;
    if (options.includeObject === "Object") row += `,"object":${objectJson(t, s)}`;
    else if (options.includeObject === "Metadata") {
      s.metaJson ??= JSON.stringify(s.object.metadata);
      row += `,"object":{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/${options.version}","metadata":${s.metaJson}}`;
    }
    rows.push(`${row}}`);
  }
  const columns = options.withColumns ? JSON.stringify(spec.columns) : "[]";
  return `{"kind":"Table","apiVersion":"meta.k8s.io/${options.version}","metadata":${JSON.stringify(meta)},"columnDefinitions":${columns},"rows":[${rows.join(",")}]}`;
}

/** `PartialObjectMetadataList` (what metadata-only informers ask for). */
export function partialListJson(items: readonly Stored[], meta: ListMeta, version: string): string {
  const parts = items.map(
    (s) =>
      `{"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/${version}","metadata":${JSON.stringify(s.object.metadata)}}`,
  );
  return `{"kind":"PartialObjectMetadataList","apiVersion":"meta.k8s.io/${version}","metadata":${JSON.stringify(meta)},"items":[${parts.join(",")}]}`;
}

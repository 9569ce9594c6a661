import { KubeError } from "../errors";
import { relaxedJsonPath, textOf } from "./jsonpath";
import type { JsonPath } from "./jsonpath";
import { GET_TABS, tabwrite } from "./tabwriter";

export interface CustomColumn {
  header: string;
  path: JsonPath;
}

/** Parses `NAME:.metadata.name,NODE:.spec.nodeName` (kubectl's `-o custom-columns=` spec). */
export function parseCustomColumns(spec: string): CustomColumn[] {
  if (spec.trim() === "") {
    throw new KubeError("usage", "custom-columns needs a spec such as NAME:.metadata.name");
  }
  return splitColumns(spec).map((part) => {
    const colon = part.indexOf(":");
    if (colon <= 0) {
      throw new KubeError(
        "usage",
        `custom-columns: "${part}" is not HEADER:JSONPATH (e.g. NAME:.metadata.name)`,
      );
    }
    return { header: part.slice(0, colon), path: relaxedJsonPath(part.slice(colon + 1)) };
  });
}

/** Splits on commas outside brackets/quotes (a filter may hold a comma). */
function splitColumns(spec: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < spec.length; i++) {
    const ch = spec[i];
    if (ch === "[" || ch === "(" || ch === "{") depth++;
    else if (ch === "]" || ch === ")" || ch === "}") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(spec.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(spec.slice(start));
  return parts.filter((p) => p.length > 0);
}

/** Renders objects under custom columns; a missing value prints `<none>`, several join with commas. */
export function printCustomColumns(
  columns: CustomColumn[],
  objects: unknown[],
  noHeaders = false,
): { text: string; structured: { columns: string[]; rows: string[][] } } {
  const rows = objects.map((object) =>
    columns.map((column) => {
      const values = column.path.values(object);
      return values.length === 0 ? "<none>" : values.map(textOf).join(",");
    }),
  );
  const headers = columns.map((c) => c.header);
  const lines = [...(noHeaders ? [] : [headers.join("\t")]), ...rows.map((r) => r.join("\t"))];
  return { text: tabwrite(lines.join("\n"), GET_TABS), structured: { columns: headers, rows } };
}

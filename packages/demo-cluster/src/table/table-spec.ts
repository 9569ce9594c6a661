import type { KubeObject } from "../util/json";

/** A column as `meta.k8s.io/v1` Table defines it; priority 1 columns show only with `-o wide`. */
export interface ColumnDefinition {
  name: string;
  type: "string" | "integer" | "number" | "boolean" | "date";
  format: string;
  description: string;
  priority: number;
}

export type Cell = string | number | boolean | null;

/** How one kind prints: its columns and the cells of one object (the server prints all, kubectl hides priority > 0). */
export interface TableSpec {
  columns: ColumnDefinition[];
  cells(o: KubeObject, now: number): Cell[];
  /** Row conditions kubectl reads (a Completed pod). */
  conditions?(
    o: KubeObject,
  ): { type: string; status: string; reason?: string; message?: string }[] | undefined;
}

export function col(
  name: string,
  description: string,
  options: { type?: ColumnDefinition["type"]; priority?: number; format?: string } = {},
): ColumnDefinition {
  return {
    name,
    type: options.type ?? "string",
    format: options.format ?? "",
    description,
    priority: options.priority ?? 0,
  };
}

export const NAME = col("Name", "Name must be unique within a namespace.", { format: "name" });
export const AGE = col(
  "Age",
  "CreationTimestamp is a timestamp representing the server time when this object was created.",
);

/** `a=b,c=d`, sorted by key (labels.FormatLabels / SelectorFromSet). */
export function formatLabels(labels: Record<string, string> | undefined): string {
  const entries = Object.entries(labels ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? "<none>" : entries.map(([k, v]) => `${k}=${v}`).join(",");
}

import { GET_TABS, tabwrite } from "./tabwriter";

/** A column of a `meta.k8s.io/v1` Table (or of our own fallback tables). */
export interface TableColumn {
  name: string;
  /** 0 = shown by default; > 0 = only with `-o wide`. */
  priority: number;
  type?: string;
  format?: string;
}

export interface TableRow {
  cells: unknown[];
  /** The row's object (PartialObjectMetadata, or the full object with includeObject=Object). */
  object?: Record<string, unknown>;
}

export interface KubeTable {
  columns: TableColumn[];
  rows: TableRow[];
}

export interface TableSection {
  table: KubeTable;
  /** `deployment.apps` — prefixed to names when several types are printed. */
  typePrefix: string;
  /** Overrides the options' `withNamespace` (cluster-scoped types never get the column). */
  withNamespace?: boolean;
}

export interface TablePrintOptions {
  wide?: boolean;
  /** Add a leading NAMESPACE column (`-A`). */
  withNamespace?: boolean;
  /** Prefix names with their type (`deployment.apps/checkout`), as for `get deploy,svc`. */
  withKind?: boolean;
  showLabels?: boolean;
  /** `-L key`: one column per label key. */
  labelColumns?: string[];
  noHeaders?: boolean;
}

/** What the UI gets for a table: headers and formatted cells, one entry per type. */
export interface StructuredTable {
  kind: string;
  columns: string[];
  rows: string[][];
}

/**
 * Renders one or more tables exactly like `kubectl get`: upper-cased headers,
 * priority > 0 columns only when wide, NAMESPACE first with -A, label columns
 * and LABELS last, kind-prefixed names for several types, a blank line
 * between types, and one tabwriter (widths remembered) for the whole output.
 */
export function printTables(
  sections: TableSection[],
  options: TablePrintOptions = {},
): { text: string; structured: StructuredTable[] } {
  const blocks: string[] = [];
  const structured: StructuredTable[] = [];
  for (const section of sections) {
    if (section.table.rows.length === 0) continue;
    const shaped = shapeTable(section, options);
    structured.push(shaped);
    const lines = [
      ...(options.noHeaders ? [] : [shaped.columns.join("\t")]),
      ...shaped.rows.map((row) => row.join("\t")),
    ];
    // kubectl flushes and forgets column widths when the type changes: each table aligns alone.
    blocks.push(tabwrite(lines.join("\n"), GET_TABS));
  }
  return { text: blocks.join(options.noHeaders ? "\n" : "\n\n"), structured };
}

function shapeTable(section: TableSection, options: TablePrintOptions): StructuredTable {
  const { table } = section;
  const visible = table.columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => options.wide === true || column.priority === 0);
  const nameIndex = table.columns.findIndex((c) => c.format === "name" || c.name === "Name");
  const labelKeys = options.labelColumns ?? [];
  const withNamespace = section.withNamespace ?? options.withNamespace === true;
  const columns = [
    ...(withNamespace ? ["NAMESPACE"] : []),
    ...visible.map(({ column }) => column.name.toUpperCase()),
    ...labelKeys.map(labelHeader),
    ...(options.showLabels ? ["LABELS"] : []),
  ];
  const rows = table.rows.map((row) => {
    const metadata = metadataOf(row.object);
    const labels = (metadata.labels ?? {}) as Record<string, string>;
    return [
      ...(withNamespace ? [metadata.namespace ?? ""] : []),
      ...visible.map(({ index }) => {
        const text = cellText(row.cells[index]);
        return options.withKind && index === nameIndex ? `${section.typePrefix}/${text}` : text;
      }),
      ...labelKeys.map((key) => labels[key] ?? ""),
      ...(options.showLabels ? [formatLabels(labels)] : []),
    ];
  });
  return { kind: section.typePrefix, columns, rows };
}

/** `-L app.kubernetes.io/name` → `NAME` (the last path segment, upper-cased, as kubectl does). */
function labelHeader(key: string): string {
  const slash = key.lastIndexOf("/");
  return (slash === -1 ? key : key.slice(slash + 1)).toUpperCase();
}

/** `a=1,b=2`, sorted as whole `key=value` strings like Go's labels.Set.String(); `<none>` when empty. */
function formatLabels(labels: Record<string, string> | undefined): string {
  const pairs = Object.entries(labels ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.length === 0 ? "<none>" : pairs.join(",");
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "string") return cell.replace(/[\t\n\r]/g, " ");
  if (typeof cell === "number" || typeof cell === "boolean") return String(cell);
  return JSON.stringify(cell);
}

interface RowMetadata {
  namespace?: string;
  labels?: Record<string, unknown>;
}

function metadataOf(object: Record<string, unknown> | undefined): RowMetadata {
  const metadata: unknown = object?.metadata;
  if (typeof metadata !== "object" || metadata === null) return {};
  return metadata;
}

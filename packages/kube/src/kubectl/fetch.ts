import type { ResourceInfo } from "../connection/resourceInfo";
import { resourcePath } from "../connection/resourceInfo";
import { redactObject } from "../redact/redactObject";
import { dropManagedFields } from "../output/strip";
import type { KubeTable, TableColumn, TableRow } from "../output/table";
import type { VerbContext } from "./verbContext";

export type Obj = Record<string, unknown>;

/** What kubectl sends to get server-side tables, falling back to plain JSON. */
const TABLE_ACCEPT =
  "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";

/** Objects per page, as kubectl's default --chunk-size. */
const PAGE = 500;
/**
 * Pages read at most (10,000 objects): beyond that the output would be cut to
 * a few hundred lines anyway, and reading on only costs time and memory.
 */
const MAX_PAGES = 20;

export interface ListQuery {
  /** Undefined for all namespaces (or a cluster-scoped type). */
  namespace: string | undefined;
  labelSelector?: string;
  fieldSelector?: string;
}

/** `remaining`: objects that exist beyond what was read (0 when everything was read). */
export type Listing =
  | { kind: "table"; table: KubeTable; incomplete: boolean; remaining: number }
  | { kind: "objects"; items: Obj[]; incomplete: boolean; remaining: number };

/**
 * Lists a type, as a server-side Table (`table: true`; the rows carry the
 * objects' name, namespace and labels, or the whole objects with
 * `fullObjects`) or as objects (all of each, or what `pick` keeps).
 * Every answer is redacted and stripped of managedFields before it is returned.
 */
export async function listResource(
  ctx: VerbContext,
  info: ResourceInfo,
  query: ListQuery,
  options: {
    table?: boolean;
    fullObjects?: boolean;
    /**
     * Read at most this many objects when the server says how many remain
     * (`remainingItemCount`): output is cut to a few hundred lines anyway, and
     * the count is all the truncation marker needs.
     */
    budget?: number;
    /**
     * Keeps only the fields the caller reads of each object (before
     * redaction, which then has less to walk). The result must be a subset
     * of the object: what is kept is still redacted.
     */
    pick?: (item: Obj) => Obj;
  } = {},
): Promise<Listing> {
  const rows: TableRow[] = [];
  const items: Obj[] = [];
  let columns: TableColumn[] | undefined;
  let token: string | undefined;
  let pages = 0;
  let remaining = 0;
  const pageSize =
    options.budget !== undefined ? Math.max(1, Math.min(PAGE, options.budget)) : PAGE;
  do {
    const doc = await ctx.cluster.transport.json<Obj>({
      path: resourcePath(info, query.namespace),
      query: {
        limit: pageSize,
        continue: token,
        labelSelector: query.labelSelector,
        fieldSelector: query.fieldSelector,
        includeObject: options.table && options.fullObjects ? "Object" : undefined,
      },
      ...(options.table ? { accept: TABLE_ACCEPT } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    if (options.pick && Array.isArray(doc.items))
      doc.items = (doc.items as Obj[]).map(options.pick);
    if (options.table && !options.fullObjects) keepRowMetadata(doc);
    const clean = sanitize(doc, info);
    if (clean.kind === "Table") {
      columns ??= tableColumns(clean);
      rows.push(...tableRows(clean, info));
    } else items.push(...listItems(clean, info));
    token = continueToken(clean);
    pages++;
    const left = remainingCount(clean);
    const read = rows.length + items.length;
    if (
      token !== undefined &&
      options.budget !== undefined &&
      read >= options.budget &&
      left !== undefined
    ) {
      remaining = left;
      break;
    }
  } while (token !== undefined && pages < MAX_PAGES);
  const incomplete = token !== undefined;
  if (columns !== undefined)
    return { kind: "table", table: { columns, rows }, incomplete, remaining };
  return { kind: "objects", items, incomplete, remaining };
}

/** Reads one object (as a one-row Table with `table: true`). Throws not_found like the API. */
export async function getResource(
  ctx: VerbContext,
  info: ResourceInfo,
  namespace: string | undefined,
  name: string,
  options: { table?: boolean; fullObjects?: boolean } = {},
): Promise<{ kind: "table"; table: KubeTable } | { kind: "object"; object: Obj }> {
  const doc = await ctx.cluster.transport.json<Obj>({
    path: resourcePath(info, namespace, name),
    query: { includeObject: options.table && options.fullObjects ? "Object" : undefined },
    ...(options.table ? { accept: TABLE_ACCEPT } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  if (options.table && !options.fullObjects) keepRowMetadata(doc);
  const clean = sanitize(doc, info);
  if (clean.kind === "Table") {
    return { kind: "table", table: { columns: tableColumns(clean), rows: tableRows(clean, info) } };
  }
  return { kind: "object", object: withType(clean, info) };
}

/** Raw read of one object for mutations: NOT redacted (callers redact what they show). */
export async function readRaw(
  ctx: VerbContext,
  info: ResourceInfo,
  namespace: string | undefined,
  name: string,
): Promise<Obj> {
  const doc = await ctx.cluster.transport.json<Obj>({
    path: resourcePath(info, namespace, name),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  return withType(doc, info);
}

/**
 * Raw list of one page of objects for mutations and revision history: NOT
 * redacted (an undo writes the old template back and must not write masks).
 */
export async function listRaw(
  ctx: VerbContext,
  info: ResourceInfo,
  query: ListQuery,
): Promise<Obj[]> {
  const doc = await ctx.cluster.transport.json<{ items?: Obj[] }>({
    path: resourcePath(info, query.namespace),
    query: { labelSelector: query.labelSelector, fieldSelector: query.fieldSelector },
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  return (doc.items ?? []).map((item) => withType(item, info));
}

/**
 * Noise removal on the just-parsed answer (ours to change in place), then
 * redaction, which copies: nothing unredacted leaves this module.
 */
function sanitize(doc: Obj, info: ResourceInfo): Obj {
  return redactObject(dropManagedFields(doc), { kind: info.kind });
}

/**
 * A Table row's object (PartialObjectMetadata) is read only for the
 * namespace column and the labels: the rest of its metadata (annotations,
 * owner references, managedFields) is dropped before redaction walks it.
 */
function keepRowMetadata(doc: Obj): void {
  if (doc.kind !== "Table" || !Array.isArray(doc.rows)) return;
  for (const row of doc.rows as Obj[]) {
    const object = row.object as Obj | undefined;
    if (typeof object !== "object" || object === null) continue;
    const meta = (object.metadata ?? {}) as Obj;
    row.object = {
      ...(object.kind === undefined ? {} : { kind: object.kind }),
      ...(object.apiVersion === undefined ? {} : { apiVersion: object.apiVersion }),
      metadata: { name: meta.name, namespace: meta.namespace, labels: meta.labels },
    };
  }
}

/** List items carry no kind/apiVersion; kubectl's output shows them. */
export function withType(object: Obj, info: ResourceInfo): Obj {
  if (typeof object.kind === "string" && typeof object.apiVersion === "string") return object;
  return { apiVersion: info.groupVersion, kind: info.kind, ...object };
}

function listItems(doc: Obj, info: ResourceInfo): Obj[] {
  const items = Array.isArray(doc.items) ? (doc.items as Obj[]) : [];
  return items.map((item) => withType(item, info));
}

function tableColumns(doc: Obj): TableColumn[] {
  const defs = Array.isArray(doc.columnDefinitions) ? (doc.columnDefinitions as Obj[]) : [];
  return defs.map((d) => ({
    name: typeof d.name === "string" ? d.name : "",
    priority: typeof d.priority === "number" ? d.priority : 0,
    ...(typeof d.type === "string" ? { type: d.type } : {}),
    ...(typeof d.format === "string" ? { format: d.format } : {}),
  }));
}

function tableRows(doc: Obj, info: ResourceInfo): TableRow[] {
  const rows = Array.isArray(doc.rows) ? (doc.rows as Obj[]) : [];
  return rows.map((row) => {
    const cells = Array.isArray(row.cells) ? (row.cells as unknown[]) : [];
    const object =
      typeof row.object === "object" && row.object !== null ? (row.object as Obj) : undefined;
    return object === undefined ? { cells } : { cells, object: withType(object, info) };
  });
}

function remainingCount(doc: Obj): number | undefined {
  const metadata = doc.metadata as { remainingItemCount?: unknown } | undefined;
  return typeof metadata?.remainingItemCount === "number" ? metadata.remainingItemCount : undefined;
}

function continueToken(doc: Obj): string | undefined {
  const metadata = doc.metadata as { continue?: unknown } | undefined;
  return typeof metadata?.continue === "string" && metadata.continue !== ""
    ? metadata.continue
    : undefined;
}

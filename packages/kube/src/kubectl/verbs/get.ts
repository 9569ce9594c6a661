import { KubeError, isKubeError } from "../../errors";
import { typePrefix } from "../../connection/resourceInfo";
import type { ResourceInfo } from "../../connection/resourceInfo";
import { fallbackTable } from "../../output/columns/fallbackTable";
import { printCustomColumns } from "../../output/customColumns";
import { asList, toJson, toYaml } from "../../output/printObjects";
import { sortByPath } from "../../output/sortBy";
import type { KubeTable, TableSection } from "../../output/table";
import { printTables } from "../../output/table";
import type { Obj } from "../fetch";
import { getResource, listResource } from "../fetch";
import { parseOutputFormat } from "../outputFormat";
import type { Target } from "../targets";
import { resolveTargets } from "../targets";
import type { VerbContext, VerbOutput } from "../verbContext";
import { notFoundLine, noResourcesNote, scopeOf } from "./common";

const HINT = "-l, --field-selector, a name, or -o name";
/** Rows or objects kept in `structured` (the UI pages; the LLM sees the bounded text). */
const MAX_STRUCTURED = 1_000;

/** `kubectl get`: tables (server-side Table columns), wide, labels, sort, and every -o format. */
export async function runGet(ctx: VerbContext): Promise<VerbOutput> {
  const flags = ctx.command.flags;
  const format = parseOutputFormat(flags.string("output"));
  const resolved = await resolveTargets(ctx, ctx.command.args, "get");
  const selectors = {
    labelSelector: flags.string("selector"),
    fieldSelector: flags.string("field-selector"),
  };
  if (resolved.named && (selectors.labelSelector || selectors.fieldSelector)) {
    throw new KubeError("usage", "name cannot be provided when a selector is specified");
  }
  const sortBy = flags.string("sort-by");
  const errors: string[] = [];
  const ignoreMissing = flags.bool("ignore-not-found");
  // Without a sort, a list is read only as far as the output can show (plus the count of the rest).
  const budget = sortBy === undefined ? ctx.limits.maxLines : undefined;

  if (format.kind === "table") {
    const sections: TableSection[] = [];
    let unfetched = 0;
    // kubectl keeps the NAMESPACE column for cluster-scoped types printed after a namespaced one.
    let namespaceColumn = false;
    for (const target of resolved.targets) {
      const read = { selectors, fullObjects: Boolean(sortBy), budget, errors, ignoreMissing };
      const got = await readTable(ctx, target, read);
      unfetched += got.remaining;
      const table = sortBy ? sortTable(got.table, sortBy) : got.table;
      sections.push({
        table,
        typePrefix: typePrefix(target.info),
        withNamespace: ctx.allNamespaces && (target.info.namespaced || namespaceColumn),
      });
      if (ctx.allNamespaces && target.info.namespaced && table.rows.length > 0)
        namespaceColumn = true;
    }
    const printed = printTables(sections, {
      wide: format.wide,
      withKind: resolved.multipleTypes || flags.bool("show-kind"),
      showLabels: flags.bool("show-labels"),
      labelColumns: flags.strings("label-columns"),
      noHeaders: flags.bool("no-headers"),
    });
    const empty = sections.every((s) => s.table.rows.length === 0);
    return {
      text: printed.text,
      structured: { kind: "table", tables: capTables(printed.structured) },
      notes: empty && errors.length === 0 ? [noResourcesNote(ctx, resolved.targets)] : [],
      errors,
      hint: HINT,
      unfetchedLines: unfetched,
    };
  }

  let items: Obj[] = [];
  let unfetched = 0;
  // jsonpath may fold many objects into one line: it always reads everything.
  const objectBudget = format.kind === "jsonpath" ? undefined : budget;
  for (const target of resolved.targets) {
    const read = { selectors, budget: objectBudget, errors, ignoreMissing };
    const got = await readObjects(ctx, target, read);
    items.push(...got.items);
    unfetched += got.remaining;
  }
  if (sortBy) items = sortByPath(items, sortBy, (item) => item);
  const single =
    resolved.named && resolved.targets.length === 1 && resolved.targets[0]!.names.length === 1;
  const notes =
    items.length === 0 && errors.length === 0 && format.kind !== "yaml" && format.kind !== "json"
      ? [noResourcesNote(ctx, resolved.targets)]
      : [];
  const structured = { kind: "objects", items: items.slice(0, MAX_STRUCTURED) };
  const base = { structured, notes, errors, hint: HINT };
  switch (format.kind) {
    case "yaml":
    case "json": {
      // Render whole objects only as far as the line budget goes; say how many were left out.
      const render = format.kind === "yaml" ? toYaml : toJson;
      const shown = fitObjects(items, render, ctx.limits.maxLines);
      const left = items.length - shown.length + unfetched;
      return {
        ...base,
        text: render(asList(shown, single)),
        ...(left > 0 ? { omittedNote: `${left.toLocaleString("en-US")} more objects` } : {}),
      };
    }
    case "name":
      return {
        ...base,
        text: items.map((item) => `${prefixOf(item, resolved.targets)}/${nameOf(item)}`).join("\n"),
        unfetchedLines: unfetched,
      };
    case "jsonpath": {
      const document = asList(items, single);
      return {
        ...base,
        text: format.asJson
          ? toJson(format.template.values(document))
          : format.template.print(document),
      };
    }
    case "custom-columns": {
      if (items.length === 0) return { ...base, text: "" };
      const printed = printCustomColumns(format.columns, items, flags.bool("no-headers"));
      return {
        ...base,
        text: printed.text,
        structured: { kind: "table", tables: capTables([{ kind: "", ...printed.structured }]) },
        unfetchedLines: unfetched,
      };
    }
  }
}

interface ReadOptions {
  selectors: { labelSelector: string | undefined; fieldSelector: string | undefined };
  fullObjects?: boolean;
  budget: number | undefined;
  errors: string[];
  ignoreMissing: boolean;
}

/** The first objects whose rendering fits in `maxLines` (at least one). */
function fitObjects(items: Obj[], render: (value: unknown) => string, maxLines: number): Obj[] {
  // One object is always shown: no need to render it twice.
  if (items.length <= 1) return items;
  let lines = 4; // the List wrapper
  let count = 0;
  for (const item of items) {
    lines += render(item).split("\n").length;
    if (count > 0 && lines > maxLines) break;
    count++;
  }
  return items.slice(0, count);
}

async function readTable(
  ctx: VerbContext,
  target: Target,
  read: ReadOptions,
): Promise<{ table: KubeTable; remaining: number }> {
  const { info } = target;
  const namespace = scopeOf(ctx, info);
  if (target.names.length === 0) {
    const listing = await listResource(
      ctx,
      info,
      { namespace, ...definedOnly(read.selectors) },
      {
        table: true,
        fullObjects: read.fullObjects === true,
        ...(read.budget ? { budget: read.budget } : {}),
      },
    );
    const table =
      listing.kind === "table" ? listing.table : fallbackTable(info.kind, listing.items, ctx.now);
    return { table, remaining: listing.remaining };
  }
  let merged: KubeTable | undefined;
  for (const name of target.names) {
    try {
      const got = await getResource(ctx, info, namespace, name, {
        table: true,
        fullObjects: read.fullObjects === true,
      });
      const table =
        got.kind === "table" ? got.table : fallbackTable(info.kind, [got.object], ctx.now);
      merged = merged ? { columns: merged.columns, rows: [...merged.rows, ...table.rows] } : table;
    } catch (error) {
      if (!isKubeError(error, "not_found")) throw error;
      if (!read.ignoreMissing) read.errors.push(notFoundLine(info, name));
    }
  }
  return { table: merged ?? { columns: [], rows: [] }, remaining: 0 };
}

async function readObjects(
  ctx: VerbContext,
  target: Target,
  read: ReadOptions,
): Promise<{ items: Obj[]; remaining: number }> {
  const { info } = target;
  const namespace = scopeOf(ctx, info);
  if (target.names.length === 0) {
    const listing = await listResource(
      ctx,
      info,
      { namespace, ...definedOnly(read.selectors) },
      read.budget ? { budget: read.budget } : {},
    );
    return { items: listing.kind === "objects" ? listing.items : [], remaining: listing.remaining };
  }
  const out: Obj[] = [];
  for (const name of target.names) {
    try {
      const got = await getResource(ctx, info, namespace, name);
      if (got.kind === "object") out.push(got.object);
    } catch (error) {
      if (!isKubeError(error, "not_found")) throw error;
      if (!read.ignoreMissing) read.errors.push(notFoundLine(info, name));
    }
  }
  return { items: out, remaining: 0 };
}

function sortTable(table: KubeTable, expression: string): KubeTable {
  return { columns: table.columns, rows: sortByPath(table.rows, expression, (row) => row.object) };
}

function prefixOf(item: Obj, targets: Target[]): string {
  const info: ResourceInfo | undefined =
    targets.find((t) => t.info.kind === item.kind)?.info ?? targets[0]?.info;
  return info ? typePrefix(info) : String(item.kind).toLowerCase();
}

function nameOf(item: Obj): string {
  const metadata = item.metadata as { name?: unknown } | undefined;
  return typeof metadata?.name === "string" ? metadata.name : "";
}

function definedOnly(selectors: {
  labelSelector: string | undefined;
  fieldSelector: string | undefined;
}): { labelSelector?: string; fieldSelector?: string } {
  return {
    ...(selectors.labelSelector ? { labelSelector: selectors.labelSelector } : {}),
    ...(selectors.fieldSelector ? { fieldSelector: selectors.fieldSelector } : {}),
  };
}

function capTables<T extends { rows: string[][] }>(tables: T[]): (T & { truncated?: boolean })[] {
  return tables.map((t) =>
    t.rows.length > MAX_STRUCTURED
      ? { ...t, rows: t.rows.slice(0, MAX_STRUCTURED), truncated: true }
      : t,
  );
}

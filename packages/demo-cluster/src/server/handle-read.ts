import { ApiError, notFound } from "../api/status";
import { listJson, objectJson, type ListMeta } from "../api/serialize";
import { tableJson, partialListJson, type IncludeObject } from "../table/build-table";
import { tableSpecFor } from "../table/printers/index";
import type { Stored } from "../store/bucket";
import { matchesFields } from "../store/field-selector";
import { gzipSync } from "node:zlib";
import { send, sendBuffer } from "./http-io";
import { gzipOf } from "./response-cache";
import { queryInt, type ResourceRequest } from "./request";
import { selectorsOf } from "./selectors";
import { matchesLabels } from "../store/label-selector";
import { metricsView } from "./metrics-view";

/** GET of one object, as JSON, a one-row Table, or PartialObjectMetadata. */
export function handleGet(r: ResourceRequest): void {
  const name = r.route.name ?? "";
  const view = metricsView(r.state, r.key, r.route.namespace, r.now);
  const stored =
    view === undefined
      ? r.state.store.getStored(r.key, r.route.namespace, name)
      : view.find((s) => s.object.metadata.name === name);
  if (stored === undefined) throw notFound(r.type.group, r.type.plural, name);
  const meta: ListMeta = { resourceVersion: stored.object.metadata.resourceVersion ?? "" };
  respond(r, [stored], meta, false);
}

/** GET of a collection: selectors, pagination (`limit`/`continue`), any representation. */
export function handleList(r: ResourceRequest): void {
  checkListResourceVersion(r.url, r.state.store.resourceVersion);
  const view = metricsView(r.state, r.key, r.route.namespace, r.now);
  if (view !== undefined) {
    // Usage is derived on read (metrics-view.ts): never cached, never paginated, as metrics-server.
    const { labels, fields } = selectorsOf(r.url, r.type.kind);
    const items = view.filter(
      (s) => matchesLabels(labels, s.object.metadata.labels) && matchesFields(fields, s.object),
    );
    respond(r, items, { resourceVersion: "" }, true);
    return;
  }
  // A JSON list is the same bytes until something is written: serve it from the cache.
  const cacheKey =
    r.representation.as === "object"
      ? `${r.url.pathname}?${r.url.searchParams.toString()}#${r.state.store.resourceVersion}`
      : undefined;
  const hit = cacheKey === undefined ? undefined : r.cache.get(cacheKey);
  if (hit !== undefined) {
    sendBuffer(r.req, r.res, hit.body, () => gzipOf(hit));
    return;
  }
  const { labels, fields } = selectorsOf(r.url, r.type.kind);
  let items = r.state.store.list(r.key, r.route.namespace, labels);
  if (fields.length > 0) items = items.filter((s) => matchesFields(fields, s.object));
  const meta: ListMeta = { resourceVersion: String(r.state.store.resourceVersion) };
  const start = decodeContinue(r.url.searchParams.get("continue"));
  if (start !== undefined) {
    let i = 0;
    while (i < items.length && (items[i]?.key ?? "") <= start) i++;
    items = items.slice(i);
  }
  const limit = queryInt(r.url, "limit");
  if (limit !== undefined && limit > 0 && items.length > limit) {
    const page = items.slice(0, limit);
    meta.continue = encodeContinue(page[page.length - 1]?.key ?? "", r.state.store.resourceVersion);
    meta.remainingItemCount = items.length - limit;
    items = page;
  }
  if (cacheKey !== undefined) {
    const entry = r.cache.put(cacheKey, Buffer.from(listJson(r.type, items, meta)));
    sendBuffer(r.req, r.res, entry.body, () => gzipOf(entry));
    return;
  }
  respond(r, items, meta, true);
}

function respond(r: ResourceRequest, items: Stored[], meta: ListMeta, list: boolean): void {
  const rep = r.representation;
  switch (rep.as) {
    case "Table": {
      const spec = tableSpecFor(r.type, r.state.crds.get(`${r.type.group}/${r.type.plural}`));
      const table = Buffer.from(
        tableJson(r.type, spec, items, meta, {
          includeObject: includeObjectOf(r.url),
          version: rep.version,
          now: r.now,
          withColumns: true,
        }),
      );
      sendBuffer(r.req, r.res, table, () => gzipSync(table, { level: 1 }));
      return;
    }
    case "PartialObjectMetadata":
      if (list) send(r.res, 200, partialListJson(items, meta, rep.version));
      else {
        const s = items[0];
        send(
          r.res,
          200,
          JSON.stringify({
            kind: "PartialObjectMetadata",
            apiVersion: `meta.k8s.io/${rep.version}`,
            metadata: s?.object.metadata ?? {},
          }),
        );
      }
      return;
    case "object":
    case "APIGroupDiscoveryList": {
      const first = items[0];
      if (!list && first !== undefined) send(r.res, 200, objectJson(r.type, first));
      else send(r.res, 200, listJson(r.type, items, meta));
      return;
    }
  }
}

/**
 * `resourceVersion` / `resourceVersionMatch` on a list. The simulator keeps no
 * old states, only the current one, so it serves every list from now — which
 * is exactly what the real semantics allow for unset (most recent), "0" (any)
 * and NotOlderThan N (at least N: now is, for any N up to now). What it
 * cannot serve it refuses as the real server does: Exact N for an N older
 * than now is 410 Expired (etcd compacted it; here it was never kept), and an
 * N newer than now is 504 "Too large resource version" (the real server waits
 * 3 s for its cache first; the simulator answers at once, as nothing else
 * could bring the version forward).
 */
function checkListResourceVersion(url: URL, current: number): void {
  const rv = url.searchParams.get("resourceVersion") ?? "";
  const match = url.searchParams.get("resourceVersionMatch") ?? "";
  if (match !== "" && match !== "Exact" && match !== "NotOlderThan")
    throw new ApiError(
      "BadRequest",
      `resourceVersionMatch: Unsupported value: "${match}": supported values: "Exact", "NotOlderThan"`,
    );
  if (match !== "" && rv === "")
    throw new ApiError(
      "BadRequest",
      "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided",
    );
  const continuing = (url.searchParams.get("continue") ?? "") !== "";
  if (match !== "" && continuing)
    throw new ApiError(
      "BadRequest",
      "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided",
    );
  // "0" is let through with a token, as the real storage does (refusing it would break clients).
  if (rv !== "" && rv !== "0" && continuing)
    throw new ApiError(
      "BadRequest",
      "specifying resource version is not allowed when using continue",
    );
  if (rv === "") return;
  if (!/^\d+$/.test(rv))
    throw new ApiError("BadRequest", `resourceVersion: Invalid value: "${rv}": must be an integer`);
  const n = Number(rv);
  if (match === "Exact" && n === 0)
    throw new ApiError(
      "BadRequest",
      'resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"',
    );
  if (n > current)
    throw new ApiError("Timeout", `Too large resource version: ${n}, current: ${current}`, {
      causes: [
        {
          reason: "ResourceVersionTooLarge",
          message: `Too large resource version: ${n}, current: ${current}`,
        },
      ],
      retryAfterSeconds: 1,
    });
  if (match === "Exact" && n < current)
    throw new ApiError(
      "Expired",
      `The resourceVersion for the provided list is too old: ${n} (the simulator serves only the current state, ${current})`,
    );
}

export function includeObjectOf(url: URL): IncludeObject {
  const v = url.searchParams.get("includeObject");
  if (v === null || v === "") return "Metadata";
  if (v === "None" || v === "Metadata" || v === "Object") return v;
  throw new ApiError(
    "BadRequest",
    `includeObject: unsupported value "${v}" (None, Metadata or Object)`,
  );
}

/**
 * The continue token names the last key returned. Unlike etcd, pages are not
 * a snapshot: objects written between pages show their new state (documented
 * in docs/demo-cluster.md).
 */
function encodeContinue(key: string, rv: number): string {
  return Buffer.from(JSON.stringify({ v: "meta.k8s.io/v1", rv, start: key })).toString("base64url");
}

function decodeContinue(token: string | null): string | undefined {
  if (token === null || token === "") return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (
      typeof value === "object" &&
      value !== null &&
      typeof (value as { start?: unknown }).start === "string"
    ) {
      return (value as { start: string }).start;
    }
  } catch {
    // fall through to the error below
  }
  throw new ApiError(
    "BadRequest",
    "continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)",
  );
}

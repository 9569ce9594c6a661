import { objectJson } from "../api/serialize";
import { statusObject } from "../api/status";
import { tableJson } from "../table/build-table";
import { tableSpecFor } from "../table/printers/index";
import type { Stored } from "../store/bucket";
import { matchesFields } from "../store/field-selector";
import { matchesLabels } from "../store/label-selector";
import type { Change, ChangeType } from "../store/object-store";
import type { KubeObject } from "../util/json";
import { includeObjectOf } from "./handle-read";
import { queryBool, queryInt, type ResourceRequest } from "./request";
import { selectorsOf } from "./selectors";

/** Open watches, so that close() and reset() can end them. */
export type WatchSet = Set<() => void>;

/** Server-side cap on a watch when the client gives no timeoutSeconds. @default 1800 */
const DEFAULT_WATCH_SECONDS = 1800;

/**
 * `?watch=1`: a chunked stream of `{"type":…,"object":…}` lines. Without a
 * resourceVersion (or with "0") the current objects come first as ADDED, as
 * the real server does; with one, the changes since then (or an ERROR 410
 * when it is older than the history kept). Label and field selectors apply to
 * both the old and the new state, so an object that stops matching is sent as
 * DELETED. Table watches send column definitions only in the first event.
 */
export function handleWatch(r: ResourceRequest, open: WatchSet): void {
  const { labels, fields } = selectorsOf(r.url, r.type.kind);
  const namespace = r.route.namespace;
  const name = r.route.name;
  const matches = (o: KubeObject | undefined): boolean =>
    o !== undefined &&
    (namespace === undefined || o.metadata.namespace === namespace) &&
    (name === undefined || o.metadata.name === name) &&
    matchesLabels(labels, o.metadata.labels) &&
    matchesFields(fields, o);
  const res = r.res;
  res.writeHead(200, {
    "Content-Type": "application/json",
    "Transfer-Encoding": "chunked",
    "Cache-Control": "no-cache, private",
  });
  res.flushHeaders();
  let columnsSent = false;
  const encode = (type: ChangeType | "BOOKMARK", s: Stored): string => {
    if (r.representation.as === "Table") {
      const spec = tableSpecFor(r.type, r.state.crds.get(`${r.type.group}/${r.type.plural}`));
      const table = tableJson(
        r.type,
        spec,
        [s],
        { resourceVersion: s.object.metadata.resourceVersion ?? "" },
        {
          includeObject: includeObjectOf(r.url),
          version: r.representation.version,
          now: Date.now(),
          withColumns: !columnsSent,
        },
      );
      columnsSent = true;
      return `{"type":"${type}","object":${table}}\n`;
    }
    return `{"type":"${type}","object":${objectJson(r.type, s)}}\n`;
  };
  const write = (text: string): void => {
    if (!res.writableEnded) res.write(text);
  };
  const emit = (c: Change): void => {
    if (c.resource !== r.key) return;
    const before = matches(c.previous);
    const after = matches(c.object);
    let type: ChangeType;
    if (c.type === "DELETED") {
      if (!before) return;
      type = "DELETED";
    } else if (before && after) type = "MODIFIED";
    else if (after) type = "ADDED";
    else if (before) type = "DELETED";
    else return;
    write(encode(type, { object: c.object, key: "", json: undefined }));
  };

  const rvParam = r.url.searchParams.get("resourceVersion") ?? "";
  if (rvParam === "" || rvParam === "0" || queryBool(r.url, "sendInitialEvents")) {
    for (const s of r.state.store.list(r.key, namespace, labels))
      if (matches(s.object)) write(encode("ADDED", s));
    if (queryBool(r.url, "sendInitialEvents") && queryBool(r.url, "allowWatchBookmarks")) {
      write(
        `{"type":"BOOKMARK","object":${JSON.stringify(bookmark(r, String(r.state.store.resourceVersion), true))}}\n`,
      );
    }
  } else {
    const since = r.state.store.changesSince(Number(rvParam));
    if (since === undefined || Number.isNaN(Number(rvParam))) {
      const status = statusObject(
        "Expired",
        `too old resource version: ${rvParam} (${r.state.store.oldestResumable})`,
      );
      write(`{"type":"ERROR","object":${JSON.stringify(status)}}\n`);
      res.end();
      return;
    }
    for (const c of since) emit(c);
  }
  const unsubscribe = r.state.store.subscribe(emit);
  const timeout = setTimeout(
    () => stop(),
    (queryInt(r.url, "timeoutSeconds") ?? DEFAULT_WATCH_SECONDS) * 1000,
  );
  const stop = (): void => {
    clearTimeout(timeout);
    unsubscribe();
    open.delete(stop);
    if (!res.writableEnded) res.end();
  };
  open.add(stop);
  r.req.on("close", stop);
  res.on("close", stop);
}

function bookmark(r: ResourceRequest, rv: string, initialEnd: boolean): Record<string, unknown> {
  const meta: Record<string, unknown> = { resourceVersion: rv };
  if (initialEnd) meta.annotations = { "k8s.io/initial-events-end": "true" };
  return {
    kind: r.type.kind,
    apiVersion: r.type.group === "" ? r.type.version : `${r.type.group}/${r.type.version}`,
    metadata: meta,
  };
}

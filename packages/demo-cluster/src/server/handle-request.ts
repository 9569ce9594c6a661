import type { IncomingMessage, ServerResponse } from "node:http";
import { representation } from "../api/accept";
import {
  aggregatedDiscovery,
  apiGroupDoc,
  apiGroupList,
  apiResourceList,
  apiVersions,
  AGGREGATED_CONTENT_TYPE,
  SERVER_VERSION,
} from "../api/discovery";
import { ApiError, notFound, statusObject } from "../api/status";
import { matchesFields } from "../store/field-selector";
import type { Reconciler } from "../reconcile/reconciler";
import type { ClusterState } from "./cluster-state";
import { handleGet, handleList } from "./handle-read";
import { handleLog } from "./handle-log";
import { handleScale } from "./handle-scale";
import { handleWatch, type WatchSet } from "./handle-watch";
import {
  handleCreate,
  handleDelete,
  handleDeleteCollection,
  handlePatch,
  handleUpdate,
  successAnswer,
} from "./handle-write";
import { deleteObject } from "./delete-object";
import { send, sendError, sendJson } from "./http-io";
import { keyOf, queryBool, resolveType, type ResourceRequest } from "./request";
import type { ResponseCache } from "./response-cache";
import { parseRoute, type ResourceRoute } from "./route";
import { selectorsOf } from "./selectors";

export interface ServerContext {
  state: ClusterState;
  cache: ResponseCache;
  reconciler: Reconciler;
  token: string;
  watches: WatchSet;
  /** host:port, for the APIVersions document. */
  address(): string;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Every request: authentication, routing, and errors as Status objects. */
export async function handleRequest(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const url = new URL(req.url ?? "/", "http://demo.invalid");
    const route = parseRoute(url.pathname);
    if (route.type === "health") {
      send(res, 200, "ok", "text/plain");
      return;
    }
    if (req.headers.authorization !== `Bearer ${ctx.token}`) {
      sendJson(res, 401, { ...statusObject("Unauthorized", "Unauthorized"), details: undefined });
      return;
    }
    const accept = representation(req.headers.accept);
    switch (route.type) {
      case "version":
        sendJson(res, 200, SERVER_VERSION);
        return;
      case "openapi":
        // No OpenAPI documents: kubectl then validates client-side only (use --validate=false for create/apply).
        throw new ApiError("NotFound", "the server could not find the requested resource");
      case "coreVersions":
        if (accept.as === "APIGroupDiscoveryList")
          send(
            res,
            200,
            JSON.stringify(aggregatedDiscovery(ctx.state.types, true)),
            AGGREGATED_CONTENT_TYPE,
          );
        else sendJson(res, 200, apiVersions(ctx.address()));
        return;
      case "groups":
        if (accept.as === "APIGroupDiscoveryList")
          send(
            res,
            200,
            JSON.stringify(aggregatedDiscovery(ctx.state.types, false)),
            AGGREGATED_CONTENT_TYPE,
          );
        else sendJson(res, 200, apiGroupList(ctx.state.types));
        return;
      case "group": {
        const doc = apiGroupDoc(ctx.state.types, route.group);
        if (doc === undefined)
          throw new ApiError("NotFound", "the server could not find the requested resource");
        sendJson(res, 200, doc);
        return;
      }
      case "groupVersion": {
        const doc = apiResourceList(ctx.state.types, route.group, route.version);
        if (doc === undefined)
          throw new ApiError("NotFound", "the server could not find the requested resource");
        sendJson(res, 200, doc);
        return;
      }
      case "unknown":
        throw new ApiError("NotFound", "the server could not find the requested resource");
      case "resource":
        await handleResource(ctx, req, res, url, route);
        if (WRITE_METHODS.has(req.method ?? "GET")) ctx.reconciler.run();
        return;
    }
  } catch (error) {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof ApiError) sendError(res, error);
    else
      sendError(
        res,
        new ApiError("InternalError", `Internal error occurred: ${(error as Error).message}`),
      );
  }
}

async function handleResource(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  route: ResourceRoute,
): Promise<void> {
  const type = resolveType(ctx.state, route);
  const r: ResourceRequest = {
    state: ctx.state,
    req,
    res,
    url,
    route,
    type,
    key: keyOf(type),
    representation: representation(req.headers.accept),
    now: Date.now(),
    cache: ctx.cache,
  };
  const method = req.method ?? "GET";
  const sub = route.subresource;
  if (sub !== undefined) {
    if (
      !type.subresources.includes(sub) &&
      !(
        type.kind === "Pod" &&
        [
          "eviction",
          "exec",
          "attach",
          "portforward",
          "proxy",
          "binding",
          "ephemeralcontainers",
        ].includes(sub)
      )
    ) {
      throw new ApiError("NotFound", "the server could not find the requested resource");
    }
    switch (sub) {
      case "log":
        return method === "GET" ? handleLog(r) : methodNotAllowed();
      case "scale":
        return handleScale(r);
      case "status":
        return method === "GET"
          ? handleGet(r)
          : method === "PUT"
            ? handleUpdate(r)
            : method === "PATCH"
              ? handlePatch(r)
              : methodNotAllowed();
      case "eviction": {
        if (method !== "POST") return methodNotAllowed();
        const pod = ctx.state.store.get("/pods", route.namespace, route.name ?? "");
        if (pod === undefined) throw notFound("", "pods", route.name ?? "");
        deleteObject(ctx.state, "/pods", pod, false);
        return successAnswer(r, pod.metadata.name);
      }
      default:
        throw new ApiError(
          "BadRequest",
          `${sub} is not available: the demo cluster simulates the API, it runs no containers`,
        );
    }
  }
  if (route.name === undefined) {
    switch (method) {
      case "GET":
        if (queryBool(url, "watch")) return handleWatch(r, ctx.watches);
        return handleList(r);
      case "POST":
        return handleCreate(r);
      case "DELETE": {
        const { labels, fields } = selectorsOf(url, type.kind);
        const items = ctx.state.store
          .objects(r.key, route.namespace, labels)
          .filter((o) => matchesFields(fields, o));
        return handleDeleteCollection(r, items);
      }
      default:
        return methodNotAllowed();
    }
  }
  switch (method) {
    case "GET":
      if (queryBool(url, "watch")) return handleWatch(r, ctx.watches);
      return handleGet(r);
    case "PUT":
      return handleUpdate(r);
    case "PATCH":
      return handlePatch(r);
    case "DELETE":
      return handleDelete(r);
    default:
      return methodNotAllowed();
  }
}

function methodNotAllowed(): never {
  throw new ApiError(
    "MethodNotAllowed",
    "the server does not allow this method on the requested resource",
  );
}

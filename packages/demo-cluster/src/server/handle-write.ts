import { alreadyExists, ApiError, conflict, notFound, successStatus } from "../api/status";
import { applyJsonPatch } from "../patch/json-patch";
import { applyMergePatch } from "../patch/merge-patch";
import { PatchError } from "../patch/patch-error";
import { applyStrategicMergePatch } from "../patch/strategic-merge-patch";
import { formatTime } from "../scenario/relative-time";
import { applyDefaults } from "../scenario/workload-defaults";
import {
  asObject,
  clone,
  isObject,
  jsonEqual,
  type JsonObject,
  type KubeObject,
} from "../util/json";
import { deterministicUid, randomSuffix } from "../util/uid";
import { admit } from "./admission";
import { deleteObject } from "./delete-object";
import { parseObjectBody, readBody, readBodyBytes, sendJson } from "./http-io";
import { decodeProtobufBody, isProtobuf } from "./protobuf-body";
import { apiVersionOf } from "../api/type-registry";
import { viewOf } from "../api/serialize";
import type { ResourceRequest } from "./request";

/** `?dryRun=All`: validate and answer as if written, change nothing. */
function dryRun(r: ResourceRequest): boolean {
  return r.url.searchParams.getAll("dryRun").includes("All");
}

/** POST to a collection. */
export async function handleCreate(r: ResourceRequest): Promise<void> {
  const contentType = r.req.headers["content-type"];
  const body = isProtobuf(contentType)
    ? decodeProtobufBody(await readBodyBytes(r.req))
    : parseObjectBody(await readBody(r.req), contentType);
  const created = createObject(r, body);
  sendJson(r.res, 201, viewOf(r.type, created));
}

/** Creates an object from a request body (also used by server-side apply of a new object). */
function createObject(r: ResourceRequest, body: JsonObject): KubeObject {
  const o = clone(body);
  checkKind(r, o);
  const meta = asObject(o.metadata);
  o.metadata = meta;
  if (r.type.namespaced) {
    const ns = r.route.namespace ?? "";
    if (typeof meta.namespace === "string" && meta.namespace !== ns) {
      throw new ApiError(
        "BadRequest",
        "the namespace of the provided object does not match the namespace sent on the request",
      );
    }
    meta.namespace = ns;
    if (r.state.store.get("/namespaces", undefined, ns) === undefined)
      throw notFound("", "namespaces", ns);
  }
  if (
    (typeof meta.name !== "string" || meta.name === "") &&
    typeof meta.generateName === "string" &&
    meta.generateName !== ""
  ) {
    meta.name = `${meta.generateName}${randomSuffix(5)}`;
  }
  if (typeof meta.name !== "string" || meta.name === "") {
    throw new ApiError(
      "Invalid",
      `${r.type.kind} "" is invalid: metadata.name: Required value: name or generateName is required`,
      { kind: r.type.kind, group: r.type.group },
    );
  }
  if (r.state.store.get(r.key, r.route.namespace, meta.name) !== undefined)
    throw alreadyExists(r.type.group, r.type.plural, meta.name);
  const now = Date.now();
  meta.uid = deterministicUid(
    `${r.type.kind}/${r.route.namespace ?? ""}/${meta.name}/${now}/${randomSuffix(8)}`,
  );
  meta.creationTimestamp = formatTime(now);
  delete meta.resourceVersion;
  delete meta.deletionTimestamp;
  if (isObject(o.spec) && r.type.kind !== "Pod") meta.generation = 1;
  const object = admit(r.type, o, undefined);
  applyDefaults(object);
  if (dryRun(r)) return object;
  if (object.kind === "CustomResourceDefinition") r.state.learnCrd(object);
  return r.state.store.put(r.key, object);
}

/** PUT of an object or of its status subresource. */
export async function handleUpdate(r: ResourceRequest): Promise<void> {
  const body = parseObjectBody(await readBody(r.req), r.req.headers["content-type"]);
  const current = current_(r);
  const bodyRv = asObject(body.metadata).resourceVersion;
  if (typeof bodyRv === "string" && bodyRv !== "" && bodyRv !== current.metadata.resourceVersion) {
    throw conflict(r.type.group, r.type.plural, current.metadata.name);
  }
  const name = asObject(body.metadata).name;
  if (typeof name === "string" && name !== current.metadata.name) {
    throw new ApiError(
      "BadRequest",
      `the name of the object (${name}) does not match the name on the URL (${current.metadata.name})`,
    );
  }
  sendJson(r.res, 200, viewOf(r.type, replaceObject(r, current, body)));
}

/** PATCH of an object or of its status subresource, in any of the patch formats kubectl sends. */
export async function handlePatch(r: ResourceRequest): Promise<void> {
  const text = await readBody(r.req);
  const contentType = (r.req.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "";
  const current = r.state.store.get(r.key, r.route.namespace, r.route.name ?? "");
  if (current === undefined && contentType === "application/apply-patch+yaml") {
    // Server-side apply of a new object creates it.
    sendJson(
      r.res,
      201,
      viewOf(r.type, createObject(r, parseObjectBody(text, "application/yaml"))),
    );
    return;
  }
  if (current === undefined) throw notFound(r.type.group, r.type.plural, r.route.name ?? "");
  const patched = patchDocument(viewOf(r.type, current), text, contentType);
  sendJson(r.res, 200, viewOf(r.type, replaceObject(r, current, patched)));
}

/** Applies a patch body of the given content type to a document. */
export function patchDocument(doc: KubeObject, text: string, contentType: string): JsonObject {
  let patch: unknown;
  try {
    patch =
      contentType === "application/apply-patch+yaml"
        ? parseObjectBody(text, "application/yaml")
        : JSON.parse(text);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("BadRequest", `error decoding patch: ${(error as Error).message}`);
  }
  try {
    let result: unknown;
    switch (contentType) {
      case "application/json-patch+json":
        result = applyJsonPatch(doc, patch);
        break;
      case "application/merge-patch+json":
        result = applyMergePatch(doc, patch);
        break;
      case "application/strategic-merge-patch+json":
      case "application/apply-patch+yaml":
        // Server-side apply is approximated by a strategic merge of the applied configuration.
        result = applyStrategicMergePatch(doc, patch);
        break;
      default:
        throw new ApiError(
          "UnsupportedMediaType",
          `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/strategic-merge-patch+json`,
        );
    }
    if (!isObject(result)) throw new PatchError("the patched document is not an object", "apply");
    return result;
  } catch (error) {
    if (error instanceof PatchError) {
      throw error.kind === "decode"
        ? new ApiError("BadRequest", error.message)
        : new ApiError("Invalid", error.message);
    }
    throw error;
  }
}

/**
 * Stores `next` in place of `current`: identity fields are kept, status is
 * kept on the main resource and only status changes on /status (for kinds
 * with a status subresource), generation moves when the spec changes.
 */
export function replaceObject(
  r: ResourceRequest,
  current: KubeObject,
  nextRaw: JsonObject,
): KubeObject {
  const next = clone(nextRaw);
  const meta = asObject(next.metadata);
  next.metadata = meta;
  const cm = current.metadata;
  if (meta.name !== undefined && meta.name !== cm.name)
    throw new ApiError(
      "Invalid",
      `${r.type.kind} "${cm.name}" is invalid: metadata.name: Invalid value: ${JSON.stringify(meta.name)}: field is immutable`,
    );
  if (meta.namespace !== undefined && meta.namespace !== cm.namespace)
    throw new ApiError(
      "BadRequest",
      "the namespace of the provided object does not match the namespace sent on the request",
    );
  meta.name = cm.name;
  if (cm.namespace !== undefined) meta.namespace = cm.namespace;
  meta.uid = cm.uid;
  meta.creationTimestamp = cm.creationTimestamp;
  if (cm.deletionTimestamp !== undefined) meta.deletionTimestamp = cm.deletionTimestamp;
  next.apiVersion =
    apiVersionOf(r.type) === "events.k8s.io/v1"
      ? current.apiVersion
      : typeof next.apiVersion === "string"
        ? next.apiVersion
        : current.apiVersion;
  next.kind = current.kind;
  const hasStatus = r.type.subresources.includes("status");
  if (r.route.subresource === "status") {
    const statusOnly = { ...current, status: next.status };
    return store(r, current, admit(r.type, statusOnly, current));
  }
  if (hasStatus) {
    if (current.status === undefined) delete next.status;
    else next.status = current.status;
  }
  if (isObject(next.spec) && r.type.kind !== "Pod") {
    meta.generation = jsonEqual(next.spec, current.spec)
      ? (cm.generation ?? 1)
      : (cm.generation ?? 1) + 1;
  }
  const object = admit(r.type, next, current);
  applyDefaults(object);
  return store(r, current, object);
}

function store(r: ResourceRequest, current: KubeObject, object: KubeObject): KubeObject {
  if (dryRun(r)) return object;
  if (
    jsonEqual(
      { ...object, metadata: { ...object.metadata, resourceVersion: undefined } },
      { ...current, metadata: { ...current.metadata, resourceVersion: undefined } },
    )
  ) {
    // No change: the real server does not bump the resourceVersion either.
    return current;
  }
  if (object.kind === "CustomResourceDefinition") r.state.learnCrd(object);
  return r.state.store.put(r.key, object);
}

/** DELETE of one object (with cascading to its dependents unless orphaned). */
export async function handleDelete(r: ResourceRequest): Promise<void> {
  const options = await deleteOptions(r);
  const current = current_(r);
  const pre = asObject(options.preconditions);
  if (typeof pre.uid === "string" && pre.uid !== current.metadata.uid) {
    throw new ApiError(
      "Conflict",
      `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${current.metadata.uid ?? ""}`,
    );
  }
  if (
    typeof pre.resourceVersion === "string" &&
    pre.resourceVersion !== current.metadata.resourceVersion
  ) {
    throw conflict(r.type.group, r.type.plural, current.metadata.name);
  }
  if (dryRun(r)) {
    sendJson(r.res, 200, viewOf(r.type, current));
    return;
  }
  const policy =
    r.url.searchParams.get("propagationPolicy") ??
    (typeof options.propagationPolicy === "string" ? options.propagationPolicy : "Background");
  const deleted = deleteObject(r.state, r.key, current, policy === "Orphan");
  sendJson(r.res, 200, viewOf(r.type, deleted));
}

/** DELETE of a collection (deletecollection), with selectors. */
export async function handleDeleteCollection(
  r: ResourceRequest,
  items: KubeObject[],
): Promise<void> {
  const options = await deleteOptions(r);
  const orphan =
    (r.url.searchParams.get("propagationPolicy") ?? options.propagationPolicy) === "Orphan";
  const deleted = dryRun(r) ? items : items.map((o) => deleteObject(r.state, r.key, o, orphan));
  sendJson(r.res, 200, {
    kind: `${r.type.kind}List`,
    apiVersion: apiVersionOf(r.type),
    metadata: { resourceVersion: String(r.state.store.resourceVersion) },
    items: deleted.map((o) => viewOf(r.type, o)),
  });
}

export function successAnswer(r: ResourceRequest, name: string): void {
  sendJson(r.res, 201, successStatus({ name, group: r.type.group, kind: r.type.plural }));
}

async function deleteOptions(r: ResourceRequest): Promise<JsonObject> {
  const text = await readBody(r.req);
  // Typed clients send DeleteOptions as protobuf; the query parameters carry the same choices.
  if (text.trim() === "" || isProtobuf(r.req.headers["content-type"])) return {};
  return parseObjectBody(text, r.req.headers["content-type"]);
}

function current_(r: ResourceRequest): KubeObject {
  const name = r.route.name ?? "";
  const o = r.state.store.get(r.key, r.route.namespace, name);
  if (o === undefined) throw notFound(r.type.group, r.type.plural, name);
  return o;
}

function checkKind(r: ResourceRequest, o: JsonObject): void {
  const expected = apiVersionOf(r.type);
  o.apiVersion ??= expected;
  o.kind ??= r.type.kind;
  if (o.apiVersion !== expected || o.kind !== r.type.kind) {
    throw new ApiError(
      "BadRequest",
      `the API version in the data (${String(o.apiVersion)}) does not match the expected API version (${expected})`,
    );
  }
}

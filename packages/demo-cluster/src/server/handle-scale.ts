import { ApiError, conflict, invalid, notFound } from "../api/status";
import { formatSelector } from "../table/printers/workload-helpers";
import { asNumber, asObject, isObject, type JsonObject, type KubeObject } from "../util/json";
import { patchDocument, replaceObject } from "./handle-write";
import { parseObjectBody, readBody, sendJson } from "./http-io";
import type { ResourceRequest } from "./request";

/** The autoscaling/v1 Scale view of a workload (…/{name}/scale). */
function scaleOf(o: KubeObject): KubeObject {
  const spec = asObject(o.spec);
  const status = asObject(o.status);
  const m = o.metadata;
  return {
    kind: "Scale",
    apiVersion: "autoscaling/v1",
    metadata: {
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion: m.resourceVersion,
      creationTimestamp: m.creationTimestamp,
    },
    spec: { replicas: asNumber(spec.replicas, 1) },
    status: {
      replicas: asNumber(status.replicas),
      selector: formatSelector(spec.selector).replace(/^<none>$/, ""),
    },
  };
}

export async function handleScale(r: ResourceRequest): Promise<void> {
  const name = r.route.name ?? "";
  const current = r.state.store.get(r.key, r.route.namespace, name);
  if (current === undefined) throw notFound(r.type.group, r.type.plural, name);
  const method = r.req.method ?? "GET";
  if (method === "GET") {
    sendJson(r.res, 200, scaleOf(current));
    return;
  }
  let next: JsonObject;
  const text = await readBody(r.req);
  if (method === "PUT") {
    next = parseObjectBody(text, r.req.headers["content-type"]);
    const rv = asObject(next.metadata).resourceVersion;
    if (typeof rv === "string" && rv !== "" && rv !== current.metadata.resourceVersion)
      throw conflict(r.type.group, r.type.plural, name);
  } else if (method === "PATCH") {
    next = patchDocument(
      scaleOf(current),
      text,
      (r.req.headers["content-type"] ?? "").split(";")[0]?.trim() ?? "",
    );
  } else {
    throw new ApiError(
      "MethodNotAllowed",
      `the server does not allow this method on the requested resource`,
    );
  }
  const replicas = asObject(next.spec).replicas;
  if (typeof replicas !== "number" || !Number.isInteger(replicas)) {
    throw invalid(
      "autoscaling",
      "Scale",
      name,
      "spec.replicas",
      `Invalid value: ${JSON.stringify(replicas ?? null)}: must be an integer`,
    );
  }
  if (replicas < 0)
    throw invalid(
      "autoscaling",
      "Scale",
      name,
      "spec.replicas",
      `Invalid value: ${replicas}: must be greater than or equal to 0`,
    );
  const spec = isObject(current.spec) ? { ...current.spec, replicas } : { replicas };
  const updated = replaceObject({ ...r, route: { ...r.route, subresource: undefined } }, current, {
    ...current,
    spec,
  });
  sendJson(r.res, 200, scaleOf(updated));
}

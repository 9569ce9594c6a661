import type { ResourceType } from "./resource-type";
import type { Stored } from "../store/bucket";
import type { KubeObject } from "../util/json";
import { toNewEvent } from "./event-shapes";
import { apiVersionOf } from "./type-registry";

/**
 * JSON answers. Objects are stored in one shape; the events.k8s.io view is
 * converted on the way out. Lists are built by joining each object's cached
 * JSON, which keeps a 5k-pod list cheap.
 */
export function viewOf(t: ResourceType, o: KubeObject): KubeObject {
  if (t.group === "events.k8s.io" && t.kind === "Event") return toNewEvent(o);
  if (o.apiVersion === apiVersionOf(t) && o.kind === t.kind) return o;
  return { ...o, apiVersion: apiVersionOf(t), kind: t.kind };
}

export function objectJson(t: ResourceType, s: Stored): string {
  if (t.group === "events.k8s.io" && t.kind === "Event")
    return JSON.stringify(toNewEvent(s.object));
  s.json ??= JSON.stringify(viewOf(t, s.object));
  return s.json;
}

export interface ListMeta {
  resourceVersion: string;
  continue?: string;
  remainingItemCount?: number;
}

export function listJson(t: ResourceType, items: readonly Stored[], meta: ListMeta): string {
  const parts: string[] = [];
  for (const s of items) parts.push(objectJson(t, s));
  return `{"kind":${JSON.stringify(`${t.kind}List`)},"apiVersion":${JSON.stringify(apiVersionOf(t))},"metadata":${JSON.stringify(meta)},"items":[${parts.join(",")}]}`;
}

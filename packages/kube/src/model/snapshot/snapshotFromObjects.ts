import type { KubeObject, WebhookConfiguration } from "../objects";
import { ClusterSnapshot } from "./ClusterSnapshot";
import type { LogSource } from "./LogSource";
import { RESOURCES, RESOURCE_KEYS, resourceKeyOfKind, type ResourceKey } from "./resources";
import { sanitizeObject } from "./sanitize";

export interface FromObjectsOptions {
  /**
   * Scope of the snapshot; objects of other namespaces are dropped, except
   * those `loadSnapshot` also fetches for a namespace: every Service, the
   * pods of namespaces that admission webhooks call into, the cluster DNS
   * pods and Node events.
   */
  namespace?: string;
  /** Namespace given to namespaced objects that name none (terse scenario files). @default "default" */
  defaultNamespace?: string;
  logs?: LogSource;
  now?: number;
}

/**
 * A snapshot from a bag of objects, e.g. the documents of a scenario's
 * cluster.yaml. Every kind counts as listed (absent = none exist). Unknown
 * kinds are ignored; both Event shapes are accepted.
 */
export function snapshotFromObjects(
  objects: readonly unknown[],
  options: FromObjectsOptions = {},
): ClusterSnapshot {
  const data: Partial<Record<ResourceKey, unknown[]>> = {};
  const webhookNamespaces = new Set(
    objects.flatMap((o) =>
      /WebhookConfiguration$/.test((o as KubeObject | null)?.kind ?? "")
        ? ((o as WebhookConfiguration).webhooks ?? []).flatMap((h) => {
            const ns = h.clientConfig?.service?.namespace;
            return ns === undefined ? [] : [ns];
          })
        : [],
    ),
  );
  for (const item of objects) {
    if (typeof item !== "object" || item === null) continue;
    const object = structuredClone(item) as KubeObject;
    const key = object.kind === undefined ? undefined : resourceKeyOfKind(object.kind);
    if (key === undefined) continue;
    if (RESOURCES[key].namespaced && object.metadata?.namespace === undefined)
      object.metadata = { ...object.metadata, namespace: options.defaultNamespace ?? "default" };
    const ns = object.metadata?.namespace;
    if (
      options.namespace !== undefined &&
      ns !== undefined &&
      ns !== options.namespace &&
      !fetchedAcrossNamespaces(key, object, webhookNamespaces)
    )
      continue;
    (data[key] ??= []).push(sanitizeObject(object));
  }
  return new ClusterSnapshot({
    namespace: options.namespace,
    data,
    loaded: RESOURCE_KEYS,
    ...(options.logs !== undefined && { logs: options.logs }),
    ...(options.now !== undefined && { now: options.now }),
  });
}

/** Mirrors what `loadSnapshot` lists outside a namespace-scoped snapshot's namespace. */
function fetchedAcrossNamespaces(
  key: ResourceKey,
  object: KubeObject,
  webhookNamespaces: ReadonlySet<string>,
): boolean {
  const ns = object.metadata?.namespace ?? "";
  if (key === "services") return true;
  if (key === "pods")
    return (
      webhookNamespaces.has(ns) ||
      (ns === "kube-system" && object.metadata?.labels?.["k8s-app"] === "kube-dns")
    );
  if (key === "events") {
    const e = object as { involvedObject?: { kind?: string }; regarding?: { kind?: string } };
    return (e.involvedObject ?? e.regarding)?.kind === "Node";
  }
  return false;
}

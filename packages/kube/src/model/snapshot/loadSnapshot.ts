import type { KubeConfig } from "@kubernetes/client-node";
import { isKubeError } from "../../errors";
import { mapLimit } from "../mapLimit";
import type { KubeObject, WebhookConfiguration } from "../objects";
import { Cluster } from "../../connection/cluster";
import { Transport } from "../../connection/transport";
import { ClusterSnapshot } from "./ClusterSnapshot";
import { normalizeEvent } from "./events";
import type { LogSource } from "./LogSource";
import { RESOURCE_KEYS, RESOURCES, type ResourceKey } from "./resources";
import { sanitizeObject } from "./sanitize";

export interface LoadSnapshotOptions {
  /** Take the snapshot in one namespace (cluster-scoped lists are always whole); undefined = all. */
  namespace?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Lists to load. @default every list in RESOURCES */
  resources?: readonly ResourceKey[] | undefined;
  /** Items per list page (`limit`). @default 1000: kubectl uses 500; twice that halves the round trips at a few MB per page */
  pageSize?: number | undefined;
  /** Lists fetched at once. @default 6 */
  concurrency?: number | undefined;
}

interface ListBody {
  items?: KubeObject[] | null;
  metadata?: { continue?: string };
}

/**
 * Lists everything the analyzers and correlation need, once, and returns an
 * indexed snapshot. A list the server does not serve (404) counts as empty; a
 * list we may not read (403) is recorded in `failures` so the analyzers that
 * need it report an error and the rest still run; any other failure
 * (unreachable, 401, cancelled) rejects with a KubeError.
 *
 * In a namespace-scoped snapshot some things outside the namespace are fetched
 * too: the Services of every namespace (one list), the pods behind admission
 * webhooks (cluster-wide objects whose backends live elsewhere), the cluster
 * DNS pods (`k8s-app=kube-dns` in kube-system), and Node events (the kubelet
 * writes them in `default`).
 */
export async function loadSnapshot(
  source: SnapshotSource,
  options: LoadSnapshotOptions = {},
): Promise<ClusterSnapshot> {
  // A Cluster lends its kept-alive connections: a transport of the snapshot's own opened a
  // TLS connection per concurrent list (six per analysis) on every call, which cost more CPU
  // than the analysis on a nearby server. Only a transport opened here is closed with it.
  const own = !(source instanceof Cluster);
  const reader = own ? new Transport(source, source.getCurrentContext()) : source.transport;
  try {
    return await load(reader, options, own);
  } catch (error) {
    if (own) reader.close();
    throw error;
  }
}

/**
 * What a snapshot is read from: a KubeConfig's current context (connections of its own,
 * closed with the snapshot), or a Cluster (its connections, which stay open).
 */
export type SnapshotSource = KubeConfig | Cluster;

/** The KubeConfig behind a source, for what needs one (the k8sgpt binary's kubeconfig file). */
export function kubeConfigOf(source: SnapshotSource): KubeConfig {
  return source instanceof Cluster ? source.kubeConfig : source;
}

async function load(
  reader: Transport,
  options: LoadSnapshotOptions,
  own: boolean,
): Promise<ClusterSnapshot> {
  const namespace = options.namespace === "" ? undefined : options.namespace;
  const keys = options.resources ?? RESOURCE_KEYS;
  const data: Partial<Record<ResourceKey, unknown[]>> = {};
  const failures: Partial<Record<ResourceKey, string>> = {};
  const list = (key: ResourceKey, ns: string | undefined, query: Record<string, string> = {}) =>
    listAll(reader, key, ns, query, options.pageSize ?? 1000, options.signal);

  await mapLimit(keys, options.concurrency ?? 6, async (key) => {
    try {
      // Services are listed cluster-wide even for one namespace: a name that does not
      // resolve in the namespace may be a Service of another one (correlation's DNS check).
      data[key] = await list(key, key === "services" ? undefined : namespace);
    } catch (error) {
      if (isKubeError(error, "not_found")) data[key] = [];
      else if (isKubeError(error, "forbidden")) failures[key] = error.message;
      else throw error;
    }
  });

  if (namespace !== undefined) {
    const extra = webhookNamespaces(data).filter((ns) => ns !== namespace);
    for (const ns of extra)
      if (data.pods !== undefined) data.pods.push(...(await list("pods", ns).catch(() => [])));
    // The cluster DNS pods, which name-resolution failures are checked against.
    if (data.pods !== undefined && namespace !== "kube-system" && !extra.includes("kube-system"))
      data.pods.push(
        ...(await list("pods", "kube-system", { labelSelector: "k8s-app=kube-dns" }).catch(
          () => [],
        )),
      );
    if (data.events !== undefined && data.nodes !== undefined && data.nodes.length > 0) {
      const nodeEvents = await list("events", undefined, {
        fieldSelector: "involvedObject.kind=Node",
      }).catch(() => []);
      data.events.push(
        ...nodeEvents.filter((e) => (e as { namespace: string }).namespace !== namespace),
      );
    }
  }

  return new ClusterSnapshot({
    namespace,
    data,
    loaded: keys.filter((k) => data[k] !== undefined),
    failures,
    logs: apiLogSource(reader),
    close: () => {
      if (own) reader.close();
    },
  });
}

function listPath(key: ResourceKey, namespace: string | undefined): string {
  const r = RESOURCES[key];
  const root = r.apiVersion === "v1" ? "/api/v1" : `/apis/${r.apiVersion}`;
  return r.namespaced && namespace !== undefined
    ? `${root}/namespaces/${encodeURIComponent(namespace)}/${r.plural}`
    : `${root}/${r.plural}`;
}

async function listAll(
  reader: Transport,
  key: ResourceKey,
  namespace: string | undefined,
  query: Record<string, string>,
  pageSize: number,
  signal: AbortSignal | undefined,
): Promise<unknown[]> {
  const out: unknown[] = [];
  const kind = RESOURCES[key].kind;
  const path = listPath(key, namespace);
  let token: string | undefined;
  do {
    const page = await reader.json<ListBody>({
      path,
      query: { ...query, limit: pageSize, continue: token },
      signal,
    });
    for (const item of page.items ?? []) {
      // List items carry no kind on a real API server.
      item.kind ??= kind;
      out.push(key === "events" ? normalizeEvent(item) : sanitizeObject(item));
    }
    token = page.metadata?.continue || undefined;
  } while (token !== undefined);
  return out;
}

function webhookNamespaces(data: Partial<Record<ResourceKey, unknown[]>>): string[] {
  const seen = new Set<string>();
  for (const key of ["mutatingwebhookconfigurations", "validatingwebhookconfigurations"] as const)
    for (const config of (data[key] ?? []) as WebhookConfiguration[])
      for (const hook of config.webhooks ?? []) {
        const ns = hook.clientConfig?.service?.namespace;
        if (ns !== undefined) seen.add(ns);
      }
  return [...seen].sort();
}

/** Container logs through `pods/{name}/log`. */
export function apiLogSource(reader: Transport): LogSource {
  return {
    read: async (r, signal) =>
      (
        await reader.request({
          path: `/api/v1/namespaces/${encodeURIComponent(r.namespace)}/pods/${encodeURIComponent(r.pod)}/log`,
          query: {
            container: r.container,
            previous: r.previous === true ? true : undefined,
            tailLines: r.tailLines ?? 100,
          },
          accept: "text/plain, */*",
          signal,
        })
      ).text,
  };
}

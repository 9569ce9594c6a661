import { KubeConfig } from "@kubernetes/client-node";
import { KubeError } from "../errors";
import { Discovery } from "./discovery";
import { Transport } from "./transport";

export interface ClusterOptions {
  /** The context to use; the kubeconfig's current context when omitted. */
  context?: string;
  /** The default namespace; the context's namespace, else `default`. */
  namespace?: string;
  /** Per-request deadline. @default 30_000 */
  requestTimeoutMs?: number;
  /** How long discovery results are cached. @default 300_000 */
  discoveryTtlMs?: number;
}

/** The server's `/version` answer. */
export interface ServerVersion {
  major: string;
  minor: string;
  gitVersion: string;
  platform?: string;
  goVersion?: string;
  buildDate?: string;
  gitCommit?: string;
}

/**
 * One cluster context and a default namespace: what one conversation works
 * against. It owns the HTTP transport (authentication from the kubeconfig,
 * kept-alive connections, typed errors) and the cached discovery table.
 * Call `close()` when done to release connections.
 */
export class Cluster {
  readonly kubeConfig: KubeConfig;
  readonly context: string;
  readonly namespace: string;
  /** The API server URL. */
  readonly server: string;
  readonly transport: Transport;
  readonly discovery: Discovery;

  constructor(kc: KubeConfig, options: ClusterOptions = {}) {
    const context = options.context ?? kc.getCurrentContext();
    const contextObject = kc.getContextObject(context);
    if (!context || contextObject === null) {
      const known = kc.getContexts().map((c) => c.name);
      throw new KubeError(
        "no_config",
        context
          ? `unknown context "${context}"${known.length ? ` (known: ${known.join(", ")})` : ""}`
          : "the kubeconfig has no current context; choose one",
      );
    }
    // A private copy whose current context is ours: authentication is applied per current context.
    const own = new KubeConfig();
    own.loadFromOptions({
      clusters: kc.clusters,
      users: kc.users,
      contexts: kc.contexts,
      currentContext: context,
    });
    this.kubeConfig = own;
    this.context = context;
    this.namespace = options.namespace ?? contextObject.namespace ?? "default";
    this.transport = new Transport(own, context, {
      ...(options.requestTimeoutMs === undefined ? {} : { timeoutMs: options.requestTimeoutMs }),
    });
    this.server = this.transport.server;
    this.discovery = new Discovery(this.transport, {
      ...(options.discoveryTtlMs === undefined ? {} : { ttlMs: options.discoveryTtlMs }),
    });
  }

  /** Namespace names, sorted. */
  async listNamespaces(signal?: AbortSignal): Promise<string[]> {
    const list = await this.transport.json<{ items?: { metadata?: { name?: string } }[] }>({
      path: "/api/v1/namespaces",
      ...(signal ? { signal } : {}),
    });
    return (list.items ?? [])
      .map((item) => item.metadata?.name)
      .filter((name): name is string => typeof name === "string")
      .sort();
  }

  /** The server's version; also a cheap reachability and credentials check. */
  async version(signal?: AbortSignal): Promise<ServerVersion> {
    return this.transport.json<ServerVersion>({ path: "/version", ...(signal ? { signal } : {}) });
  }

  /** Releases kept-alive connections. The cluster stays usable (new ones are opened on demand). */
  close(): void {
    this.transport.close();
  }
}

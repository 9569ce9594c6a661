import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DemoCluster } from "@kubemedic/demo-cluster";
import { Cluster, isKubeError, listContexts, loadKubeConfig } from "@kubemedic/kube";
import type { ClusterContext } from "@kubemedic/protocol";
import type { DemoMode } from "../config";
import { ServerError } from "../errors";
import type { Logger } from "../logger";

type KubeConfig = ReturnType<typeof loadKubeConfig>;

/** Where the clusters come from. */
export type ClusterSource =
  | { kind: "kubeconfig" }
  | {
      kind: "demo";
      demo: DemoCluster;
      reason: "requested" | "no-kubeconfig";
      /** The delay before each of its answers (KUBEMEDIC_DEMO_LATENCY_MS). */
      latencyMs: number;
    }
  | { kind: "none"; reason: string };

export interface ClusterRegistryOptions {
  demo: DemoMode;
  /** An explicit file: it must exist (no demo fallback). */
  kubeconfig?: string | undefined;
  /** The context used when a conversation names none; the kubeconfig's current one by default. */
  context?: string | undefined;
  /** The demo cluster's delay before each answer (KUBEMEDIC_DEMO_LATENCY_MS). @default 0 */
  demoLatencyMs?: number;
  logger?: Logger;
  /** @default process.env (KUBECONFIG, HOME) */
  env?: NodeJS.ProcessEnv;
}

/**
 * The clusters a server works against: the contexts of the user's kubeconfig,
 * or the built-in demo cluster started in-process when there is none (or
 * when asked for). One `Cluster` per context is kept for the life of the
 * server (its kept-alive connections and discovery cache are shared by every
 * turn against that context).
 */
export class ClusterRegistry {
  private readonly clusters = new Map<string, Cluster>();

  private constructor(
    readonly source: ClusterSource,
    private readonly kc: KubeConfig | undefined,
    /** The context a conversation without one uses. */
    readonly defaultContext: string | undefined,
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async create(options: ClusterRegistryOptions): Promise<ClusterRegistry> {
    const env = options.env ?? process.env;
    if (options.demo !== "on") {
      try {
        const kc = loadKubeConfig({
          env,
          ...(options.kubeconfig === undefined ? {} : { kubeconfigPath: options.kubeconfig }),
          ...(options.context === undefined ? {} : { context: options.context }),
        });
        return new ClusterRegistry(
          { kind: "kubeconfig" },
          kc,
          kc.getCurrentContext() || undefined,
          () => Promise.resolve(),
        );
      } catch (error) {
        const explicit = options.kubeconfig !== undefined || options.context !== undefined;
        if (!isKubeError(error, "no_config") || explicit) {
          throw new ServerError("config_invalid", (error as Error).message, {
            hint: "fix --kubeconfig / --context (or KUBECONFIG), or start with --demo",
            cause: error,
          });
        }
        if (options.demo === "off") {
          options.logger?.warn({ reason: (error as Error).message }, "no cluster configured");
          return new ClusterRegistry(
            { kind: "none", reason: (error as Error).message },
            undefined,
            undefined,
            () => Promise.resolve(),
          );
        }
      }
    }
    return ClusterRegistry.startDemo(
      options.demo === "on" ? "requested" : "no-kubeconfig",
      options.demoLatencyMs ?? 0,
    );
  }

  /** Starts the demo cluster in-process with every built-in scenario. */
  private static async startDemo(
    reason: "requested" | "no-kubeconfig",
    latencyMs: number,
  ): Promise<ClusterRegistry> {
    // Loaded only when used: a server on a real cluster never pays for the simulator.
    const { startDemoCluster } = await import("@kubemedic/demo-cluster");
    const demo = await startDemoCluster({ port: 0, latencyMs });
    const dir = await mkdtemp(join(tmpdir(), "kubemedic-demo-"));
    try {
      const path = join(dir, "kubeconfig");
      await demo.writeKubeconfig(path);
      const kc = loadKubeConfig({ kubeconfigPath: path });
      return new ClusterRegistry(
        { kind: "demo", demo, reason, latencyMs },
        kc,
        kc.getCurrentContext() || undefined,
        async () => {
          await demo.close();
          await rm(dir, { recursive: true, force: true });
        },
      );
    } catch (error) {
      await demo.close();
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
  }

  get isDemo(): boolean {
    return this.source.kind === "demo";
  }

  /** Every context, the default one flagged `current`. */
  contexts(): ClusterContext[] {
    if (this.kc === undefined) return [];
    return listContexts(this.kc).map((c) => ({ ...c, current: c.name === this.defaultContext }));
  }

  hasContext(name: string): boolean {
    return this.kc?.getContexts().some((c) => c.name === name) ?? false;
  }

  /**
   * The Cluster of a context (the default one when omitted). Throws
   * `cluster_unreachable` when there is no cluster at all and `not_found`
   * for a context the kubeconfig does not define.
   */
  clusterFor(context?: string): Cluster {
    if (this.kc === undefined) {
      const why = this.source.kind === "none" ? this.source.reason : "no cluster is configured";
      throw new ServerError("cluster_unreachable", why);
    }
    const name = context ?? this.defaultContext;
    if (name === undefined || !this.hasContext(name)) {
      throw new ServerError("not_found", `the kubeconfig has no context "${name ?? ""}"`);
    }
    let cluster = this.clusters.get(name);
    if (cluster === undefined) {
      cluster = new Cluster(this.kc, { context: name });
      this.clusters.set(name, cluster);
    }
    return cluster;
  }

  /** Releases every connection; stops the demo cluster if this registry started it. */
  async close(): Promise<void> {
    for (const cluster of this.clusters.values()) cluster.close();
    this.clusters.clear();
    await this.cleanup();
  }
}

import {
  CHARS_PER_TOKEN,
  kubeBackend,
  type AgentLogger,
  type ClusterBackend,
  type GraphConfig,
  type ModelHandle,
  type ToolSettings,
} from "@kubemedic/agent";
import type { Cluster } from "@kubemedic/kube";
import type { DiagnosisReport } from "@kubemedic/protocol";

/** The clusters the tools may reach: one (`kubemedic mcp`) or the server's registry. */
export interface McpClusters {
  /** The context's cluster, the default one when omitted; only called with a known context. */
  clusterFor(context?: string): Cluster;
  hasContext(context: string): boolean;
}

/** A stored report as `resources/list` shows it. */
export interface ReportListing {
  conversationId: string;
  reportId: string;
  conversationTitle: string;
  category: string;
  severity: string;
  summary: string;
  createdAt: Date;
}

/** A stored report as `resources/read` returns it. */
export interface StoredReport {
  report: DiagnosisReport;
  conversationTitle: string;
  createdAt: Date;
  degraded: boolean;
}

/**
 * The reports of ONE user's conversations (the store is built per request for
 * the authenticated user, and scopes every query to them).
 */
export interface ReportStore {
  /** Newest first, at most `limit`. */
  list(limit: number): Promise<ReportListing[]>;
  /** null when missing or not the user's (the two are not told apart). */
  read(conversationId: string, reportId: string): Promise<StoredReport | null>;
}

export interface McpServerOptions {
  clusters: McpClusters;
  /** The model `diagnose` runs the agent graph with (the offline diagnostician without a key). */
  model: ModelHandle;
  /** Tool limits (timeout, retries, output budget) and the base of the headless graph config. */
  graphConfig: GraphConfig;
  /** Conversation reports as resources; absent (no database, e.g. over stdio): no resources. */
  reports?: ReportStore;
  /**
   * Holds one of the server's turn slots (KUBEMEDIC_MAX_RUNNING_TURNS) while `diagnose` runs,
   * so diagnoses over MCP and conversation turns share one bound on agent runs. Resolves to the
   * slot's release, or undefined when `signal` aborted while waiting. Absent (stdio): no bound
   * beyond the client's own calls.
   */
  admitTurn?: (signal: AbortSignal) => Promise<(() => void) | undefined>;
  /** Who `diagnose` runs as (the agent's `user`). @default "mcp" */
  user?: string;
  logger?: AgentLogger;
  /** Reported in `initialize`. @default "0.1.0" */
  version?: string;
}

/** The tools' view of the options: cluster backends (one per cluster, reused) and call settings. */
export class McpContext {
  private readonly backends = new WeakMap<Cluster, ClusterBackend>();

  constructor(readonly options: McpServerOptions) {}

  /** Throws an `McpToolError` for a context the server does not know. */
  backendFor(context: string | undefined): ClusterBackend {
    if (context !== undefined && !this.options.clusters.hasContext(context)) {
      throw new McpToolError(`unknown cluster context "${context}"`);
    }
    const cluster = this.options.clusters.clusterFor(context);
    let backend = this.backends.get(cluster);
    if (backend === undefined) {
      backend = kubeBackend(cluster);
      this.backends.set(cluster, backend);
    }
    return backend;
  }

  /** The agent's tool settings from the graph config: the same timeout, retries and output budget. */
  settings(
    backend: ClusterBackend,
    namespace: string | undefined,
    signal: AbortSignal,
  ): ToolSettings {
    const { limits, budgets, nodes } = this.options.graphConfig;
    return {
      backend,
      namespace,
      timeoutMs: limits.toolTimeoutMs,
      retry: nodes.tools.retry,
      maxOutputChars: budgets.toolOutputTokens * CHARS_PER_TOKEN,
      signal,
    };
  }
}

/** A tool call the server refuses or cannot run: answered as a tool error (`isError`), not a protocol error. */
export class McpToolError extends Error {
  override name = "McpToolError";
}

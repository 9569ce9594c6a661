import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { Cluster } from "@kubemedic/kube";
import type { AgentEvent } from "@kubemedic/protocol";
import type { GraphConfig } from "./config/graph-config";
import { buildGraph, type AgentGraph } from "./graph/build-graph";
import type { AgentLogger, ModelHandle } from "./graph/deps";
import {
  checkpointedNext,
  pendingApproval,
  runTurn,
  type CheckpointedNext,
  type PendingApproval,
  type RunTurnParams,
} from "./run/run-turn";
import type { ClusterBackend } from "./tools/cluster-backend";
import { kubeBackend } from "./tools/kube-backend";
import { AgentError } from "./errors";
import { combineHooks, type AgentHooks } from "./hooks/agent-hooks";
import { hookedTurn } from "./hooks/hooked-turn";
import { otelTracingFromEnv, type OtelTracing } from "./tracing/otel-hooks";

export interface CreateAgentOptions {
  model: ModelHandle;
  /** PostgresSaver on the app's pool (`createPostgresCheckpointer`), or MemorySaver in unit tests. */
  checkpointer: BaseCheckpointSaver;
  config: GraphConfig;
  /** The cluster a turn runs against; called once per turn with the turn's `clusterContext`. */
  clusterFor: (contextName?: string) => Promise<Cluster> | Cluster;
  logger?: AgentLogger;
  /** Callbacks on every phase of a turn (see hooks/agent-hooks.ts). */
  hooks?: AgentHooks;
  /**
   * OpenTelemetry tracing: by default on exactly when OTEL_EXPORTER_OTLP_ENDPOINT
   * is set (otelTracingFromEnv); false turns it off, an OtelTracing replaces it.
   */
  tracing?: OtelTracing | false;
}

export interface Agent {
  /** See the package doc (src/index.ts) for the full contract. */
  runTurn(p: RunTurnParams): AsyncIterable<AgentEvent>;
  /** The turn waiting for approval in this conversation, read from the checkpointer. */
  pendingApproval(conversationId: string): Promise<PendingApproval | null>;
  /**
   * The graph nodes `turnId` would run next from the thread's last checkpoint
   * (`input: { continue: true }`); null when it cannot go on from there.
   */
  checkpointedNext(conversationId: string, turnId: string): Promise<CheckpointedNext | null>;
  /** The model's label, as on `turn.started`. */
  readonly modelLabel: string;
  /** The compiled LangGraph graph (for inspection and tests). */
  readonly graph: AgentGraph;
}

export function createAgent(opts: CreateAgentOptions): Agent {
  const deps = {
    model: opts.model,
    config: opts.config,
    ...(opts.logger === undefined ? {} : { logger: opts.logger }),
  };
  const graph = buildGraph(deps, opts.checkpointer);
  const tracing = opts.tracing === false ? undefined : (opts.tracing ?? otelTracingFromEnv());
  const hooks = combineHooks([opts.hooks, tracing?.hooks]);
  const backends = new WeakMap<Cluster, ClusterBackend>();
  const backendFor = async (contextName?: string): Promise<ClusterBackend> => {
    const cluster = await opts.clusterFor(contextName);
    let backend = backends.get(cluster);
    if (backend === undefined) {
      backend = kubeBackend(cluster);
      backends.set(cluster, backend);
    }
    return backend;
  };
  // Two runs on one thread at once would interleave their checkpoints: one turn per
  // conversation at a time (in this process; the gateway serializes across processes).
  const running = new Set<string>();
  async function* guarded(p: RunTurnParams): AsyncGenerator<AgentEvent, void, undefined> {
    if (running.has(p.conversationId)) {
      throw new AgentError(
        "turn_in_progress",
        `a turn of conversation ${p.conversationId} is already running`,
      );
    }
    running.add(p.conversationId);
    try {
      if (hooks === undefined) {
        yield* runTurn({ ...deps, graph, backendFor }, p);
      } else {
        const turn = { conversationId: p.conversationId, turnId: p.turnId };
        yield* hookedTurn(hooks, turn, opts.model.label, opts.logger, (callbacks) =>
          runTurn({ ...deps, graph, backendFor, callbacks }, p),
        );
      }
    } finally {
      running.delete(p.conversationId);
    }
  }
  return {
    runTurn: guarded,
    pendingApproval: (conversationId) => pendingApproval(graph, conversationId),
    checkpointedNext: (conversationId, turnId) => checkpointedNext(graph, conversationId, turnId),
    modelLabel: opts.model.label,
    graph,
  };
}

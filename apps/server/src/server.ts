import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  combineHooks,
  createAgent,
  createModel,
  createPostgresCheckpointer,
  isAgentError,
  loadGraphConfig,
  type Agent,
  type GraphConfig,
  type ModelHandle,
} from "@kubemedic/agent";
import type { Express } from "express";
import { Authenticator } from "./auth/authenticator";
import { resolveAuthToken, type AuthToken } from "./auth/local-token";
import { SessionStore } from "./auth/session-store";
import { SignInThrottle } from "./auth/sign-in-throttle";
import { ClusterRegistry } from "./cluster/cluster-registry";
import type { ServerConfig } from "./config";
import { openDatabase, type Database } from "./db/database";
import { preparePrivateDataDir } from "./db/private-dir";
import { ServerError } from "./errors";
import { ConversationHub } from "./gateway/conversation-hub";
import { Gateway } from "./gateway/gateway";
import { Semaphore } from "./gateway/semaphore";
import type { GatewayContext } from "./gateway/gateway-context";
import { TurnRunner } from "./gateway/turn-runner";
import { applyHeapGrowth } from "./heap-growth";
import { agentLogHooks } from "./agent-log-hooks";
import { createApp } from "./http/app";
import { formatUrl, listen } from "./http/listen";
import { DEFAULT_WEB_DIR } from "./http/web";
import { createLogger, type Logger } from "./logger";
import { AgentMetrics } from "./metrics/agent-metrics";
import { GatewayMetrics } from "./metrics/gateway-metrics";
import { mcpReportStore } from "./persistence/mcp-report-store";
import { createPersistence, type Persistence } from "./persistence/persistence";
import { ScaleOut } from "./scale/scale-out";
import type { UnitOfWorkHooks } from "./persistence/turn-unit-of-work";

export interface StartServerOptions {
  /** @default JSON logs on stdout at config.logLevel */
  logger?: Logger;
  /** The built SPA. @default apps/web/dist */
  webDir?: string;
  /** The chat model. @default createModel(env): ChatOpenAI with OPENAI_API_KEY, else the offline diagnostician */
  model?: ModelHandle;
  /** @default loadGraphConfig(): KUBEMEDIC_GRAPH_CONFIG or the packaged graph.yaml */
  graphConfig?: GraphConfig;
  /** Where the model and the kubeconfig are looked up. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** Fault injection for tests (a failing commit). */
  persistenceHooks?: UnitOfWorkHooks;
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:8080 (the real port when config.port was 0). */
  url: string;
  /**
   * The link that signs a browser in: with the token when it was generated
   * (or read) from the data dir, without it when it came from
   * KUBEMEDIC_AUTH_TOKEN (the operator has it; it is not printed).
   */
  loginUrl: string;
  auth: AuthToken;
  database: Database;
  persistence: Persistence;
  clusters: ClusterRegistry;
  agent: Agent;
  model: { label: string; offline: boolean };
  gateway: Gateway;
  hub: ConversationHub;
  metrics: GatewayMetrics;
  httpServer: Server;
  app: Express;
  logger: Logger;
  /**
   * Graceful shutdown: no new sockets or turns, running turns get
   * `limits.shutdownGraceMs` to finish and are stopped after, sockets close
   * with 1001, then the HTTP server, the clusters and the database. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Starts kubemedic: binds the port first (so a port in use fails in
 * milliseconds, answering 503 "starting" meanwhile), opens and migrates the
 * database, marks turns a previous process left running as interrupted,
 * finds the cluster (or starts the demo cluster), builds the agent on the
 * shared pool, then serves the REST API, the WebSocket gateway and the SPA.
 * Every failure is a ServerError whose `oneLine` says what to do.
 */
export async function startServer(
  config: ServerConfig,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const env = options.env ?? process.env;
  applyHeapGrowth(config.heapGrowthPercent);
  let handler: RequestListener = (_req, res) => {
    res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "1" });
    res.end(JSON.stringify({ status: "starting" }));
  };
  const httpServer = createServer((req, res) => handler(req, res));
  const address = await listen(httpServer, config.host, config.port);

  let database: Database;
  try {
    // The embedded database and a generated token live there.
    if (config.databaseUrl === undefined || config.authToken === undefined) {
      preparePrivateDataDir(config.dataDir, logger);
    }
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      logger,
    });
  } catch (error) {
    await closeHttp(httpServer);
    throw error;
  }
  let clusters: ClusterRegistry | undefined;
  let scale: ScaleOut | undefined;
  try {
    // Several replicas on one PostgreSQL: events through the event log and
    // LISTEN/NOTIFY, turns leased and resumed elsewhere when their replica dies.
    if (config.scaleOut.enabled && database.backend === "postgres" && config.databaseUrl) {
      scale = new ScaleOut({
        pool: database.pool,
        databaseUrl: config.databaseUrl,
        leaseMs: config.scaleOut.leaseMs,
        logger: logger.child({ component: "scale-out" }),
      });
    }
    const persistence = createPersistence(database.prisma, {
      logger,
      ...(scale === undefined ? {} : { lease: { owner: scale.replica, ms: scale.leases.ms } }),
      maxConversationsPerOwner: config.limits.maxConversationsPerUser,
      ...(options.persistenceHooks === undefined ? {} : { hooks: options.persistenceHooks }),
    });
    const interrupted = await persistence.turns.markInterrupted();
    if (interrupted > 0) logger.info({ interrupted }, "marked turns left running as interrupted");
    const auth = resolveAuthToken(config.authToken, config.dataDir);
    const authenticator = new Authenticator({
      token: auth.token,
      proxyUserHeader: config.trustProxyUserHeader,
      sessions: new SessionStore(database.prisma, {
        token: auth.token,
        maxAgeMs: config.sessionMaxAgeDays * 24 * 3600 * 1000,
      }),
      throttle: new SignInThrottle({ logger }),
    });
    clusters = await ClusterRegistry.create({
      demo: config.demo,
      kubeconfig: config.kubeconfig,
      context: config.context,
      demoLatencyMs: config.demoLatencyMs,
      logger,
      env,
    });
    logClusters(logger, clusters);

    const model = options.model ?? startupStep(() => createModel(env));
    const graphConfig = durableIfScaled(
      options.graphConfig ?? startupStep(() => loadGraphConfig()),
      scale !== undefined,
    );
    const registry = clusters;
    const metrics = new GatewayMetrics();
    const agent = createAgent({
      model,
      checkpointer: await createPostgresCheckpointer(database.pool),
      config: graphConfig,
      clusterFor: (context) => registry.clusterFor(context),
      logger: logger.child({ component: "agent" }),
      // The agent's phases feed /metrics and the debug logs (OTel tracing is added by the agent).
      hooks: combineHooks([new AgentMetrics(metrics).hooks(), agentLogHooks(logger)]),
    });

    // Turns the previous process left running end here, as far as the metrics can tell.
    if (interrupted > 0) metrics.turns.inc({ status: "interrupted" }, interrupted);
    const hub = new ConversationHub(
      metrics,
      (conversationId, floor) =>
        persistence.turns.reserveEventSeqs(conversationId, floor).catch((error: unknown) => {
          logger.warn({ err: error, conversationId }, "event numbers could not be reserved");
          throw error;
        }),
      scale?.log,
    );
    const turnSlots = new Semaphore(config.limits.maxRunningTurns);
    metrics.gauge(
      "kubemedic_turns_queued",
      "Turns acknowledged and waiting for one of the server's turn slots (KUBEMEDIC_MAX_RUNNING_TURNS).",
      () => turnSlots.queued,
    );
    const runner = new TurnRunner({ agent, hub, metrics, logger, turnSlots });
    // The handlers ask the gateway whether it is shutting down; it is built with them.
    const holder: { gateway?: Gateway } = {};
    const ctx: GatewayContext = {
      persistence,
      prisma: database.prisma,
      agent,
      clusters,
      hub,
      runner,
      metrics,
      logger,
      limits: config.limits,
      frameSlots: new Semaphore(FRAME_SLOTS),
      modelLabel: model.label,
      scale,
      closing: () => holder.gateway?.isClosing ?? false,
    };
    if (scale !== undefined) {
      await scale.listen(hub);
      scale.run(ctx);
    }
    const gateway = new Gateway({
      ctx,
      authenticator,
      allowedOrigins: config.allowedOrigins,
      allowedHosts: config.allowedHosts,
    });
    holder.gateway = gateway;
    gateway.attach(httpServer);

    const modelInfo = { label: model.label, offline: model.offline };
    const app = createApp({
      api: {
        database,
        persistence,
        hub,
        authenticator,
        clusters,
        metrics,
        logger,
        model: modelInfo,
        approvalPolicy: graphConfig.approval.policy,
        allowedOrigins: config.allowedOrigins,
        allowedHosts: config.allowedHosts,
        limits: config.limits,
        mcp: (user) => ({
          clusters: {
            clusterFor: (context) => registry.clusterFor(context),
            hasContext: (context) => registry.hasContext(context),
          },
          model,
          graphConfig,
          reports: mcpReportStore(database.prisma, user),
          // An MCP diagnosis is an agent run like a conversation turn: it waits for the same slots.
          admitTurn: async (signal) =>
            (await turnSlots.acquire(signal)) ? () => turnSlots.release() : undefined,
          user,
          logger: logger.child({ component: "mcp" }),
        }),
        endSession: (sessionId) => gateway.endSession(sessionId),
        closing: () => gateway.isClosing,
      },
      logger,
      webDir: options.webDir ?? DEFAULT_WEB_DIR,
    });
    handler = app;
    const url = formatUrl(address);
    const base = browsableUrl(address);
    const loginUrl =
      auth.source === "env" || authenticator.proxyMode
        ? `${base}/login`
        : `${base}/login?token=${encodeURIComponent(auth.token)}`;
    logger.info(
      {
        url,
        backend: database.backend,
        database: database.location,
        ...(scale === undefined ? {} : { replica: scale.replica }),
        model: model.label,
        offline: model.offline,
        demoCluster: clusters.isDemo,
        auth: authenticator.proxyMode ? "proxy" : auth.source,
      },
      `kubemedic listening on ${url}`,
    );
    let closing: Promise<void> | undefined;
    const running = clusters;
    return {
      url,
      loginUrl,
      auth,
      database,
      persistence,
      clusters,
      agent,
      model: modelInfo,
      gateway,
      hub,
      metrics,
      httpServer,
      app,
      logger,
      close() {
        closing ??= (async () => {
          await gateway.shutdown(config.limits.shutdownGraceMs);
          await scale?.close();
          await closeHttp(httpServer);
          await running.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await scale?.close().catch(() => undefined);
    await closeHttp(httpServer);
    await clusters?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}

/**
 * Client frames handled at once (each a few short queries); the rest wait in
 * order. Sized so that, with the turns' own commits and checkpoints, the
 * database pool (10 connections on PostgreSQL) never queues long enough for
 * its 5 s acquire timeout to fail a request. @default 24
 */
const FRAME_SLOTS = 24;

/**
 * A replica's turns must survive it: with scale-out, the graph checkpoints
 * after every step (and waits for it), so another replica resumes a turn
 * from its last step instead of from scratch.
 */
function durableIfScaled(config: GraphConfig, scaled: boolean): GraphConfig {
  if (!scaled || config.limits.durability === "sync") return config;
  return { ...config, limits: { ...config.limits, durability: "sync" } };
}

/** The model and graph config come from the environment: their errors are configuration errors. */
function startupStep<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (isAgentError(error)) {
      throw new ServerError("config_invalid", error.message, {
        hint: "fix it and start again (docs/configuration.md)",
        cause: error,
      });
    }
    throw error;
  }
}

function logClusters(logger: Logger, clusters: ClusterRegistry): void {
  const source = clusters.source;
  switch (source.kind) {
    case "demo":
      logger.info(
        {
          demoCluster: source.demo.url,
          scenarios: source.demo.scenarios.length,
          context: clusters.defaultContext,
          ...(source.latencyMs > 0 && { latencyMs: source.latencyMs }),
        },
        source.reason === "requested"
          ? "started the built-in demo cluster (--demo)"
          : "no kubeconfig found: started the built-in demo cluster with every scenario",
      );
      return;
    case "kubeconfig":
      logger.info(
        { contexts: clusters.contexts().length, context: clusters.defaultContext },
        "using the kubeconfig",
      );
      return;
    case "none":
      logger.warn({ reason: source.reason }, "no cluster: turns will fail until one is configured");
      return;
  }
}

/** A URL a browser on this machine can open (0.0.0.0 and :: are not addresses to browse to). */
function browsableUrl(address: AddressInfo): string {
  const host =
    address.address === "0.0.0.0"
      ? "127.0.0.1"
      : address.address === "::"
        ? "localhost"
        : address.family === "IPv6"
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

function closeHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    // Keep-alive and upgraded connections would hold close() open forever.
    server.closeAllConnections();
  });
}

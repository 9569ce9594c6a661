import type { GraphConfig, ModelHandle } from "@kubemedic/agent";
import { defaultGraphConfig } from "@kubemedic/agent";
import type { ClientFrame, ServerFrame } from "@kubemedic/protocol";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import type { UnitOfWorkHooks } from "../src/persistence/turn-unit-of-work";
import { startServer, type RunningServer } from "../src/server";
import type { ServerDatabase } from "./server-backends";
import { TestSocket, type SocketOptions } from "./test-socket";

export const TEST_TOKEN = "gateway-test-token-0123456789";

export interface GatewayOptions {
  /** Extra environment (limits, proxy mode…). */
  env?: Record<string, string>;
  kubeconfig?: string;
  model?: ModelHandle;
  graphConfig?: GraphConfig;
  hooks?: UnitOfWorkHooks;
  /** Collects the server's JSON log lines (`logLevel` and up) instead of discarding them. */
  logs?: string[];
  /** @default "info" */
  logLevel?: "info" | "debug";
}

/** A real server on port 0 on a test database, with helpers to talk to it. */
export class GatewayFixture {
  private constructor(
    public server: RunningServer,
    readonly database: ServerDatabase,
    private readonly options: GatewayOptions,
  ) {}

  static async start(
    database: ServerDatabase,
    options: GatewayOptions = {},
  ): Promise<GatewayFixture> {
    return new GatewayFixture(await boot(database, options), database, options);
  }

  get url(): string {
    return this.server.url;
  }

  /** A REST call as the local user (bearer token) or as a proxy user. */
  async rest(
    path: string,
    init: { method?: string; body?: unknown; user?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.user !== undefined) headers["x-user"] = init.user;
    else headers.authorization = `Bearer ${TEST_TOKEN}`;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    return fetch(`${this.url}${path}`, {
      method: init.method ?? "GET",
      headers,
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) }),
    });
  }

  async json<T>(path: string, init: Parameters<GatewayFixture["rest"]>[1] = {}): Promise<T> {
    const res = await this.rest(path, init);
    if (!res.ok)
      throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** A signed-in socket (bearer token), or with the given options; waits for `welcome`. */
  async socket(options: SocketOptions = { token: TEST_TOKEN }): Promise<TestSocket> {
    const socket = await TestSocket.open(this.url, options);
    await socket.waitFor((f) => f.type === "welcome" || f.type === "error", 30_000);
    return socket;
  }

  /** Opens a new conversation on `socket`; returns its id. */
  async newConversation(socket: TestSocket, create: Record<string, string> = {}): Promise<string> {
    const requestId = `open-${Math.random().toString(36).slice(2)}`;
    socket.send({ type: "conversation.open", requestId, create });
    const state = await socket.waitFor(
      (f) => (f.type === "conversation.state" || f.type === "error") && f.requestId === requestId,
    );
    if (state.type !== "conversation.state")
      throw new Error(`open failed: ${JSON.stringify(state)}`);
    return state.conversation.id;
  }

  /** Sends a message and waits for its ack; returns the turn id. */
  async send(socket: TestSocket, conversationId: string, text: string): Promise<string> {
    const clientMessageId = `cm-${Math.random().toString(36).slice(2, 12)}`;
    const frame: ClientFrame = {
      type: "message.send",
      requestId: clientMessageId,
      conversationId,
      text,
      clientMessageId,
    };
    socket.send(frame);
    const answer = await socket.waitFor(
      (f: ServerFrame) =>
        (f.type === "ack" || f.type === "error") && f.requestId === clientMessageId,
    );
    if (answer.type !== "ack") throw new Error(`send failed: ${JSON.stringify(answer)}`);
    return answer.turnId;
  }

  /** Closes the server and starts a new one on the same database (a restart). */
  async restart(): Promise<void> {
    await this.server.close();
    this.server = await boot(this.database, this.options);
  }

  async close(): Promise<void> {
    await this.server.close();
  }
}

/** Scripted models get no report node and no health summary: each turn is exactly what the script says. */
export const SCRIPTED_GRAPH: GraphConfig = defaultGraphConfig({
  nodes: { report: { when: "never" }, prepare: { healthSummary: false } },
});

async function boot(database: ServerDatabase, options: GatewayOptions): Promise<RunningServer> {
  const env: Record<string, string> = {
    PORT: "0",
    KUBEMEDIC_AUTH_TOKEN: TEST_TOKEN,
    ...database.env,
    ...(options.kubeconfig === undefined
      ? { KUBEMEDIC_DEMO: "false" }
      : { KUBEMEDIC_KUBECONFIG: options.kubeconfig }),
    ...options.env,
  };
  return startServer(loadConfig(env), {
    logger:
      options.logs === undefined
        ? createLogger(process.env.KUBEMEDIC_TEST_LOG === "1" ? "debug" : "silent")
        : createLogger(options.logLevel ?? "info", {
            write: (line: string) => options.logs?.push(line),
          }),
    webDir: "/nonexistent-web-build",
    env: { KUBEMEDIC_MODEL: "offline" },
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.graphConfig === undefined ? {} : { graphConfig: options.graphConfig }),
    ...(options.hooks === undefined ? {} : { persistenceHooks: options.hooks }),
  });
}

import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import {
  isSupportedProtocol,
  PROTOCOL_VERSION,
  WS_CLOSE,
  type ErrorCode,
} from "@kubemedic/protocol";
import { WebSocketServer, type WebSocket } from "ws";
import type { Authenticator } from "../auth/authenticator";
import { hostAllowed, type AllowedHosts } from "../auth/host-allowed";
import { originAllowed } from "../auth/origin";
import { Connection } from "./connection";
import { userBudget, type UserBudget } from "./frame-budget";
import type { GatewayContext } from "./gateway-context";

/**
 * Frames above this are not even read: the socket is closed with 1009. Below
 * it and above `limits.maxFrameBytes`, a frame is answered `frame_too_large`
 * and the socket stays usable. @default 1 MiB
 */
const HARD_MAX_PAYLOAD = 1024 * 1024;

/** Users whose budgets are kept before idle, full ones are swept. @default 10_000 */
const MAX_IDLE_BUDGETS = 10_000;
/** After asking sockets to close at shutdown, how long before they are cut. @default 2_000 */
const CLOSE_WAIT_MS = 2_000;
/** After stopping the remaining turns at shutdown, how long they get to store their end. @default 10_000 */
const STOP_WAIT_MS = 10_000;

export interface GatewayOptions {
  ctx: GatewayContext;
  authenticator: Authenticator;
  /** Origins allowed besides the server's own. */
  allowedOrigins: readonly string[];
  /** Host names the handshake may be addressed to (KUBEMEDIC_ALLOWED_HOSTS; DNS rebinding). */
  allowedHosts: AllowedHosts;
}

/**
 * The WebSocket side of the server at `/ws?v=1.0`: checks the protocol
 * version, the Origin and the credentials on the upgrade, then hands each
 * socket to a Connection. Refusals complete the handshake and close at once
 * with a code the browser can read (4400 version, 4401 credentials, 4403
 * origin, 4429 too many connections), after an error frame saying why.
 */
export class Gateway {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  private readonly perUser = new Map<string, number>();
  /**
   * What each user's sockets may send together. Kept after their last socket
   * closes until it is full again (reconnecting must not buy a fresh burst);
   * swept when there are many.
   */
  private readonly budgets = new Map<string, UserBudget>();
  /** Sockets opened with a session cookie, by session id: signing out closes them. */
  private readonly bySession = new Map<string, Set<Connection>>();
  private checkingSessions = false;
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;

  constructor(private readonly options: GatewayOptions) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: Math.max(HARD_MAX_PAYLOAD, options.ctx.limits.maxFrameBytes * 2),
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.heartbeat = setInterval(() => this.beat(), options.ctx.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  get isClosing(): boolean {
    return this.closing;
  }

  /** Listens for upgrades on the HTTP server. */
  attach(server: Server): void {
    server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.upgrade(req, socket, head),
    );
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== "/ws") {
      rejectHttp(socket, 404, "Not Found");
      return;
    }
    if (this.closing) {
      rejectHttp(socket, 503, "Service Unavailable");
      return;
    }
    // A rebound name gets no socket at all: refused before the handshake.
    if (!hostAllowed(req.headers.host, this.options.allowedHosts)) {
      this.options.ctx.logger.warn(
        { host: req.headers.host },
        "WebSocket to a foreign host name refused",
      );
      this.options.ctx.metrics.error("host_not_allowed");
      rejectHttp(socket, 421, "Misdirected Request");
      return;
    }
    socket.on("error", () => socket.destroy());
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // The client may send the moment its socket opens (a reconnect re-sends its unacknowledged
      // messages at once), while the session is still being looked up in the database. Frames
      // read before the Connection listens would be lost: hold them until it does. Reading
      // resumes in every case, a refusal too: its close handshake needs the peer's close frame.
      ws.pause();
      this.accept(ws, req, url, socket)
        .catch((error: unknown) => {
          // The session lookup failed (the database is down): say so, and close.
          this.options.ctx.logger.warn({ err: error }, "WebSocket sign-in could not be checked");
          refuse(ws, 1013, "db_unavailable", "cannot check your session right now; retry shortly");
        })
        .finally(() => ws.resume());
    });
  }

  /**
   * Closes every socket opened with this session (it was signed out): an error
   * frame `unauthorized`, then 4401, as a socket whose credentials were refused.
   */
  endSession(sessionId: string, reason = "you signed out"): void {
    for (const conn of this.bySession.get(sessionId) ?? []) {
      conn.error("unauthorized", reason);
      conn.close(WS_CLOSE.unauthorized, reason);
    }
  }

  private async accept(
    ws: WebSocket,
    req: IncomingMessage,
    url: URL,
    socket: Duplex,
  ): Promise<void> {
    const { ctx, authenticator, allowedOrigins } = this.options;
    const version = url.searchParams.get("v");
    if (version !== null && !isSupportedProtocol(version)) {
      refuse(
        ws,
        WS_CLOSE.unsupportedProtocol,
        "unsupported_protocol",
        `protocol version ${version.slice(0, 16)} is not supported; reload the page`,
      );
      ctx.metrics.error("unsupported_protocol");
      return;
    }
    if (!originAllowed(req, allowedOrigins)) {
      ctx.logger.warn({ origin: req.headers.origin }, "WebSocket from a foreign origin refused");
      refuse(ws, WS_CLOSE.forbidden, "origin_not_allowed", "this origin may not connect");
      ctx.metrics.error("origin_not_allowed");
      return;
    }
    const auth = await authenticator.authenticate(req.headers, req.socket.remoteAddress);
    if (!auth.ok) {
      refuse(
        ws,
        auth.code === "rate_limited" ? WS_CLOSE.tooManyConnections : WS_CLOSE.unauthorized,
        auth.code,
        auth.reason,
      );
      ctx.metrics.error(auth.code);
      return;
    }
    const user = auth.user;
    const open = this.perUser.get(user) ?? 0;
    if (open >= ctx.limits.maxConnectionsPerUser) {
      refuse(
        ws,
        WS_CLOSE.tooManyConnections,
        "too_many_connections",
        `at most ${ctx.limits.maxConnectionsPerUser} connections per user; close a tab`,
      );
      ctx.metrics.error("too_many_connections");
      return;
    }
    this.perUser.set(user, open + 1);
    const log = ctx.logger.child({ user });
    const conn = new Connection(ws, user, ctx, log, socket, this.budgetOf(user));
    const connLog = log.child({ connectionId: conn.id });
    this.connections.add(conn);
    const sessionId = auth.sessionId;
    if (sessionId !== undefined) {
      const set = this.bySession.get(sessionId) ?? new Set<Connection>();
      set.add(conn);
      this.bySession.set(sessionId, set);
    }
    ctx.metrics.connections.inc();
    ctx.metrics.connectionsTotal.inc();
    connLog.info({ via: auth.via }, "WebSocket connected");
    ws.on("close", (code: number) => {
      this.connections.delete(conn);
      if (sessionId !== undefined) {
        const set = this.bySession.get(sessionId);
        set?.delete(conn);
        if (set?.size === 0) this.bySession.delete(sessionId);
      }
      const left = (this.perUser.get(user) ?? 1) - 1;
      if (left > 0) this.perUser.set(user, left);
      else this.perUser.delete(user);
      ctx.metrics.connections.dec();
      // The turns this socket started go on: only the subscriptions end.
      ctx.hub.drop(conn, conn.subscriptions);
      connLog.info({ code }, "WebSocket closed");
    });
    ws.on("error", (error: Error) => connLog.debug({ err: error }, "WebSocket error"));
    conn.send({
      type: "welcome",
      protocolVersion: PROTOCOL_VERSION,
      user,
      connectionId: conn.id,
    });
  }

  private budgetOf(user: string): UserBudget {
    let budget = this.budgets.get(user);
    if (budget === undefined) {
      if (this.budgets.size >= MAX_IDLE_BUDGETS) {
        for (const [name, b] of this.budgets) {
          if (!this.perUser.has(name) && b.frames.full() && b.bytes.full())
            this.budgets.delete(name);
        }
      }
      budget = userBudget(this.options.ctx.limits);
      this.budgets.set(user, budget);
    }
    return budget;
  }

  /**
   * Pings every socket; one that did not answer the previous ping is dropped.
   * Then checks, in one query, that the sessions of the sockets opened with a
   * cookie are still live: one that expired, or was signed out on another
   * replica, ends its sockets here too.
   */
  private beat(): void {
    void this.checkSessions();
    for (const conn of this.connections) {
      if (!conn.alive) {
        conn.log.info("peer stopped answering pings; dropped");
        conn.terminate();
        continue;
      }
      conn.alive = false;
      conn.ping();
    }
  }

  private async checkSessions(): Promise<void> {
    if (this.checkingSessions || this.bySession.size === 0) return;
    this.checkingSessions = true;
    try {
      const ids = [...this.bySession.keys()];
      const live = await this.options.authenticator.sessions.live(ids);
      for (const id of ids) if (!live.has(id)) this.endSession(id, "your session has ended");
    } catch (error) {
      // The database is away: sockets stay until it answers again.
      this.options.ctx.logger.debug({ err: error }, "sessions could not be checked");
    } finally {
      this.checkingSessions = false;
    }
  }

  /**
   * Graceful shutdown: refuse new sockets (503) and new turns
   * (`shutting_down`), give running turns `graceMs` to finish, stop the rest,
   * then close every socket with 1001. A stopped turn is stored `interrupted`
   * with what it had streamed (clients get `turn.cancelled` with
   * `interrupted: true`), as after a crash, rather than `cancelled`: nobody
   * chose to stop it, and it can be asked again. LangGraph keeps its last
   * checkpoint.
   */
  async shutdown(graceMs: number): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    const { hub, logger } = this.options.ctx;
    const running = hub.running();
    if (running.length > 0) {
      logger.info({ turns: running.length, graceMs }, "waiting for running turns");
      await within(Promise.all(running.map((r) => r.done)), graceMs);
      const left = hub.running();
      // Scale-out: another replica resumes them (from their checkpoint) once
      // their lease is released, instead of them ending `interrupted`.
      const scale = this.options.ctx.scale;
      for (const run of left) run.stop(scale === undefined ? "shutdown" : "handoff");
      if (left.length > 0) logger.info({ turns: left.length }, "stopped running turns");
      await within(Promise.all(left.map((r) => r.done)), STOP_WAIT_MS);
      if (scale !== undefined && left.length > 0) {
        await scale.leases.release(left.map((r) => r.turnId)).catch((error: unknown) => {
          logger.warn({ err: error }, "leases not released: the turns resume once they lapse");
        });
      }
    }
    // Scale-out: the turns' last frames may still be on their way through the event log.
    await within(hub.drain(), STOP_WAIT_MS);
    for (const conn of this.connections) conn.close(WS_CLOSE.goingAway, "server shutting down");
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (this.connections.size > 0 && Date.now() < deadline) await delay(20);
    for (const conn of this.connections) conn.terminate();
    this.wss.close();
  }
}

function refuse(ws: WebSocket, closeCode: number, code: ErrorCode, message: string): void {
  ws.send(JSON.stringify({ type: "error", code, message }));
  // A close reason is at most 123 bytes.
  ws.close(closeCode, message.slice(0, 120));
}

function rejectHttp(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n${status === 503 ? "Retry-After: 2\r\n" : ""}\r\n`,
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

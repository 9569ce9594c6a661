import type { ClientFrame, EventFrame, ServerFrame } from "@kubemedic/protocol";
import WebSocket from "ws";

export interface SocketOptions {
  token?: string;
  cookie?: string;
  origin?: string;
  /** Protocol version in the URL; null leaves `v` out. @default "1.0" */
  v?: string | null;
  headers?: Record<string, string>;
  /** Answer the server's pings (a dead peer does not). @default true */
  autoPong?: boolean;
}

type Waiter = { match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void };

/**
 * A real `ws` client for tests: records every server frame in order and lets
 * the test wait for the one it expects (with a deadline and a readable
 * failure listing what did arrive).
 */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Waiter[] = [];
  private cursor = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      const frame = JSON.parse(data.toString("utf8")) as ServerFrame;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    this.closed = new Promise((resolve) =>
      ws.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** Opens a socket; resolves once open (a refused one still opens, then closes with a code). */
  static open(baseUrl: string, options: SocketOptions = {}): Promise<TestSocket> {
    const v = options.v === undefined ? "1.0" : options.v;
    const url = `${baseUrl.replace(/^http/, "ws")}/ws${v === null ? "" : `?v=${encodeURIComponent(v)}`}`;
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    const ws = new WebSocket(url, {
      headers,
      autoPong: options.autoPong ?? true,
      ...(options.origin ? { origin: options.origin } : {}),
    });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(socket));
      ws.once("error", reject);
    });
  }

  send(frame: ClientFrame | Record<string, unknown> | string | Buffer): void {
    this.ws.send(
      typeof frame === "string" || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame),
    );
  }

  /** The first frame (already received or still to come) that matches. */
  waitFor<T extends ServerFrame>(match: (f: ServerFrame) => f is T, timeoutMs?: number): Promise<T>;
  waitFor(match: (f: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  waitFor(match: (f: ServerFrame) => boolean, timeoutMs = 60_000): Promise<ServerFrame> {
    const seen = this.frames.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return this.wait(match, timeoutMs);
  }

  /** The next frame after the ones already taken that matches (frames before it are skipped). */
  async next(
    match: (f: ServerFrame) => boolean = () => true,
    timeoutMs = 60_000,
  ): Promise<ServerFrame> {
    for (;;) {
      while (this.cursor < this.frames.length) {
        const frame = this.frames[this.cursor++] as ServerFrame;
        if (match(frame)) return frame;
      }
      await this.wait(() => true, timeoutMs);
    }
  }

  /** Marks everything received so far as taken. */
  skipAll(): void {
    this.cursor = this.frames.length;
  }

  /** Event frames of one conversation, in arrival order. */
  events(conversationId?: string): EventFrame[] {
    return this.frames.filter(
      (f): f is EventFrame =>
        f.type === "event" && (conversationId === undefined || f.conversationId === conversationId),
    );
  }

  /** Waits for an event of this type (of this turn, when given). */
  event<T extends EventFrame["event"]["type"]>(
    type: T,
    turnId?: string,
    timeoutMs?: number,
  ): Promise<EventFrame & { event: Extract<EventFrame["event"], { type: T }> }> {
    return this.waitFor(
      (f) =>
        f.type === "event" &&
        f.event.type === type &&
        (turnId === undefined || f.event.turnId === turnId),
      timeoutMs,
    ) as Promise<EventFrame & { event: Extract<EventFrame["event"], { type: T }> }>;
  }

  /** Waits for the end (or pause) of a turn: completed, failed, cancelled or approval.requested. */
  turnEnd(turnId: string, timeoutMs?: number): Promise<EventFrame> {
    return this.waitFor(
      (f) =>
        f.type === "event" &&
        f.event.turnId === turnId &&
        ["turn.completed", "turn.failed", "turn.cancelled", "approval.requested"].includes(
          f.event.type,
        ),
      timeoutMs,
    ) as Promise<EventFrame>;
  }

  close(): Promise<{ code: number; reason: string }> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)
      this.ws.close(1000, "done");
    return this.closed;
  }

  private wait(match: (f: ServerFrame) => boolean, timeoutMs: number): Promise<ServerFrame> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        const recent = this.frames
          .slice(-8)
          .map((f) => (f.type === "event" ? `event ${f.seq} ${f.event.type}` : JSON.stringify(f)))
          .join("\n  ");
        reject(new Error(`no matching frame within ${timeoutMs} ms; last frames:\n  ${recent}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

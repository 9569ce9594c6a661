import { ServerFrame, WS_CLOSE, type ClientFrame } from "@kubemedic/protocol";
import { createStore, type Store } from "../lib/createStore";
import { backoffDelay, defaultBackoff, type BackoffOptions } from "./backoff";
import type { SocketFactory, SocketHandle } from "./socketFactory";

export type ConnectionStatus =
  /** An attempt is in flight (the first one, or a retry). */
  | "connecting"
  | "open"
  /** Waiting out the backoff delay before the next attempt. */
  | "waiting"
  /** The server refused the credentials (4401/4403): retrying cannot help until the user signs in. */
  | "unauthorized"
  /** The server refused our protocol version (4400): the page must be reloaded. */
  | "unsupported"
  | "stopped";

export interface ConnectionSnapshot {
  status: ConnectionStatus;
  /** Failed attempts since the last successful open. */
  attempt: number;
  /** When the next attempt starts (epoch ms), while `waiting`. */
  retryAt: number | null;
  lastError: string | null;
  /** True once any attempt succeeded: tells "offline" from "still starting". */
  everOpened: boolean;
  connectionId: string | null;
  user: string | null;
  /** Messages sent but not acknowledged yet; they are re-sent after a reconnect. */
  unacked: number;
}

export interface ConnectionOptions {
  url: () => string;
  socket: SocketFactory;
  onFrame: (frame: ServerFrame) => void;
  /** Called after every (re)open, once the subscriptions and queues are flushed. */
  onOpen?: () => void;
  onInvalidFrame?: (reason: string) => void;
  /** The `lastEventId` to resume a conversation from (undefined: from what the server decides). */
  resumeFrom: (conversationId: string) => number | undefined;
  backoff?: Partial<BackoffOptions>;
  random?: () => number;
  /** @default 20_000 */
  heartbeatIntervalMs?: number;
  /** Silence after which the socket is presumed dead and replaced. @default 45_000 */
  heartbeatTimeoutMs?: number;
  /** @default 10_000 */
  connectTimeoutMs?: number;
  /** Conversations re-opened after a reconnect, most recent kept. @default 16 */
  maxWatched?: number;
  now?: () => number;
}

type OtherFrame = Exclude<ClientFrame, { type: "message.send" | "conversation.open" }>;
type SendFrame = Extract<ClientFrame, { type: "message.send" }>;

/** Frames (other than message sends) kept while offline. @default 100 */
const MAX_QUEUED = 100;

/**
 * The one WebSocket of the app. It reconnects with exponential backoff and
 * jitter, re-opens every watched conversation with its `lastEventId` so the
 * server replays what was missed, and re-sends every `message.send` that was
 * not acknowledged (the server deduplicates by `clientMessageId`). Other frames
 * wait in a queue while offline. It knows nothing of React or of what the UI
 * has selected: selecting a conversation calls `watch`, never a reconnect.
 */
export class ConnectionManager {
  readonly state: Store<ConnectionSnapshot>;
  private socket: SocketHandle | null = null;
  private generation = 0;
  private readonly watched = new Set<string>();
  private readonly unacked = new Map<string, SendFrame>();
  private queue: OtherFrame[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private lastInbound = 0;
  private requestCounter = 0;
  private readonly backoff: BackoffOptions;
  private readonly now: () => number;

  constructor(private readonly options: ConnectionOptions) {
    this.backoff = { ...defaultBackoff, ...options.backoff };
    this.now = options.now ?? Date.now;
    this.state = createStore<ConnectionSnapshot>({
      status: "connecting",
      attempt: 0,
      retryAt: null,
      lastError: null,
      everOpened: false,
      connectionId: null,
      user: null,
      unacked: 0,
    });
  }

  get snapshot(): ConnectionSnapshot {
    return this.state.getState();
  }

  start(): void {
    if (this.socket === null && this.snapshot.status === "connecting") this.connect();
  }

  /** Subscribes to a conversation now (when open) and after every reconnect. */
  watch(conversationId: string): void {
    this.watched.delete(conversationId);
    this.watched.add(conversationId);
    const max = this.options.maxWatched ?? 16;
    for (const id of this.watched) {
      if (this.watched.size <= max) break;
      this.watched.delete(id);
    }
    this.sendOpen(conversationId);
  }

  /** Asks for a replay from our `lastEventId` (a gap in the numbering, a re-fetch). */
  reopen(conversationId: string): void {
    if (this.watched.has(conversationId)) this.sendOpen(conversationId);
  }

  unwatch(conversationId: string): void {
    this.watched.delete(conversationId);
  }

  /**
   * Sends a message; delivered at least once, created once. Its `requestId` is
   * the `clientMessageId`, so an error frame can be matched to it.
   */
  sendMessage(frame: Omit<SendFrame, "type" | "requestId">): void {
    const full: SendFrame = { type: "message.send", requestId: frame.clientMessageId, ...frame };
    this.unacked.set(frame.clientMessageId, full);
    this.patch({ unacked: this.unacked.size });
    this.transmit(full);
  }

  /** Sends any other frame now, or when the connection is back. */
  send(frame: OtherFrame): void {
    const full = { ...frame, requestId: frame.requestId ?? this.nextRequestId() };
    if (!this.transmit(full)) {
      this.queue.push(full);
      if (this.queue.length > MAX_QUEUED) this.queue.shift();
    }
  }

  /** Skips the backoff wait (a "retry now" click, the browser coming back online). */
  retryNow(): void {
    const { status } = this.snapshot;
    if (status === "waiting" || status === "unauthorized") {
      clearTimeout(this.retryTimer);
      this.connect();
    }
  }

  dispose(): void {
    this.patch({ status: "stopped", retryAt: null });
    this.clearTimers();
    this.generation++;
    this.socket?.close(WS_CLOSE.normal, "client closed");
    this.socket = null;
  }

  private connect(): void {
    const generation = ++this.generation;
    this.patch({ status: "connecting", retryAt: null });
    const current = () => generation === this.generation;
    try {
      this.socket = this.options.socket(this.options.url(), {
        onOpen: () => current() && this.handleOpen(),
        onMessage: (data) => current() && this.handleMessage(data),
        onClose: (code, reason) => current() && this.handleClose(code, reason),
      });
    } catch (error) {
      this.handleClose(1006, error instanceof Error ? error.message : "could not connect");
      return;
    }
    this.connectTimer = setTimeout(() => {
      if (current() && this.snapshot.status === "connecting") this.drop("connection timed out");
    }, this.options.connectTimeoutMs ?? 10_000);
  }

  private handleOpen(): void {
    clearTimeout(this.connectTimer);
    this.lastInbound = this.now();
    this.patch({ status: "open", attempt: 0, retryAt: null, lastError: null, everOpened: true });
    for (const id of this.watched) this.sendOpen(id);
    const queued = this.queue;
    this.queue = [];
    for (const frame of queued) this.send(frame);
    for (const frame of this.unacked.values()) this.transmit(frame);
    this.startHeartbeat();
    this.options.onOpen?.();
  }

  private handleMessage(data: string): void {
    this.lastInbound = this.now();
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      this.options.onInvalidFrame?.("frame is not valid JSON");
      return;
    }
    const parsed = ServerFrame.safeParse(json);
    if (!parsed.success) {
      this.options.onInvalidFrame?.(parsed.error.issues[0]?.message ?? "invalid frame");
      return;
    }
    const frame = parsed.data;
    if (frame.type === "welcome") {
      this.patch({ connectionId: frame.connectionId, user: frame.user });
    } else if (frame.type === "ack" || (frame.type === "error" && frame.requestId !== undefined)) {
      // Acknowledged, or refused for good (a retry would be refused the same way).
      const id = frame.type === "ack" ? frame.clientMessageId : (frame.requestId ?? "");
      if (this.unacked.delete(id)) this.patch({ unacked: this.unacked.size });
    }
    this.options.onFrame(frame);
  }

  private handleClose(code: number, reason: string): void {
    this.clearTimers();
    this.socket = null;
    if (this.snapshot.status === "stopped") return;
    const why = reason === "" ? `connection closed (${code})` : `${reason} (${code})`;
    if (code === WS_CLOSE.unauthorized || code === WS_CLOSE.forbidden) {
      this.patch({ status: "unauthorized", lastError: why, retryAt: null });
      return;
    }
    if (code === WS_CLOSE.unsupportedProtocol) {
      this.patch({ status: "unsupported", lastError: why, retryAt: null });
      return;
    }
    const { attempt } = this.snapshot;
    const delay = backoffDelay(attempt, this.backoff, this.options.random);
    this.patch({
      status: "waiting",
      attempt: attempt + 1,
      retryAt: this.now() + delay,
      lastError: why,
    });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Gives up on a socket that stopped answering, without waiting for its close handshake. */
  private drop(reason: string): void {
    const socket = this.socket;
    this.generation++;
    socket?.close(4000, reason);
    this.handleClose(1006, reason);
  }

  private startHeartbeat(): void {
    const interval = this.options.heartbeatIntervalMs ?? 20_000;
    const timeout = this.options.heartbeatTimeoutMs ?? 45_000;
    this.heartbeatTimer = setInterval(() => {
      if (this.now() - this.lastInbound > timeout) this.drop("no answer from the server");
      else this.transmit({ type: "ping", t: this.now() });
    }, interval);
  }

  private sendOpen(conversationId: string): void {
    const lastEventId = this.options.resumeFrom(conversationId);
    this.transmit({
      type: "conversation.open",
      requestId: this.nextRequestId(),
      conversationId,
      ...(lastEventId === undefined ? {} : { lastEventId }),
    });
  }

  private transmit(frame: ClientFrame): boolean {
    if (this.socket === null || this.snapshot.status !== "open") return false;
    try {
      this.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private nextRequestId(): string {
    this.requestCounter += 1;
    return `r${this.requestCounter.toString(36)}`;
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    clearInterval(this.heartbeatTimer);
  }

  private patch(partial: Partial<ConnectionSnapshot>): void {
    this.state.setState((s) => ({ ...s, ...partial }));
  }
}

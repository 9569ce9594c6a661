import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";
import {
  parseClientFrame,
  type ClientFrame,
  type ErrorCode,
  type ServerFrame,
} from "@kubemedic/protocol";
import { WebSocket, type RawData } from "ws";
import type { Logger } from "../logger";
import { cleanJson } from "../persistence/clean";
import type { Channel, Subscriber } from "./conversation-hub";
import type { GatewayContext } from "./gateway-context";
import { routeFrame } from "./route-frame";
import { TokenBucket } from "./token-bucket";
import { wireErrorOf } from "./wire-error";

/**
 * Frames held in one burst before they are written anyway (see Connection.cork):
 * one syscall for that many frames, and the first waits for at most that many.
 * @default 16
 */
export const CORK_MAX_FRAMES = 16;
/** Conversations one connection watches at most; the oldest is dropped beyond. @default 100 */
export const MAX_SUBSCRIPTIONS = 100;
/** Frames waiting to be handled on one connection before more are refused. @default 64 */
export const MAX_QUEUED_FRAMES = 64;
/**
 * Bytes queued in the socket before the peer counts as too slow: it is closed
 * (1013) and reconnects with lastEventId, instead of the server buffering a
 * stream it cannot deliver. @default 8 MiB
 */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * One WebSocket: who it is, what it watches, its rate limit. Frames are
 * validated at the edge (parseClientFrame: size, JSON, schema, version) and
 * handled one at a time in arrival order; `ping` is answered at once. Every
 * bad frame gets an error frame naming its code, and the socket stays usable.
 */
export class Connection implements Subscriber {
  readonly id = randomUUID();
  /** Cleared on each heartbeat, set by the peer's pong. */
  alive = true;
  readonly subscriptions = new Set<string>();
  private readonly bucket: TokenBucket;
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;
  private corked = false;
  private corkedFrames = 0;

  constructor(
    private readonly ws: WebSocket,
    readonly user: string,
    private readonly ctx: GatewayContext,
    readonly log: Logger,
    /** The upgraded TCP socket under `ws`, corked while a burst of frames is written. */
    private readonly socket: Duplex,
  ) {
    this.bucket = new TokenBucket(ctx.limits.framesPerSecond, ctx.limits.frameBurst);
    ws.on("message", (data: RawData) => this.receive(data));
    ws.on("pong", () => {
      this.alive = true;
    });
  }

  sendRaw(json: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ buffered: this.ws.bufferedAmount }, "peer too slow; closing");
      this.ws.close(1013, "too slow; reconnect with lastEventId");
      return;
    }
    this.cork();
    this.ws.send(json);
    if (++this.corkedFrames >= CORK_MAX_FRAMES) this.uncork();
  }

  /**
   * Holds a burst of frames in the socket and writes them in one syscall. A
   * turn streams hundreds of small frames, often many per callback; written
   * one by one, each was its own writev, the gateway's largest single cost
   * under load. The burst ends when the current callback and the promises it
   * set going are done (process.nextTick: a turn's events stream through
   * promise chains), or after CORK_MAX_FRAMES frames, whichever comes first,
   * so a long burst never holds its first frames back for long.
   */
  private cork(): void {
    if (this.corked) return;
    this.corked = true;
    this.socket.cork();
    process.nextTick(() => this.uncork());
  }

  private uncork(): void {
    if (!this.corked) return;
    this.corked = false;
    this.corkedFrames = 0;
    this.socket.uncork();
  }

  send(frame: ServerFrame): void {
    this.sendRaw(JSON.stringify(frame));
  }

  error(code: ErrorCode, message: string, requestId?: string, conversationId?: string): void {
    this.ctx.metrics.error(code);
    this.send({
      type: "error",
      code,
      message,
      ...(requestId === undefined ? {} : { requestId }),
      ...(conversationId === undefined ? {} : { conversationId }),
    });
  }

  /** Subscribes to a conversation's events (idempotent); the oldest watch goes beyond the cap. */
  watch(channel: Channel): void {
    if (this.subscriptions.has(channel.conversationId)) return;
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      const oldest = this.subscriptions.values().next().value;
      if (oldest !== undefined) {
        this.subscriptions.delete(oldest);
        this.ctx.hub.unsubscribe(this, oldest);
      }
    }
    this.subscriptions.add(channel.conversationId);
    this.ctx.hub.subscribe(this, channel);
  }

  /** The conversation was deleted: tell the client, and stop watching it. */
  forgotten(conversationId: string): void {
    this.subscriptions.delete(conversationId);
    this.error("not_found", "this conversation was deleted", undefined, conversationId);
  }

  ping(): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.ping();
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }

  /** Resolves when every frame received so far has been handled. */
  idle(): Promise<void> {
    return this.chain;
  }

  private receive(data: RawData): void {
    const parsed = parseClientFrame(data, this.ctx.limits.maxFrameBytes);
    const requestId = parsed.ok ? parsed.value.requestId : parsed.requestId;
    if (!this.bucket.take()) {
      this.ctx.metrics.framesReceived.inc({ type: "rate_limited" });
      this.error(
        "rate_limited",
        `more than ${this.ctx.limits.framesPerSecond} frames per second; slow down`,
        requestId,
      );
      return;
    }
    if (!parsed.ok) {
      this.ctx.metrics.framesReceived.inc({ type: "invalid" });
      this.log.debug({ code: parsed.code, requestId }, "invalid frame");
      this.error(parsed.code, parsed.message, requestId);
      return;
    }
    // Every string as the database can store it (no NUL, no half surrogate pair), ids included.
    const frame = cleanJson(parsed.value) as ClientFrame;
    this.ctx.metrics.framesReceived.inc({ type: frame.type });
    if (frame.type === "ping") {
      this.send({
        type: "pong",
        ...(frame.requestId === undefined ? {} : { requestId: frame.requestId }),
        ...(frame.t === undefined ? {} : { t: frame.t }),
      });
      return;
    }
    if (this.queued >= MAX_QUEUED_FRAMES) {
      this.error("rate_limited", "too many frames waiting to be handled; slow down", requestId);
      return;
    }
    this.queued++;
    this.chain = this.chain.then(() => this.handle(frame)).finally(() => this.queued--);
  }

  private async handle(frame: Exclude<ClientFrame, { type: "ping" }>): Promise<void> {
    try {
      await routeFrame(this.ctx, this, frame);
    } catch (error) {
      const wire = wireErrorOf(error);
      if (!wire.exposed) this.log.error({ err: error, type: frame.type }, "frame failed");
      else this.log.debug({ code: wire.code, type: frame.type }, "frame refused");
      this.error(wire.code, wire.message, frame.requestId, frame.conversationId);
    }
  }
}

import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";
import {
  parseClientFrame,
  peekRequestId,
  rawByteLength,
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
import { FrameBudget, type UserBudget } from "./frame-budget";
import { wireErrorOf } from "./wire-error";

/**
 * Frames held in one burst before they are written anyway (see Connection.cork):
 * one syscall for that many frames, and the first waits for at most that many.
 * @default 16
 */
const CORK_MAX_FRAMES = 16;
/** How long a socket is not read after its first frame over budget. @default 250 */
const FIRST_PAUSE_MS = 250;
/** The longest such pause (each refusal in a row doubles it). @default 5_000 */
const MAX_PAUSE_MS = 5_000;
/** Conversations one connection watches at most; the oldest is dropped beyond. @default 100 */
const MAX_SUBSCRIPTIONS = 100;
/** Frames waiting to be handled on one connection before more are refused. @default 64 */
const MAX_QUEUED_FRAMES = 64;
/**
 * Bytes queued in the socket before the peer counts as too slow: it is closed
 * (1013) and reconnects with lastEventId, instead of the server buffering a
 * stream it cannot deliver. @default 8 MiB
 */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

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
  private readonly budget: FrameBudget;
  private chain: Promise<void> = Promise.resolve();
  private queued = 0;
  private corked = false;
  private corkedFrames = 0;
  /** Refusals for the budget in a row; each makes the next pause longer. */
  private refusals = 0;
  private resumeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    readonly user: string,
    private readonly ctx: GatewayContext,
    readonly log: Logger,
    /** The upgraded TCP socket under `ws`, corked while a burst of frames is written. */
    private readonly socket: Duplex,
    /** What all of this user's connections may send together. */
    userBudget: UserBudget,
  ) {
    this.budget = new FrameBudget(ctx.limits, userBudget);
    ws.on("message", (data: RawData) => this.receive(data));
    ws.on("pong", () => {
      this.alive = true;
    });
    ws.on("close", () => clearTimeout(this.resumeTimer));
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

  /**
   * Stops reading this socket for a while after a frame was refused for the
   * budget: 250 ms, then twice as long at each refusal in a row, 5 s at most
   * (well within a heartbeat, so pongs are read in time). Refusing costs little,
   * but reading does: unmasking and copying 60 KB frames at 30 MB/s took a
   * core's worth of time. Paused, the server reads nothing, TCP pushes back,
   * and a flooding client's writes pile up on its side. A client within its
   * budget never pauses.
   */
  private holdBack(): void {
    if (this.resumeTimer !== undefined) return; // frames already read while pausing: refused, no escalation
    const ms = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.min(this.refusals, 8));
    this.refusals++;
    this.ws.pause();
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = undefined;
      this.ws.resume();
    }, ms);
    this.resumeTimer.unref();
  }

  /** Resolves when every frame received so far has been handled. */
  idle(): Promise<void> {
    return this.chain;
  }

  private receive(data: RawData): void {
    // Charged before anything reads the frame: over budget costs a length check
    // and a look at its first bytes for the requestId, never a decode or a parse.
    const verdict = this.budget.take(rawByteLength(data));
    if (verdict !== "ok") {
      this.ctx.metrics.framesReceived.inc({ type: "rate_limited" });
      const limits = this.ctx.limits;
      this.error(
        "rate_limited",
        verdict === "frames"
          ? `more than ${limits.framesPerSecond} frames per second (${limits.userFramesPerSecond} over all your connections); slow down`
          : `more than ${Math.round(limits.bytesPerSecond / 1024)} KiB per second (${Math.round(limits.userBytesPerSecond / 1024)} KiB over all your connections); slow down`,
        peekRequestId(firstBytes(data)),
      );
      this.holdBack();
      return;
    }
    this.refusals = 0;
    const parsed = parseClientFrame(data, this.ctx.limits.maxFrameBytes);
    const requestId = parsed.ok ? parsed.value.requestId : parsed.requestId;
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

/** The start of a frame as ws hands it over (fragments: the first one), for peekRequestId. */
function firstBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return data[0] ?? new Uint8Array();
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}

import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

/**
 * A WebSocket client as an attacker writes one: the handshake by hand, then
 * frames masked once and written again and again as raw bytes, so the client
 * spends next to nothing per frame and the server bears the whole cost of
 * each (unmasking, decoding, parsing). Used by the security stage's load
 * replay and by bench/security. Answers are read and thrown away (counted).
 */
export interface FloodSocket {
  /** Writes `frame` (from maskedTextFrame) `times` times. False when the socket is gone. */
  write(frame: Buffer, times?: number): boolean;
  /** Bytes the server sent back after the handshake. */
  readonly received: () => number;
  /** Bytes written and not yet sent (the server is not reading). */
  readonly pending: () => number;
  /** Resolves when the server closed the socket (with its close code, when one was sent). */
  readonly closed: Promise<{ code: number | undefined }>;
  destroy(): void;
}

/** A client→server text frame with a fixed mask, ready to be written as is. */
export function maskedTextFrame(payload: string | Buffer): Buffer {
  const data = typeof payload === "string" ? Buffer.from(payload, "utf8") : payload;
  const length = data.length;
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : length < 65_536
        ? Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), u64(length)]);
  const mask = randomBytes(4);
  const body = Buffer.alloc(length);
  for (let i = 0; i < length; i++) body[i] = data[i]! ^ mask[i & 3]!;
  return Buffer.concat([header, mask, body]);
}

function u64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
}

/** Opens `/ws?v=1.1` on `baseUrl` with the given headers; resolves once the server said 101. */
export function openFloodSocket(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<FloodSocket> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: url.hostname, port: Number(url.port) });
    let received = 0;
    let handshake = Buffer.alloc(0);
    let upgraded = false;
    let closeCode: number | undefined;
    let resolveClosed: (v: { code: number | undefined }) => void = () => undefined;
    const closed = new Promise<{ code: number | undefined }>((r) => (resolveClosed = r));
    socket.setNoDelay(true);
    socket.on("connect", () => {
      const lines = [
        `GET /ws?v=1.1 HTTP/1.1`,
        `Host: ${url.host}`,
        "Upgrade: websocket",
        "Connection: Upgrade",
        `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}`,
        "Sec-WebSocket-Version: 13",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    });
    socket.on("data", (chunk: Buffer) => {
      if (upgraded) {
        received += chunk.length;
        // A close frame from the server: opcode 0x8, its code in the first two payload bytes.
        if ((chunk[0]! & 0x0f) === 0x8 && chunk.length >= 4) closeCode = chunk.readUInt16BE(2);
        return;
      }
      handshake = Buffer.concat([handshake, chunk]);
      const end = handshake.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = handshake.subarray(0, end).toString("latin1");
      if (!head.startsWith("HTTP/1.1 101")) {
        socket.destroy();
        reject(new Error(`upgrade refused: ${head.split("\r\n")[0]}`));
        return;
      }
      upgraded = true;
      received += handshake.length - end - 4;
      resolve({
        write(frame, times = 1) {
          if (socket.destroyed) return false;
          for (let i = 0; i < times; i++) socket.write(frame);
          return true;
        },
        received: () => received,
        pending: () => socket.writableLength,
        closed,
        destroy: () => socket.destroy(),
      });
    });
    socket.on("error", (error) => {
      if (!upgraded) reject(error);
    });
    socket.on("close", () => resolveClosed({ code: closeCode }));
  });
}

/** ~`bytes` of JSON nested `depth` deep inside a frame that is otherwise a valid `message.send`. */
export function nestedFrame(bytes: number, depth: number, requestId: string): string {
  const head = `{"type":"message.send","requestId":"${requestId}","conversationId":"x","text":"hi","clientMessageId":"flood-000001","pad":`;
  const nest = `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const filler = "x".repeat(Math.max(0, bytes - head.length - nest.length - 10));
  return depth === 0 ? `${head}"${filler}"}` : `${head}[${nest},"${filler}"]}`;
}

export interface FloodOptions {
  url: string;
  /** The flooding user's credentials, e.g. `{ authorization: "Bearer …" }`. */
  headers: Record<string, string>;
  /** @default 32 (the per-user connection limit) */
  sockets?: number;
  /** Frames per socket per second. @default 20 (the per-connection rate limit) */
  framesPerSecond?: number;
  /** Size of each frame. @default 60_000 */
  frameBytes?: number;
  durationMs: number;
}

export interface FloodResult {
  framesWritten: number;
  bytesWritten: number;
  /** What the server answered (error frames, mostly), in bytes. */
  bytesReceived: number;
  sockets: number;
}

/**
 * The attack of issue #19 item 1: one signed-in user's sockets, each sending
 * `framesPerSecond` frames of ~`frameBytes`, half of them nested ~as deep as
 * their size allows (`[[[[…` 30,000 deep at 60 KB), half valid `message.send`
 * frames padded with one long string (they pass every check but the budget).
 * Frames are masked once and rewritten as raw bytes. A socket whose writes
 * pile up (the server reads slower than the flood) skips a tick instead of
 * buffering without end.
 */
export async function flood(o: FloodOptions): Promise<FloodResult> {
  const count = o.sockets ?? 32;
  const perSecond = o.framesPerSecond ?? 20;
  const size = o.frameBytes ?? 60_000;
  const head = 200;
  const deep = maskedTextFrame(nestedFrame(size, Math.floor((size - head) / 2), "flood-deep"));
  const flat = maskedTextFrame(nestedFrame(size, 0, "flood-flat"));
  const sockets = await Promise.all(
    Array.from({ length: count }, () => openFloodSocket(o.url, o.headers)),
  );
  let framesWritten = 0;
  let bytesWritten = 0;
  let tick = 0;
  const timer = setInterval(() => {
    tick++;
    for (const socket of sockets) {
      const frame = tick % 2 === 0 ? deep : flat;
      if (socket.pending() > 4 * 1024 * 1024) continue;
      if (socket.write(frame)) {
        framesWritten++;
        bytesWritten += frame.length;
      }
    }
  }, 1000 / perSecond);
  await new Promise((resolve) => setTimeout(resolve, o.durationMs));
  clearInterval(timer);
  // Let the server read what is on the wire and answer it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const bytesReceived = sockets.reduce((n, s) => n + s.received(), 0);
  for (const s of sockets) s.destroy();
  return { framesWritten, bytesWritten, bytesReceived, sockets: count };
}

export interface HealthSamples {
  latenciesMs: number[];
  statuses: number[];
}

/** GET /healthz every `intervalMs` until `signal` aborts: each answer's status and latency. */
export async function pollHealth(
  url: string,
  intervalMs: number,
  signal: AbortSignal,
): Promise<HealthSamples> {
  const samples: HealthSamples = { latenciesMs: [], statuses: [] };
  while (!signal.aborted) {
    const started = performance.now();
    // 0: no answer at all (refused, reset, or 30 s without one).
    const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
    samples.latenciesMs.push(performance.now() - started);
    samples.statuses.push(status);
    const wait = intervalMs - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return samples;
}

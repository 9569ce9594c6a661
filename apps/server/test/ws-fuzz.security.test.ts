import { jsonNestsDeeper, MAX_FRAME_BYTES, ServerFrame } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayFixture } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";
import type { TestSocket } from "./test-socket";
import { pollHealth } from "./ws-flood";

/**
 * The fuzzed frames of issue #19's hostile review, replayed at a CI-friendly
 * size against one server with the DEFAULT limits (the int fuzz,
 * gateway-fuzz.int.test.ts, lifts them to check answers; this one checks what
 * an attacker meets): hostile shapes — nesting up to 30,000 deep, oversized
 * strings, NUL and lone surrogates, `__proto__` keys, odd numbers, broken
 * JSON, binary frames, wrong types and versions — from 8 users at once, each
 * paced near the per-connection rate. Every frame whose requestId the server
 * can read must be answered (an error with a code, or the reply), none with
 * `internal`, no error-level log line, no socket closed, and /healthz 200
 * throughout.
 */
const [pglite] = await serverBackends();
const SEED = Number(process.env.KUBEMEDIC_FUZZ_SEED ?? 20261128);
const USERS = 8;
const FRAMES_PER_USER = 150;
/** Just under the default per-connection rate (20 frames/s). */
const INTERVAL_MS = 55;

/** mulberry32, seeded: a failure is reproducible. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The requestId the server can read in `frame`, by the rules of
 * parseClientFrame: a JSON object within the size and depth limits. (Frames
 * refused for their size, depth or syntax are answered without one.)
 */
function readableId(frame: string | Buffer): string | undefined {
  if (typeof frame !== "string" || Buffer.byteLength(frame) > MAX_FRAME_BYTES) return undefined;
  if (jsonNestsDeeper(frame)) return undefined;
  try {
    const { requestId } = JSON.parse(frame) as { requestId?: unknown };
    return typeof requestId === "string" ? requestId : undefined;
  } catch {
    return undefined;
  }
}

/** One hostile frame (the cases of the review, picked at random). */
function hostileFrame(random: () => number, id: string): string | Buffer {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const nest = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
  const conversationId = pick(["%00", "a\u0000b", "../..", "x".repeat(300), crypto.randomUUID()]);
  const send = (extra: string) =>
    `{"type":"message.send","requestId":"${id}","conversationId":"${conversationId}","text":"hi","clientMessageId":"fz-0000001"${extra}}`;
  switch (Math.floor(random() * 12)) {
    case 0:
      return send(`,"pad":${nest(pick([33, 500, 5_000, 30_000]))}`);
    case 1:
      return nest(pick([100, 30_000]));
    case 2:
      return send(`,"pad":"${"x".repeat(pick([70_000, 100_000]))}"`);
    case 3:
      return `{"type":"message.send","requestId":"${id}","conversationId":"c","text":"\\u0000\\ud800${"y".repeat(pick([10, 16_001]))}","clientMessageId":"\\udfff"}`;
    case 4:
      return `{"type":"conversation.open","requestId":"${id}","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"conversationId":"${conversationId}"}`;
    case 5:
      return `{"type":"ping","requestId":"${id}","t":${pick(["1e309", "-0", "NaN", "9007199254740993", "[]"])}}`;
    case 6:
      return `{"type":"ping","requestId":"${id}"`.slice(0, 10 + Math.floor(random() * 20));
    case 7:
      return Buffer.from(
        Array.from({ length: 1 + Math.floor(random() * 400) }, () => Math.floor(random() * 256)),
      );
    case 8:
      return `{"type":"${pick(["Ping", "", "turn.start", "x".repeat(200)])}","requestId":"${id}"}`;
    case 9:
      return `{"v":"${pick(["2.0", "0.1", "x", "1.999"])}","type":"ping","requestId":"${id}"}`;
    case 10: {
      const decisions = Array.from(
        { length: pick([1, 500]) },
        () => '{"toolCallId":"c","decision":"approve"}',
      );
      return `{"type":"approval.decide","requestId":"${id}","conversationId":"${conversationId}","turnId":"t","decisions":[${decisions.join(",")}]}`;
    }
    default:
      return `{"type":"conversation.open","requestId":"${id}","create":{"title":"\\u0000${"t".repeat(pick([5, 5_000]))}"}}`;
  }
}

describe("fuzzed frames at the default limits", () => {
  let database: ServerDatabase;
  let fx: GatewayFixture;
  const logs: string[] = [];
  beforeAll(async () => {
    database = await pglite!.create();
    fx = await GatewayFixture.start(database, {
      logs,
      env: { KUBEMEDIC_TRUST_PROXY_USER_HEADER: "X-User" },
    });
  });
  afterAll(async () => {
    await fx?.close();
    await database?.dispose();
  });

  it(`${USERS * FRAMES_PER_USER} hostile frames from ${USERS} users: each readable one answered, none internal, no error log, no socket lost, health 200 throughout`, async () => {
    const random = rng(SEED);
    const stop = new AbortController();
    const health = pollHealth(fx.url, 100, stop.signal);
    const sockets: TestSocket[] = [];
    for (let u = 0; u < USERS; u++)
      sockets.push(await fx.socket({ headers: { "x-user": `fuzz-${u}` } }));
    const expected = sockets.map(() => new Set<string>());
    const shown = new Map<string, string>();
    for (let n = 0; n < FRAMES_PER_USER; n++) {
      sockets.forEach((socket, u) => {
        const frame = hostileFrame(random, `fz-${u}-${n}`);
        const id = readableId(frame);
        if (id !== undefined) {
          expected[u]!.add(id);
          shown.set(id, String(frame).slice(0, 200));
        }
        socket.send(frame);
      });
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    }
    // Every readable frame answered within a few seconds of the last one.
    const answeredIds = (socket: TestSocket) =>
      new Set(
        socket.frames.flatMap((f) =>
          "requestId" in f && f.requestId !== undefined ? [f.requestId] : [],
        ),
      );
    const deadline = Date.now() + 15_000;
    const missing = () =>
      sockets.flatMap((socket, u) =>
        [...expected[u]!].filter((id) => !answeredIds(socket).has(id)),
      );
    while (missing().length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    stop.abort();
    const samples = await health;

    expect(missing().map((id) => `${id}: ${shown.get(id)}`)).toEqual([]);
    // And exactly one answer per frame, readable or not (events of turns are not answers).
    const answers = (s: TestSocket) =>
      s.frames.filter((f) => f.type !== "event" && f.type !== "welcome").length;
    expect(sockets.map(answers)).toEqual(sockets.map(() => FRAMES_PER_USER));
    const frames = sockets.flatMap((s) => s.frames);
    for (const f of frames) expect(ServerFrame.safeParse(f).success).toBe(true);
    const codes = new Map<string, number>();
    for (const f of frames) if (f.type === "error") codes.set(f.code, (codes.get(f.code) ?? 0) + 1);
    console.log(`ws fuzz: answers ${JSON.stringify(Object.fromEntries([...codes].sort()))}`);
    expect(codes.get("internal") ?? 0).toBe(0);
    // The hostile shapes were refused for what they are, and some frames were served.
    for (const code of [
      "bad_request",
      "frame_too_large",
      "invalid_json",
      "unknown_type",
      "unsupported_protocol",
    ])
      expect([code, (codes.get(code) ?? 0) > 0]).toEqual([code, true]);
    expect(frames.some((f) => f.type === "pong")).toBe(true);
    const errorLines = logs.filter((l) => (JSON.parse(l) as { level: string }).level === "error");
    expect(errorLines).toEqual([]);
    for (const socket of sockets) expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    expect(samples.statuses.length).toBeGreaterThan(5);
    expect(samples.statuses.every((s) => s === 200)).toBe(true);
    for (const socket of sockets) await socket.close();
  });
});

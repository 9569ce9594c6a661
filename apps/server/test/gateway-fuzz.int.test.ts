import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ServerFrame } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type DemoFixture } from "./demo";
import { Gate, gatedModel } from "./gated-model";
import { GatewayFixture, SCRIPTED_GRAPH } from "./gateway-fixture";
import { serverBackends, type ServerDatabase } from "./server-backends";
import type { TestSocket } from "./test-socket";

/**
 * 12,000 random and mutated frames against one server (embedded database,
 * zero-latency scripted model, the demo cluster), several in flight at once:
 * every frame must get exactly one answer (an error frame naming a wire code,
 * or the valid answer: ack, pong, conversation.state, or the turn.cancelled a
 * cancel causes), the server must stay up, and its heap must not grow.
 * Answers are matched to frames by requestId, not by arrival order (pings and
 * invalid frames are answered ahead of the frames queued before them): an
 * answer naming a frame that is not waiting, or a frame whose requestId the
 * server could read answered without it, fails the test. A frame without a
 * readable requestId is sent alone, so its answer is the only one expected.
 * Seeded: a failure prints the seed and the frame.
 */
const FRAMES = 12_000;
const WARMUP = 1_000;
/** Frames sent and not answered yet, at most. @default 8 */
const IN_FLIGHT = 8;
/** The server's frame size limit (KUBEMEDIC_MAX_FRAME_BYTES's default). */
const MAX_FRAME_BYTES = 64 * 1024;
const SEED = Number(process.env.KUBEMEDIC_FUZZ_SEED ?? 20261122);

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** mulberry32: small, seedable, good enough to pick mutations. */
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

class Fuzzer {
  private readonly random: () => number;
  constructor(
    seed: number,
    private readonly conversationId: string,
    private readonly turnId: string,
  ) {
    this.random = rng(seed);
  }

  int(n: number): number {
    return Math.floor(this.random() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  string(max = 40): string {
    const alphabets = ["abcdef-0123", '\u0000\u001f"\\{}[]:,', "日本語😀\u202e", " \t\n"];
    const alphabet = this.pick(alphabets);
    return Array.from({ length: this.int(max) }, () => alphabet[this.int(alphabet.length)]).join(
      "",
    );
  }

  value(depth = 0): unknown {
    switch (this.int(depth > 2 ? 6 : 8)) {
      case 0:
        return null;
      case 1:
        return this.random() < 0.5;
      case 2:
        return this.pick([0, -1, 1e308, -0, 3.5, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1]);
      case 3:
      case 4:
        return this.string();
      case 5:
        return this.pick([this.conversationId, this.turnId, "1.0", "2.0", "ping", "message.send"]);
      case 6:
        return Array.from({ length: this.int(4) }, () => this.value(depth + 1));
      default:
        return Object.fromEntries(
          Array.from({ length: this.int(5) }, () => [this.string(10), this.value(depth + 1)]),
        );
    }
  }

  /** A valid frame of a random type, aimed at the real conversation. */
  valid(): Record<string, unknown> {
    const id = this.random() < 0.8 ? this.conversationId : crypto.randomUUID();
    switch (this.int(6)) {
      case 0:
        return { type: "ping", t: this.int(1e6) };
      case 1:
        return { type: "conversation.open", conversationId: id, lastEventId: this.int(50) };
      case 2:
        return { type: "conversation.open", create: { title: this.string(20) || "t" } };
      case 3:
        return {
          type: "message.send",
          conversationId: id,
          text: this.string(60) || "x",
          // Few distinct ids: most valid sends are resends (acked as duplicates), so the
          // conversation does not pile up hundreds of turns.
          clientMessageId: `cm-${this.int(60).toString().padStart(8, "0")}`,
        };
      case 4:
        return {
          type: "approval.decide",
          conversationId: id,
          turnId: this.turnId,
          decisions: [
            { toolCallId: this.string(8) || "c", decision: this.pick(["approve", "reject"]) },
          ],
        };
      default:
        return { type: "turn.cancel", conversationId: id };
    }
  }

  mutate(frame: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = { ...frame };
    for (let i = 0, n = 1 + this.int(3); i < n; i++) {
      const keys = Object.keys(out);
      switch (this.int(6)) {
        case 0:
          if (keys.length > 0) delete out[this.pick(keys)];
          break;
        case 1:
          if (keys.length > 0) out[this.pick(keys)] = this.value();
          break;
        case 2:
          out[this.string(12)] = this.value();
          break;
        case 3:
          out.type = this.pick([
            "ping",
            "message.send",
            "conversation.open",
            "Ping",
            "",
            this.string(20),
          ]);
          break;
        case 4:
          out.v = this.pick(["1.0", "1", "2.0", "x", "1.999"]);
          break;
        default:
          if (keys.length > 0) out[this.pick(keys)] = "x".repeat(this.pick([100, 20_000, 70_000]));
      }
    }
    return out;
  }

  /** One frame to send: raw bytes, broken JSON, random JSON, a mutated or a valid frame. */
  next(n: number): string | Buffer {
    const kind = this.int(10);
    if (kind === 0) return Buffer.from(Array.from({ length: this.int(300) }, () => this.int(256)));
    if (kind === 1) {
      const text = JSON.stringify(this.withId(this.valid(), n));
      const cut = this.int(text.length);
      return this.random() < 0.5
        ? text.slice(0, cut)
        : `${text.slice(0, cut)}${this.string(3)}${text.slice(cut + 1)}`;
    }
    if (kind === 2) return JSON.stringify(this.value());
    const frame = kind < 7 ? this.mutate(this.valid()) : this.valid();
    return JSON.stringify(this.random() < 0.9 ? this.withId(frame, n) : frame);
  }

  private withId(frame: Record<string, unknown>, n: number): Record<string, unknown> {
    return { ...frame, requestId: `f${n}` };
  }
}

/** Frames that answer a client frame (events of turns a valid message started are not answers). */
function isAnswer(f: ServerFrame): boolean {
  return f.type !== "event" || f.event.type === "turn.cancelled";
}

/**
 * What the server can read of a frame, by the rules of parseClientFrame: the
 * requestId of a JSON object within the size limit (a string of at most 100
 * characters), and whether it is a `turn.cancel` (answered, when it works, by
 * the turn.cancelled event, which carries no requestId).
 */
function readable(frame: string | Buffer): { id: string | undefined; cancel: boolean } {
  const bytes = typeof frame === "string" ? Buffer.byteLength(frame) : frame.length;
  if (bytes > MAX_FRAME_BYTES) return { id: undefined, cancel: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame.toString());
  } catch {
    return { id: undefined, cancel: false };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return { id: undefined, cancel: false };
  const { requestId, type } = parsed as { requestId?: unknown; type?: unknown };
  return {
    id: typeof requestId === "string" && requestId.length <= 100 ? requestId : undefined,
    cancel: type === "turn.cancel",
  };
}

/** A frame sent and not answered yet. */
interface Outstanding {
  n: number;
  id: string | undefined;
  cancel: boolean;
  shown: string;
}

const pglite = (await serverBackends()).find((b) => b.name === "pglite")!;

describe("gateway fuzz", () => {
  let demo: DemoFixture;
  let database: ServerDatabase;
  let fx: GatewayFixture;
  let socket: TestSocket;
  beforeAll(async () => {
    demo = await startDemo();
    database = await pglite.create();
    fx = await GatewayFixture.start(database, {
      kubeconfig: demo.kubeconfig,
      model: gatedModel(new Gate()),
      graphConfig: SCRIPTED_GRAPH,
      env: {
        KUBEMEDIC_RATE_LIMIT: "100000",
        KUBEMEDIC_RATE_BURST: "100000",
        KUBEMEDIC_RATE_BYTES: "1073741824",
        KUBEMEDIC_USER_RATE_LIMIT: "1000000",
        KUBEMEDIC_USER_RATE_BYTES: "1073741824",
        KUBEMEDIC_MAX_TURNS_PER_USER: "1000",
      },
    });
    socket = await fx.socket();
  });
  afterAll(async () => {
    await socket?.close();
    await fx?.close();
    await database?.dispose();
    await demo?.close();
  });

  it(`answers each of ${FRAMES} random and mutated frames exactly once, matched by requestId, never crashes, and keeps its heap flat`, async () => {
    const conversationId = await fx.newConversation(socket, { title: "fuzz" });
    const turnId = await fx.send(socket, conversationId, "list pods in shop");
    await socket.event("turn.completed", turnId);
    const fuzz = new Fuzzer(SEED, conversationId, turnId);
    const codes = new Map<string, number>();
    const kinds = new Map<string, number>();
    let heapBefore = 0;
    const started = performance.now();
    const internals: string[] = [];

    // Answers matched straight off the socket: by requestId when the frame's could be read;
    // a cancel's turn.cancelled to the oldest cancel waiting (frames are handled in order);
    // anything else to the one frame without a readable requestId (sent alone).
    const outstanding = new Map<number, Outstanding>();
    const byId = new Map<string, Outstanding>();
    const problems: string[] = [];
    let answered: (() => void) | undefined;
    const oldest = (match: (o: Outstanding) => boolean) => {
      for (const o of outstanding.values()) if (match(o)) return o;
      return undefined;
    };
    socket.ws.on("message", (data: Buffer) => {
      const answer = JSON.parse(data.toString("utf8")) as ServerFrame;
      if (!isAnswer(answer)) return;
      const requestId = "requestId" in answer ? answer.requestId : undefined;
      const cancelled = answer.type === "event";
      const frame =
        requestId !== undefined
          ? byId.get(requestId)
          : cancelled
            ? oldest((o) => o.cancel)
            : oldest((o) => o.id === undefined);
      const json = JSON.stringify(answer).slice(0, 300);
      if (frame === undefined) {
        problems.push(`seed ${SEED}: an answer to no frame waiting for one: ${json}`);
        return;
      }
      if (frame.id !== undefined && requestId === undefined && !cancelled) {
        problems.push(`seed ${SEED}, frame ${frame.n}: answered without its requestId: ${json}`);
      }
      outstanding.delete(frame.n);
      if (frame.id !== undefined) byId.delete(frame.id);
      ServerFrame.parse(answer);
      const kind =
        answer.type === "error"
          ? `error:${answer.code}`
          : answer.type === "event"
            ? answer.event.type
            : answer.type;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      if (answer.type === "error") codes.set(answer.code, (codes.get(answer.code) ?? 0) + 1);
      if (answer.type === "error" && answer.code === "internal" && internals.length < 5)
        internals.push(frame.shown);
      answered?.();
    });
    /** Waits for the next answer; fails when none comes within 10 s. */
    const nextAnswer = async () => {
      let timer: NodeJS.Timeout | undefined;
      const got = await new Promise<boolean>((resolve) => {
        answered = () => resolve(true);
        timer = setTimeout(() => resolve(false), 10_000);
      });
      clearTimeout(timer);
      answered = undefined;
      if (!got) {
        const stuck = outstanding.values().next().value;
        throw new Error(`seed ${SEED}, frame ${stuck?.n} got no answer: ${stuck?.shown}`);
      }
    };
    const check = () => {
      if (problems.length > 0) throw new Error(problems.slice(0, 3).join("\n"));
    };

    for (let n = 0; n < FRAMES; n++) {
      while (outstanding.size >= IN_FLIGHT) await nextAnswer();
      check();
      if (n === WARMUP) {
        gc();
        heapBefore = process.memoryUsage().heapUsed;
      }
      if (n % 1_000 === 0 && process.env.KUBEMEDIC_FUZZ_PROGRESS === "1")
        console.log(`fuzz: ${n} frames, ${Math.round(performance.now() - started)} ms`);
      const frame = fuzz.next(n);
      const sent: Outstanding = { n, ...readable(frame), shown: String(frame).slice(0, 300) };
      const alone = sent.id === undefined;
      while (alone && outstanding.size > 0) await nextAnswer();
      if (sent.id !== undefined && byId.has(sent.id))
        throw new Error(`seed ${SEED}, frame ${n}: requestId ${sent.id} is still waiting`);
      outstanding.set(n, sent);
      if (sent.id !== undefined) byId.set(sent.id, sent);
      socket.send(frame);
      while (alone && outstanding.size > 0) await nextAnswer();
      // Keep what the test client holds small, so the heap measures the server.
      if (socket.frames.length > 500) socket.frames.splice(0, socket.frames.length);
    }
    while (outstanding.size > 0) await nextAnswer();
    check();
    // Let turns started by valid messages finish before measuring; no answer may come late.
    await new Promise((r) => setTimeout(r, 1_000));
    check();
    gc();
    const heapAfter = process.memoryUsage().heapUsed;
    const growthMb = (heapAfter - heapBefore) / 2 ** 20;
    console.log(
      `fuzz: ${FRAMES} frames, answers ${JSON.stringify(Object.fromEntries([...kinds].sort()))}, heap ${(heapBefore / 2 ** 20).toFixed(1)} → ${(heapAfter / 2 ** 20).toFixed(1)} MB`,
    );
    // Every kind of refusal was exercised, and valid frames were served too.
    for (const code of [
      "invalid_json",
      "bad_request",
      "unknown_type",
      "unsupported_protocol",
      "frame_too_large",
      "not_found",
    ]) {
      expect([code, (codes.get(code) ?? 0) > 0]).toEqual([code, true]);
    }
    for (const kind of ["pong", "conversation.state", "ack"])
      expect([kind, (kinds.get(kind) ?? 0) > 0]).toEqual([kind, true]);
    expect(internals).toEqual([]);
    expect(growthMb).toBeLessThan(25);

    // Still up and serving.
    socket.send({ type: "ping", requestId: "after" });
    expect(await socket.waitFor((f) => f.type === "pong" && f.requestId === "after")).toBeDefined();
    expect((await fetch(`${fx.url}/healthz`)).status).toBe(200);
    const fresh = await fx.socket();
    expect(fresh.frames[0]?.type).toBe("welcome");
    await fresh.close();
  }, 600_000);
});

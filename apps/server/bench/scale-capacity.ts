/**
 * The in-flight capacity case of bench/scale: how many turns one replica
 * holds at once with a slow streaming model. Each conversation has its own
 * socket that sends a message, waits for the turn's end, pauses briefly and
 * sends the next, so nearly every conversation has a turn in flight. The
 * number of conversations grows level by level (`grow`), earlier ones keep
 * running; `measure` records, on the conversations' own sockets, the latency
 * of every event (receive time − the frame's `at`), the streamed deltas, and
 * how many turns were in flight.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import WebSocket from "ws";
import { connect, request, type Frame } from "./ws-client";

interface CapacityWindow {
  latencyMs: number[];
  /** `assistant.delta` events received in the window (one model chunk ≈ one token each). */
  deltas: number;
  /** Turns in flight, sampled every 250 ms during the window. */
  inFlight: number[];
  /** Latencies by event type (the slow ones say which step of a turn lags). */
  byType: Map<string, number[]>;
  /** Turns that ended `turn.failed` (or another error frame) in the window, by code. */
  errors: Record<string, number>;
}

interface Conversation {
  id: string;
  /** Resolves the running turn's wait when its end arrives. */
  ended: (() => void) | undefined;
}

const ENDS = new Set(["turn.completed", "turn.failed", "turn.cancelled", "approval.requested"]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
export function cpuMsOf(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
    const rest = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return ((Number(rest[11]) + Number(rest[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Conversations driven back to back on one replica; grows, measures, stops. */
export class CapacityLoad {
  private readonly sockets: WebSocket[] = [];
  private readonly loops: Promise<void>[] = [];
  private running = 0;
  private stopping = false;
  private window: CapacityWindow | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
    /** Pause between a turn's end and the next message. */
    private readonly thinkMs = 300,
  ) {}

  /** Adds conversations until there are `total`; their first messages go out over `staggerMs`. */
  async grow(total: number, staggerMs: number): Promise<void> {
    const added: WebSocket[] = [];
    const convs: Conversation[] = [];
    while (this.sockets.length + added.length < total) {
      const ws = await connect(this.url, this.token);
      const state = await request(ws, { type: "conversation.open", create: {} });
      if (state.conversation?.id === undefined) throw new Error(`open failed: ${state.code}`);
      const conv: Conversation = { id: state.conversation.id, ended: undefined };
      // One parse per frame: the load generator shares the 2 cores with the replica it measures.
      ws.on("message", (data: Buffer) => this.observe(data, conv));
      added.push(ws);
      convs.push(conv);
    }
    added.forEach((ws, i) => {
      const delay = Math.random() * staggerMs;
      this.loops.push(sleep(delay).then(() => this.drive(ws, convs[i] as Conversation)));
    });
    this.sockets.push(...added);
  }

  /** Records every event the conversations' sockets receive for `ms`. */
  async measure(ms: number): Promise<CapacityWindow> {
    const w: CapacityWindow = {
      latencyMs: [],
      deltas: 0,
      inFlight: [],
      byType: new Map(),
      errors: {},
    };
    this.window = w;
    const sampler = setInterval(() => w.inFlight.push(this.running), 250);
    await sleep(ms);
    clearInterval(sampler);
    this.window = undefined;
    return w;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const ws of this.sockets) ws.terminate();
    await Promise.race([Promise.all(this.loops), sleep(2_000)]);
  }

  private observe(data: Buffer, conv: Conversation): void {
    const f = JSON.parse(data.toString()) as Frame;
    if (f.type === "event" && ENDS.has(f.event?.type ?? "") && f.conversationId === conv.id)
      conv.ended?.();
    const w = this.window;
    if (w === undefined) return;
    if (f.type === "error") w.errors[f.code ?? "?"] = (w.errors[f.code ?? "?"] ?? 0) + 1;
    if (f.type !== "event" || f.at === undefined) return;
    const ms = Date.now() - Date.parse(f.at);
    w.latencyMs.push(ms);
    const type = f.event?.type ?? "?";
    const ofType = w.byType.get(type);
    if (ofType === undefined) w.byType.set(type, [ms]);
    else ofType.push(ms);
    if (type === "assistant.delta") w.deltas++;
    if (f.event?.type === "turn.failed")
      w.errors["turn.failed"] = (w.errors["turn.failed"] ?? 0) + 1;
  }

  private async drive(ws: WebSocket, conv: Conversation): Promise<void> {
    ws.once("close", () => conv.ended?.());
    while (!this.stopping && ws.readyState === WebSocket.OPEN) {
      const ended = new Promise<void>((resolve) => (conv.ended = resolve));
      this.running++;
      const ack = await request(ws, {
        type: "message.send",
        conversationId: conv.id,
        clientMessageId: randomUUID(),
        text: "why does checkout crash-loop?",
      });
      if (ack.type === "ack") await ended;
      this.running--;
      await sleep(this.thinkMs);
    }
  }
}

/**
 * PostgreSQL's commit latency while the load runs: a one-row insert every
 * 100 ms on its own connection (a commit that waits for the WAL flush, as the
 * event log's writes do). Tells a replica waiting on the database from one
 * short of CPU.
 */
export async function startCommitProbe(
  databaseUrl: string,
): Promise<{ stop(): Promise<number[]> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("CREATE TABLE IF NOT EXISTS bench_commit_probe (at timestamptz NOT NULL)");
  const ms: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await client.query("INSERT INTO bench_commit_probe VALUES (now())");
      ms.push(performance.now() - t0);
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => undefined);
      await client.end();
      return ms;
    },
  };
}

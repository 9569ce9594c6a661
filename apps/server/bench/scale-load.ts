/**
 * The load generator of bench/scale (runs in the bench's process; the
 * replicas and the model run in their own). Conversations are driven by one
 * socket each on a "driver" replica — send a message, wait for the end of
 * the turn, think, send the next — while watcher sockets on the "watcher"
 * replicas follow the conversations. Measures, on the watchers: the latency
 * of every event (receive time − the frame's `at`), events delivered per
 * second, and each conversation's sequence numbers (gaps, duplicates).
 */
import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import { connect, request, type Frame } from "./ws-client";

export interface ScaleLoadOptions {
  /** Replica URLs the conversations' turns are sent to (conversation i → drivers[i % n]). */
  drivers: string[];
  /** Replica URLs the watcher sockets connect to (socket j → watchers[j % n]). */
  watchers: string[];
  token: string;
  conversations: number;
  /** Watcher sockets in all, spread evenly over the conversations. */
  sockets: number;
  warmupMs: number;
  measureMs: number;
  /** Pause between a turn's end and the next message. */
  thinkMs: number;
  /** Called this long into the measured window (the kill of a replica). */
  at?: { ms: number; run: () => void };
  /** After the window, how long to wait for the turns still running to end on the watchers. */
  drainMs?: number;
}

export interface ScaleLoadResult {
  latencyMs: number[];
  /** Events received by watchers during the measured window. */
  events: number;
  /** Turns that ended on a watcher during the window. */
  turns: number;
  /** Per watcher socket: the seqs it received, in order (after its open). */
  seqs: number[][];
  /** Turns acknowledged to a driver, and those a watcher saw end (completed or failed). */
  acked: Set<string>;
  ended: Map<string, string>;
  /** Per conversation with a turn running when `at` ran: ms until a watcher got its next event. */
  resumeMs: number[];
  errors: Record<string, number>;
}

const ENDS = new Set(["turn.completed", "turn.failed", "turn.cancelled", "approval.requested"]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runScaleLoad(o: ScaleLoadOptions): Promise<ScaleLoadResult> {
  const r: ScaleLoadResult = {
    latencyMs: [],
    events: 0,
    turns: 0,
    seqs: [],
    acked: new Set(),
    ended: new Map(),
    resumeMs: [],
    errors: {},
  };
  let measuring = false;
  let stopping = false;
  // Conversations, created by their drivers.
  const drivers: WebSocket[] = [];
  const ids: string[] = [];
  for (let i = 0; i < o.conversations; i++) {
    const ws = await connect(o.drivers[i % o.drivers.length] as string, o.token);
    const state = await request(ws, { type: "conversation.open", create: {} });
    drivers.push(ws);
    ids.push(state.conversation?.id as string);
  }
  const running = new Map<number, string>(); // conversation → turn id running
  const lastEventAt = new Map<number, number>();
  let killedAt: number | undefined;
  const waitingResume = new Set<number>();

  // Watchers.
  const watchers: WebSocket[] = [];
  for (let j = 0; j < o.sockets; j++) {
    const c = j % o.conversations;
    const ws = await connect(o.watchers[j % o.watchers.length] as string, o.token);
    const first = j < o.conversations;
    const seqs: number[] = [];
    r.seqs.push(seqs);
    ws.on("message", (data: Buffer) => {
      const f = JSON.parse(data.toString()) as Frame;
      if (f.type === "error") r.errors[f.code ?? "?"] = (r.errors[f.code ?? "?"] ?? 0) + 1;
      if (f.type !== "event" || f.at === undefined || f.event === undefined) return;
      const now = Date.now();
      if (measuring) {
        r.events++;
        r.latencyMs.push(now - Date.parse(f.at));
      }
      seqs.push(f.seq as number);
      if (!first) return;
      lastEventAt.set(c, now);
      // Resumed: the first event stamped after the kill (frames the dead replica sent before it
      // may still be on their way, and do not count).
      if (killedAt !== undefined && Date.parse(f.at) > killedAt && waitingResume.delete(c))
        r.resumeMs.push(now - killedAt);
      const turnId = f.event.turnId;
      if (ENDS.has(f.event.type) && turnId !== undefined) {
        r.ended.set(turnId, f.event.type);
        if (measuring) r.turns++;
      }
    });
    await request(ws, { type: "conversation.open", conversationId: ids[c] });
    watchers.push(ws);
  }

  // Drivers: turns back to back, each after the end of the last one (on its own socket).
  const drive = async (i: number) => {
    const ws = drivers[i] as WebSocket;
    const id = ids[i] as string;
    while (!stopping && ws.readyState === WebSocket.OPEN) {
      const ended = new Promise<void>((resolve) => {
        const on = (data: Buffer) => {
          const f = JSON.parse(data.toString()) as Frame;
          if (f.type === "event" && ENDS.has(f.event?.type ?? "") && f.conversationId === id) {
            ws.off("message", on);
            resolve();
          }
        };
        ws.on("message", on);
        ws.once("close", () => resolve());
      });
      const ack = await request(ws, {
        type: "message.send",
        conversationId: id,
        clientMessageId: randomUUID(),
        text: "why does checkout crash-loop?",
      });
      if (ack.type === "ack" && ack.turnId !== undefined) {
        r.acked.add(ack.turnId);
        running.set(i, ack.turnId);
      }
      await ended;
      running.delete(i);
      await sleep(o.thinkMs);
    }
  };
  const loops = drivers.map((_, i) => drive(i).catch(() => undefined));
  await sleep(o.warmupMs);
  measuring = true;
  if (o.at !== undefined) {
    const at = o.at;
    setTimeout(() => {
      killedAt = Date.now();
      for (const c of running.keys()) waitingResume.add(c);
      at.run();
    }, at.ms);
  }
  await sleep(o.measureMs);
  measuring = false;
  stopping = true;
  // Let the running turns end where the watchers see them.
  const deadline = Date.now() + (o.drainMs ?? 30_000);
  while (Date.now() < deadline && [...r.acked].some((t) => !r.ended.has(t))) await sleep(200);
  await Promise.race([Promise.all(loops), sleep(1_000)]);
  for (const ws of [...drivers, ...watchers]) ws.terminate();
  return r;
}

/** Duplicated and missing numbers in a conversation's received seqs (from its first one on). */
export function sequenceFaults(seqs: number[]): { duplicated: number; missing: number } {
  let duplicated = 0;
  let missing = 0;
  const seen = new Set<number>();
  let prev: number | undefined;
  for (const s of seqs) {
    if (seen.has(s)) {
      duplicated++;
      continue;
    }
    seen.add(s);
    if (prev !== undefined && s > prev + 1) missing += s - prev - 1;
    prev = Math.max(prev ?? s, s);
  }
  return { duplicated, missing };
}

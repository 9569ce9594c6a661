/**
 * The load generator of bench/gateway (it runs in the bench's process; the
 * servers it drives run in their own): N sockets, each opening a conversation
 * and then running turns back to back — send a message, wait for
 * `turn.completed`, send the next — for a warm-up and a measured window.
 * Measures turns and events per second (per 1 s bucket), the latency of every
 * event (receive time − the frame's `at`, ms precision), turn latency, and the
 * server's RSS (from /proc). Also: spawning the server processes and a fresh
 * PostgreSQL database for a run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import WebSocket from "ws";

export interface LoadOptions {
  url: string;
  token: string;
  sockets: number;
  warmupMs: number;
  measureMs: number;
  /** The server process whose RSS is sampled. */
  pid: number;
  /** Keep the frames of the first complete turn (the pattern the bare server replays). */
  recordPattern?: boolean;
}

export interface LoadResult {
  sockets: number;
  measuredMs: number;
  turns: number;
  events: number;
  /** ms from the frame's `at` to its receipt, every event of the window. */
  eventLatencyMs: number[];
  /** The same for streamed events only (not a turn's last event, which is stored before it is sent). */
  streamLatencyMs: number[];
  turnLatencyMs: number[];
  eventsPerSecond: number[];
  turnsPerSecond: number[];
  rssMb: number[];
  errors: number;
  /** Error frames by code (and message, for the first of each). */
  errorCodes: Record<string, { count: number; first: string }>;
  pattern: unknown[] | undefined;
}

const ENDS = new Set(["turn.completed", "turn.failed", "turn.cancelled", "approval.requested"]);

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  let phase: "setup" | "warmup" | "measure" | "drain" = "setup";
  let windowStart = 0;
  const r: LoadResult = {
    sockets: o.sockets,
    measuredMs: o.measureMs,
    turns: 0,
    events: 0,
    eventLatencyMs: [],
    streamLatencyMs: [],
    turnLatencyMs: [],
    eventsPerSecond: [],
    turnsPerSecond: [],
    rssMb: [],
    errors: 0,
    errorCodes: {},
    pattern: undefined,
  };
  const buckets = Math.ceil(o.measureMs / 1000);
  const eventBuckets = new Array<number>(buckets).fill(0);
  const turnBuckets = new Array<number>(buckets).fill(0);
  let inFlight = 0;

  const clients: WebSocket[] = [];
  const starters: (() => void)[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < o.sockets; i++) {
    const ws = new WebSocket(`${o.url.replace(/^http/, "ws")}/ws?v=1.0`, {
      headers: { authorization: `Bearer ${o.token}` },
      perMessageDeflate: false,
    });
    clients.push(ws);
    let conversationId = "";
    let sentAt = 0;
    let counter = 0;
    // Socket 0 keeps the frames of its first complete turn: the pattern.
    const recordingFrames: unknown[] | undefined =
      o.recordPattern === true && i === 0 ? [] : undefined;
    let recording = false;
    const sendTurn = () => {
      if (phase === "drain") return;
      inFlight++;
      sentAt = performance.now();
      const clientMessageId = `cm-${i}-${counter++}-${randomBytes(3).toString("hex")}`;
      if (recordingFrames !== undefined && r.pattern === undefined) {
        recordingFrames.length = 0;
        recording = true;
      }
      ws.send(
        JSON.stringify({
          type: "message.send",
          requestId: clientMessageId,
          conversationId,
          text: "list pods in shop",
          clientMessageId,
        }),
      );
    };
    starters.push(sendTurn);
    ready.push(
      new Promise<void>((resolve, reject) => {
        ws.on("error", reject);
        ws.on("message", (data: Buffer) => {
          const now = Date.now();
          const frame = JSON.parse(data.toString("utf8")) as {
            type: string;
            code?: string;
            at?: string;
            conversation?: { id: string };
            event?: { type: string };
          };
          if (recording && (frame.type === "event" || frame.type === "ack"))
            recordingFrames?.push(frame);
          switch (frame.type) {
            case "welcome":
              ws.send(JSON.stringify({ type: "conversation.open", requestId: "o", create: {} }));
              return;
            case "conversation.state":
              conversationId = frame.conversation?.id ?? "";
              resolve();
              return;
            case "error": {
              r.errors++;
              const code = frame.code ?? "?";
              const seen = r.errorCodes[code];
              if (seen === undefined)
                r.errorCodes[code] = {
                  count: 1,
                  first: (frame as { message?: string }).message ?? "",
                };
              else seen.count++;
              // The socket goes on with its next turn, as a user would retry.
              inFlight--;
              setTimeout(sendTurn, 100);
              return;
            }
            case "event": {
              const type = frame.event?.type ?? "";
              if (phase === "measure") {
                const latency = now - Date.parse(frame.at ?? "");
                r.events++;
                r.eventLatencyMs.push(latency);
                if (!ENDS.has(type)) r.streamLatencyMs.push(latency);
                const b = Math.floor((performance.now() - windowStart) / 1000);
                if (b < buckets) eventBuckets[b] = (eventBuckets[b] ?? 0) + 1;
              }
              if (ENDS.has(type)) {
                inFlight--;
                if (recording) {
                  recording = false;
                  if (type === "turn.completed") r.pattern = [...(recordingFrames ?? [])];
                }
                if (phase === "measure") {
                  r.turns++;
                  r.turnLatencyMs.push(performance.now() - sentAt);
                  const b = Math.floor((performance.now() - windowStart) / 1000);
                  if (b < buckets) turnBuckets[b] = (turnBuckets[b] ?? 0) + 1;
                }
                sendTurn();
              }
              return;
            }
            default:
              return;
          }
        });
      }),
    );
    // Open in batches: a thousand handshakes at once overflow the accept queue.
    if (i % 50 === 49) await Promise.all(ready.slice(-50));
  }
  await Promise.all(ready);

  const rssTimer = setInterval(() => {
    if (phase === "measure") r.rssMb.push(rssMbOf(o.pid));
  }, 250);
  phase = "warmup";
  starters.forEach((start, index) => {
    // Stagger the first turns over the first second, like users arriving.
    setTimeout(start, Math.floor((index / starters.length) * Math.min(1_000, o.warmupMs)));
  });
  await sleep(o.warmupMs);
  phase = "measure";
  windowStart = performance.now();
  await sleep(o.measureMs);
  phase = "drain";
  clearInterval(rssTimer);
  const deadline = Date.now() + 60_000;
  while (inFlight > 0 && Date.now() < deadline) await sleep(50);
  r.eventsPerSecond = eventBuckets;
  r.turnsPerSecond = turnBuckets;
  await Promise.all(
    clients.map(
      (ws) =>
        new Promise<void>((resolve) => {
          ws.once("close", () => resolve());
          ws.close();
          setTimeout(() => {
            ws.terminate();
            resolve();
          }, 2_000);
        }),
    ),
  );
  return r;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resident set size of a process, from /proc (Linux). */
export function rssMbOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0");
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

export interface Proc {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Runs a bench script under tsx as its own process; resolves when it prints its ready line. */
export function startProcess(
  script: string,
  env: Record<string, string>,
  /** Extra Node flags (`--cpu-prof` in bench/scale). */
  nodeArgs: string[] = [],
): Promise<Proc> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    cwd: new URL("../../../", import.meta.url).pathname,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}:\n${err}${out}`)));
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n").find((l) => l.startsWith("{") && l.includes('"url"'));
      if (line === undefined) return;
      const { url, pid } = JSON.parse(line) as { url: string; pid: number };
      resolve({
        url,
        pid,
        child,
        stop: () =>
          new Promise<void>((done) => {
            // A child killed by a signal (kill -9 in bench/scale) has no exit code, only a signal.
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 20_000).unref();
          }),
      });
    });
  });
}

export const SERVER_SCRIPT = new URL("./gateway-server.ts", import.meta.url).pathname;
export const ECHO_SCRIPT = new URL("./gateway-echo.ts", import.meta.url).pathname;

/** A fresh PostgreSQL database for one run; `drop()` removes it. Undefined when PostgreSQL is not there. */
export async function freshDatabase(
  adminUrl = process.env.KUBEMEDIC_TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test",
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `kubemedic_bench_${process.pid}_${randomBytes(3).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await run(`CREATE DATABASE "${name}"`);
  } catch {
    return undefined;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

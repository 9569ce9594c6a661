import type { AddressInfo } from "node:net";
import type { ClientFrame, ServerFrame } from "@kubemedic/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { ConnectionManager, type ConnectionOptions } from "./ConnectionManager";
import type { SocketFactory } from "./socketFactory";

/**
 * The connection manager against a real `ws` server on port 0: a loopback
 * fixture that speaks the protocol's frames, scripted per test. (The real
 * gateway is exercised by the browser tests.)
 */
const nodeSocket: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.on("open", () => handlers.onOpen());
  socket.on("message", (data, isBinary) => {
    if (!isBinary) handlers.onMessage(Buffer.from(data as Buffer).toString("utf8"));
  });
  socket.on("close", (code, reason) => handlers.onClose(code, reason.toString()));
  socket.on("error", () => undefined); // a close event follows
  return { send: (d) => socket.send(d), close: (c, r) => socket.close(c, r) };
};

interface Fixture {
  server: WebSocketServer;
  port: number;
  received: ClientFrame[];
  connections: number;
  sockets: Set<WebSocket>;
  onFrame: (frame: ClientFrame, socket: WebSocket) => void;
  onConnection: (socket: WebSocket) => void;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(port = 0, existing?: Fixture): Promise<Fixture> {
  const server = new WebSocketServer({ port, host: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const fixture: Fixture = existing ?? {
    server,
    port: 0,
    received: [],
    connections: 0,
    sockets: new Set(),
    onFrame: () => undefined,
    onConnection: (socket) => send(socket, welcome()),
  };
  fixture.server = server;
  fixture.port = (server.address() as AddressInfo).port;
  server.on("connection", (socket) => {
    fixture.connections++;
    fixture.sockets.add(socket);
    socket.on("close", () => fixture.sockets.delete(socket));
    socket.on("message", (data) => {
      const frame = JSON.parse(Buffer.from(data as Buffer).toString("utf8")) as ClientFrame;
      fixture.received.push(frame);
      fixture.onFrame(frame, socket);
    });
    fixture.onConnection(socket);
  });
  cleanups.push(() => stopServer(fixture));
  return fixture;
}

async function stopServer(fixture: Fixture): Promise<void> {
  for (const socket of fixture.sockets) socket.terminate();
  await new Promise<void>((resolve) => fixture.server.close(() => resolve()));
}

function send(socket: WebSocket, frame: ServerFrame | string): void {
  socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
}
const welcome = (): ServerFrame => ({
  type: "welcome",
  protocolVersion: "1.0",
  user: "local",
  connectionId: "c1",
});

function manager(fixture: Fixture, extra: Partial<ConnectionOptions> = {}) {
  const frames: ServerFrame[] = [];
  const invalid: string[] = [];
  const resume = new Map<string, number>();
  const m = new ConnectionManager({
    url: () => `ws://127.0.0.1:${fixture.port}/ws?v=1.0`,
    socket: nodeSocket,
    onFrame: (f) => frames.push(f),
    onInvalidFrame: (r) => invalid.push(r),
    resumeFrom: (id) => resume.get(id),
    backoff: { baseMs: 20, maxMs: 200, jitter: 0 },
    ...extra,
  });
  cleanups.push(() => m.dispose());
  return { m, frames, invalid, resume };
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("ConnectionManager", () => {
  it("connects, reads the welcome and passes frames on", async () => {
    const fixture = await startServer();
    const { m, frames } = manager(fixture);
    m.start();
    await until(() => m.snapshot.status === "open", "open");
    await until(() => frames.length === 1, "welcome");
    expect(m.snapshot).toMatchObject({ everOpened: true, user: "local", connectionId: "c1" });
  });

  it("queues frames sent before the socket is open and sends them in order", async () => {
    const fixture = await startServer();
    const { m } = manager(fixture);
    m.send({ type: "turn.cancel", conversationId: "a", turnId: "t1" });
    m.sendMessage({ conversationId: "a", text: "hello", clientMessageId: "client-0001" });
    m.watch("a");
    m.start();
    await until(() => fixture.received.length === 3, "three frames");
    expect(fixture.received.map((f) => f.type)).toEqual([
      "conversation.open",
      "turn.cancel",
      "message.send",
    ]);
    expect(fixture.received[2]).toMatchObject({
      clientMessageId: "client-0001",
      requestId: "client-0001",
    });
  });

  it("reconnects after a drop, resumes each conversation from its lastEventId and re-sends what was not acknowledged", async () => {
    const fixture = await startServer();
    fixture.onFrame = (frame, socket) => {
      // Acknowledge the first message only.
      if (frame.type === "message.send" && frame.clientMessageId === "client-0001") {
        send(socket, {
          type: "ack",
          conversationId: frame.conversationId,
          clientMessageId: frame.clientMessageId,
          messageId: "m1",
          turnId: "t1",
          duplicate: false,
        });
      }
    };
    const { m, resume } = manager(fixture);
    m.start();
    m.watch("a");
    m.watch("b");
    await until(() => m.snapshot.status === "open", "open");
    m.sendMessage({ conversationId: "a", text: "one", clientMessageId: "client-0001" });
    m.sendMessage({ conversationId: "a", text: "two", clientMessageId: "client-0002" });
    await until(() => m.snapshot.unacked === 1, "first ack");

    resume.set("a", 42);
    resume.set("b", 7);
    fixture.received.length = 0;
    for (const socket of fixture.sockets) socket.terminate();
    await until(() => m.snapshot.status === "waiting", "waiting");
    expect(m.snapshot.retryAt).not.toBeNull();
    await until(() => fixture.connections === 2 && fixture.received.length >= 3, "resume");
    expect(fixture.received).toMatchObject([
      { type: "conversation.open", conversationId: "a", lastEventId: 42 },
      { type: "conversation.open", conversationId: "b", lastEventId: 7 },
      { type: "message.send", clientMessageId: "client-0002", text: "two" },
    ]);
    expect(m.snapshot.status).toBe("open");
    expect(m.snapshot.attempt).toBe(0);
  });

  it("backs off while the server is down and recovers when it is back", async () => {
    const fixture = await startServer();
    const { m } = manager(fixture, { backoff: { baseMs: 30, maxMs: 120, jitter: 0 } });
    m.start();
    m.watch("a");
    await until(() => m.snapshot.status === "open", "open");
    const port = fixture.port;
    await stopServer(fixture);
    await until(() => m.snapshot.attempt >= 3, "three failed attempts");
    expect(m.snapshot.status === "waiting" || m.snapshot.status === "connecting").toBe(true);
    expect(m.snapshot.lastError).toMatch(/\(\d+\)/);
    fixture.received.length = 0;
    await startServer(port, fixture);
    await until(() => m.snapshot.status === "open", "open again", 8_000);
    await until(() => fixture.received.length >= 1, "re-open");
    expect(fixture.received[0]).toMatchObject({ type: "conversation.open", conversationId: "a" });
  });

  it("stops retrying when the server refuses the credentials, until retryNow", async () => {
    const fixture = await startServer();
    fixture.onConnection = (socket) => socket.close(4401, "sign in first");
    const { m } = manager(fixture);
    m.start();
    await until(() => m.snapshot.status === "unauthorized", "unauthorized");
    await new Promise((r) => setTimeout(r, 100));
    expect(fixture.connections).toBe(1);
    expect(m.snapshot.lastError).toBe("sign in first (4401)");
    fixture.onConnection = (socket) => send(socket, welcome());
    m.retryNow();
    await until(() => m.snapshot.status === "open", "open after login");
  });

  it("drops invalid frames and keeps the connection", async () => {
    const fixture = await startServer();
    fixture.onConnection = (socket) => {
      send(socket, "not json");
      send(socket, JSON.stringify({ type: "event", conversationId: "a", seq: -1 }));
      send(socket, welcome());
    };
    const { m, frames, invalid } = manager(fixture);
    m.start();
    await until(() => frames.length === 1, "the valid frame");
    expect(invalid).toHaveLength(2);
    expect(m.snapshot.status).toBe("open");
  });

  it("treats an error answering a message as final: it is not re-sent", async () => {
    const fixture = await startServer();
    fixture.onFrame = (frame, socket) => {
      if (frame.type === "message.send") {
        send(socket, {
          type: "error",
          code: "turn_in_progress",
          message: "a turn is running",
          requestId: frame.requestId,
          conversationId: frame.conversationId,
        });
      }
    };
    const { m, frames } = manager(fixture);
    m.start();
    m.sendMessage({ conversationId: "a", text: "x", clientMessageId: "client-0003" });
    await until(() => frames.some((f) => f.type === "error"), "error");
    expect(m.snapshot.unacked).toBe(0);
  });

  it("replaces a socket that went silent", async () => {
    const fixture = await startServer();
    fixture.onConnection = () => undefined; // accepts, then never says anything
    const { m } = manager(fixture, { heartbeatIntervalMs: 20, heartbeatTimeoutMs: 60 });
    m.start();
    await until(() => fixture.connections >= 2, "a second connection");
    expect(fixture.received.some((f) => f.type === "ping")).toBe(true);
  });

  it("never reconnects after dispose", async () => {
    const fixture = await startServer();
    const { m } = manager(fixture);
    m.start();
    await until(() => m.snapshot.status === "open", "open");
    m.dispose();
    await new Promise((r) => setTimeout(r, 150));
    expect(fixture.connections).toBe(1);
    expect(m.snapshot.status).toBe("stopped");
  });
});

import type { AddressInfo } from "node:net";
import type { ClientFrame, ServerFrame } from "@kubemedic/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import type { SocketFactory } from "../socket/socketFactory";
import { memoryStorage } from "../ui/memoryStorage";
import { createClient } from "./createClient";

/**
 * The client's actions against a real `ws` server on port 0 that speaks the
 * protocol's frames. The browser's window is reduced to what the client reads
 * (location, history, events); the real gateway is exercised by the browser tests.
 */
const nodeSocket: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.on("open", () => handlers.onOpen());
  socket.on("message", (data) => handlers.onMessage(Buffer.from(data as Buffer).toString("utf8")));
  socket.on("close", (code, reason) => handlers.onClose(code, reason.toString()));
  socket.on("error", () => undefined); // a close event follows
  return { send: (d) => socket.send(d), close: (c, r) => socket.close(c, r) };
};

function windowAt(pathname: string): Window {
  const location = { pathname };
  const history = {
    pushState: (_s: unknown, _t: string, path: string) => void (location.pathname = path),
    replaceState: (_s: unknown, _t: string, path: string) => void (location.pathname = path),
  };
  const document = Object.assign(new EventTarget(), { visibilityState: "visible" });
  return Object.assign(new EventTarget(), { location, history, document }) as unknown as Window;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function until(check: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 5_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("createClient", () => {
  it("retrySend re-sends a refused message with the resource it was about (regression: retry dropped it)", async () => {
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    const sends: Extract<ClientFrame, { type: "message.send" }>[] = [];
    server.on("connection", (socket) => {
      const reply = (frame: ServerFrame) => socket.send(JSON.stringify(frame));
      reply({ type: "welcome", protocolVersion: "1.0", user: "local", connectionId: "c1" });
      socket.on("message", (data) => {
        const frame = JSON.parse(Buffer.from(data as Buffer).toString("utf8")) as ClientFrame;
        if (frame.type !== "message.send") return;
        sends.push(frame);
        // The first attempt is refused; the retry is accepted.
        if (sends.length === 1) {
          reply({
            type: "error",
            code: "turn_in_progress",
            message: "A turn is already running.",
            requestId: frame.clientMessageId,
            conversationId: frame.conversationId,
          });
        } else {
          reply({
            type: "ack",
            conversationId: frame.conversationId,
            clientMessageId: frame.clientMessageId,
            messageId: "msg-1",
            turnId: "turn-1",
            duplicate: false,
          });
        }
      });
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of server.clients) socket.terminate();
          server.close(() => resolve());
        }),
    );
    const port = (server.address() as AddressInfo).port;
    const client = createClient({
      storage: memoryStorage(),
      socket: nodeSocket,
      socketUrl: () => `ws://127.0.0.1:${port}/ws?v=1.0`,
      win: windowAt("/c/conv-1"),
    });
    cleanups.push(() => client.dispose());

    const about = { kind: "Pod", namespace: "shop", name: "checkout-7d9f-abcde" };
    client.sendMessage("conv-1", "why does it restart?", about);
    const outbox = () => client.stream.getState().conversations["conv-1"]?.outbox ?? [];
    await until(() => outbox()[0]?.status === "failed", "the refusal");
    expect(outbox()[0]).toMatchObject({ about, error: { code: "turn_in_progress" } });

    const id = outbox()[0]?.clientMessageId ?? "";
    client.retrySend("conv-1", id);
    await until(() => outbox()[0]?.status === "acked", "the retry's ack");
    expect(sends).toHaveLength(2);
    expect(sends[1]).toMatchObject({
      clientMessageId: id,
      text: "why does it restart?",
      selectedResource: about,
    });
    expect(sends[0]?.selectedResource).toEqual(about);
  });
});

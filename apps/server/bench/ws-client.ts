// The gateway's socket as the scale benches' load generators use it: connect with the
// bearer token, and send one request frame and wait for its answer.
import { randomUUID } from "node:crypto";
import WebSocket from "ws";

/** The frame fields the load generators read. */
export interface Frame {
  type: string;
  requestId?: string;
  conversationId?: string;
  seq?: number;
  at?: string;
  event?: { type: string; turnId?: string };
  conversation?: { id: string };
  turnId?: string;
  code?: string;
}

export function connect(url: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/ws?v=1.0`, {
    headers: { authorization: `Bearer ${token}` },
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

/** Sends `frame` with a fresh requestId; its answer, or an `error` frame `closed` if the socket closes first. */
export function request(ws: WebSocket, frame: Record<string, unknown>): Promise<Frame> {
  const requestId = randomUUID();
  return new Promise((resolve) => {
    const on = (data: Buffer) => {
      const f = JSON.parse(data.toString()) as Frame;
      if (f.requestId !== requestId) return;
      ws.off("message", on);
      ws.off("close", closed);
      resolve(f);
    };
    const closed = () => {
      ws.off("message", on);
      resolve({ type: "error", code: "closed" });
    };
    ws.on("message", on);
    ws.once("close", closed);
    ws.send(JSON.stringify({ ...frame, requestId }));
  });
}

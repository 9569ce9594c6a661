/**
 * The baseline of bench/gateway: a bare `ws` server, no database, no agent,
 * fed the gateway's own frame pattern. On `conversation.open` it answers a
 * state frame; on `message.send` it sends, at once, the ack and every event
 * frame one real gateway turn produced (BENCH_PATTERN: a JSON file of those
 * frames), each with a fresh `at` and serialized once, as the gateway does.
 * Prints `{ url, pid }` when ready.
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

const pattern = JSON.parse(readFileSync(process.env.BENCH_PATTERN ?? "", "utf8")) as Record<
  string,
  unknown
>[];
const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
wss.on("connection", (ws) => {
  ws.send(
    JSON.stringify({ type: "welcome", protocolVersion: "1.0", user: "bench", connectionId: "c" }),
  );
  ws.on("message", (data: Buffer) => {
    const frame = JSON.parse(data.toString("utf8")) as { type?: string; requestId?: string };
    if (frame.type === "conversation.open") {
      ws.send(
        JSON.stringify({
          type: "conversation.state",
          requestId: frame.requestId,
          conversation: { id: "echo" },
          turns: [],
          missed: [],
          lastSeq: 0,
          resync: false,
          pendingApproval: null,
        }),
      );
      return;
    }
    for (const f of pattern) {
      if (f.type === "event") f.at = new Date().toISOString();
      ws.send(JSON.stringify(f));
    }
  });
});
wss.on("listening", () => {
  const { port } = wss.address() as AddressInfo;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid }));
});
process.once("SIGTERM", () => wss.close(() => process.exit(0)));

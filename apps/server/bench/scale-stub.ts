/**
 * The model of bench/scale, in its own process: the OpenAI stub streaming
 * like a hosted model (BENCH_FIRST_TOKEN_MS before the first token, then one
 * 4-character chunk every BENCH_CHUNK_MS). Every turn: one kubectl read,
 * then an answer of ~150 words. Prints `{ url, pid }` when ready.
 */
import { startOpenAIStub } from "@kubemedic/agent/testing";

const firstTokenMs = Number(process.env.BENCH_FIRST_TOKEN_MS ?? "300");
const chunkMs = Number(process.env.BENCH_CHUNK_MS ?? "50");
const ANSWER =
  "The checkout pods in shop are crash-looping: the container exits at start because " +
  "DATABASE_URL is not set in its pod template. Add it from the database Secret and watch " +
  "the rollout until both replicas are ready; the Service then gets its endpoints back. ";

const stub = await startOpenAIStub(
  (req) =>
    req.body?.messages?.at(-1)?.role === "tool"
      ? { text: ANSWER.repeat(2), delayMs: firstTokenMs, chunkDelayMs: chunkMs }
      : {
          delayMs: firstTokenMs,
          toolCalls: [{ name: "kubectl", arguments: { command: "get pods -n shop" } }],
        },
  { host: "127.0.0.1" },
);
console.log(JSON.stringify({ url: stub.url, pid: process.pid }));
process.once("SIGTERM", () => void stub.close().then(() => process.exit(0)));

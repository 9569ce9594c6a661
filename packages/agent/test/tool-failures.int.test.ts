import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { Cluster, loadKubeConfig } from "@kubemedic/kube";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, defaultGraphConfig, type ToolArtifact } from "../src/index";
import { ScriptedChatModel } from "../src/testing/index";
import { collect, ofType } from "./fixtures";

/** A kube Cluster whose API server is at 127.0.0.1:port (nothing real behind it). */
async function clusterAt(dir: string, port: number): Promise<Cluster> {
  const path = join(dir, `kubeconfig-${port}`);
  await writeFile(
    path,
    `apiVersion: v1
kind: Config
clusters:
- name: nowhere
  cluster: { server: "https://127.0.0.1:${port}", insecure-skip-tls-verify: true }
users:
- name: u
  user: { token: test-token }
contexts:
- name: nowhere
  context: { cluster: nowhere, user: u, namespace: shop }
current-context: nowhere
`,
  );
  return new Cluster(loadKubeConfig({ kubeconfigPath: path }));
}

/** One kubectl call, then an answer that quotes what the tool said. */
function model(): ScriptedChatModel {
  return new ScriptedChatModel([
    {
      text: "",
      toolCalls: [{ id: "call_1", name: "kubectl", args: { command: "get pods -n shop" } }],
    },
    (messages) => ({
      text: `The tool said: ${(messages.at(-1)?.content as string | undefined) ?? ""}`,
    }),
  ]);
}

const config = defaultGraphConfig({
  limits: { toolTimeoutMs: 600 },
  nodes: {
    prepare: { healthSummary: false },
    tools: { retry: { maxAttempts: 3, initialDelayMs: 10, maxDelayMs: 20 } },
  },
});

let dir: string;
let blackhole: Server;
const sockets = new Set<Socket>();
let closedPort: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "kubemedic-tool-failures-"));
  // Accepts connections and never answers: a hung API server.
  blackhole = createServer((s) => {
    sockets.add(s);
    s.on("error", () => undefined);
  });
  await new Promise<void>((r) => blackhole.listen(0, "127.0.0.1", r));
  // A port nothing listens on: connection refused.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((r) => probe.close(() => r()));
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => blackhole.close(() => r()));
  await rm(dir, { recursive: true, force: true });
});

describe("tool failures reach the model as tool messages", () => {
  it("a call to a hung API server ends at the per-tool timeout, and the turn goes on", async () => {
    const cluster = await clusterAt(dir, (blackhole.address() as { port: number }).port);
    const agent = createAgent({
      model: { model: model(), label: "scripted", offline: true },
      checkpointer: new MemorySaver(),
      config,
      clusterFor: () => cluster,
    });
    const started = Date.now();
    const events = await collect(
      agent.runTurn({
        conversationId: "h1",
        turnId: "t1",
        user: "a",
        input: { text: "list pods in the shop namespace" },
      }),
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(ofType(events, "tool.finished")[0]).toMatchObject({ status: "timeout" });
    expect(ofType(events, "assistant.message").at(-1)?.content).toMatch(
      /did not finish within 600 ms/,
    );
    expect(events.at(-1)?.type).toBe("turn.completed");
    cluster.close();
  });

  it("an unreachable API server is retried with backoff, then reported as an error", async () => {
    const cluster = await clusterAt(dir, closedPort);
    const agent = createAgent({
      model: { model: model(), label: "scripted", offline: true },
      checkpointer: new MemorySaver(),
      config,
      clusterFor: () => cluster,
    });
    const events = await collect(
      agent.runTurn({
        conversationId: "r1",
        turnId: "t1",
        user: "a",
        input: { text: "list pods in the shop namespace" },
      }),
    );
    expect(ofType(events, "tool.finished")[0]).toMatchObject({ status: "error" });
    expect(ofType(events, "tool.finished")[0]?.outputPreview).toMatch(/unreachable/);
    const state = await agent.graph.getState({ configurable: { thread_id: "r1" } });
    const answer = (state.values as { messages: unknown[] }).messages.find((m): m is ToolMessage =>
      ToolMessage.isInstance(m),
    );
    expect((answer?.artifact as ToolArtifact).attempts).toBe(3);
    expect(events.at(-1)?.type).toBe("turn.completed");
    cluster.close();
  });

  it("a cluster that cannot be resolved fails the turn with cluster_unreachable", async () => {
    const agent = createAgent({
      model: { model: model(), label: "scripted", offline: true },
      checkpointer: new MemorySaver(),
      config,
      clusterFor: () => {
        throw new Error("no such context: prod");
      },
    });
    const events = await collect(
      agent.runTurn({
        conversationId: "u1",
        turnId: "t1",
        user: "a",
        clusterContext: "prod",
        input: { text: "hello" },
      }),
    );
    expect(events.map((e) => e.type)).toEqual(["turn.started", "turn.failed"]);
    expect(events[1]).toMatchObject({
      code: "cluster_unreachable",
      message: "no such context: prod",
    });
  });
});

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MemorySaver } from "@langchain/langgraph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAgent,
  createModel,
  defaultGraphConfig,
  otelTracingFromEnv,
  type AgentHooks,
} from "../src/index";
import { collect, ofType, startDemo, type DemoFixture } from "./fixtures";

/** A span as OTLP/HTTP JSON carries it (the fields this test reads). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** A local OTLP/HTTP receiver: POST /v1/traces, JSON, keeps every span. */
async function startReceiver(): Promise<{
  url: string;
  spans: OtlpSpan[];
  close(): Promise<void>;
}> {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") {
        expect(req.headers["content-type"]).toMatch(/application\/json/);
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const rs of body.resourceSpans)
          for (const ss of rs.scopeSpans) spans.push(...ss.spans);
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const attr = (s: OtlpSpan, key: string): string | number | undefined => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : Number(v.intValue));
};

let fixture: DemoFixture;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  fixture = await startDemo(["multi-outlet-crash-and-oom"]);
  receiver = await startReceiver();
});
afterAll(async () => {
  await fixture?.close();
  await receiver?.close();
});

describe("hooks and OpenTelemetry tracing (issue #14)", () => {
  it("is off without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
    expect(otelTracingFromEnv({})).toBeUndefined();
    expect(otelTracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:1" })).toBeDefined();
  });

  it("sends a planned turn as one trace to the OTLP endpoint: nodes, steps, model and tool calls as spans", async () => {
    const calls: string[] = [];
    const hooks: AgentHooks = {
      turnStart: () => calls.push("turnStart"),
      turnEnd: (_t, outcome) => calls.push(`turnEnd:${outcome}`),
      nodeStart: (_t, n) => calls.push(`nodeStart:${n.node}`),
      modelEnd: () => calls.push("modelEnd"),
      toolStart: (_t, c) => calls.push(`toolStart:${c.tool}`),
      toolEnd: (_t, _c, status) => calls.push(`toolEnd:${status}`),
      plan: (_t, e) => calls.push(e.type),
    };
    const before = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    let agent;
    try {
      agent = createAgent({
        model: createModel({}),
        checkpointer: new MemorySaver(),
        config: defaultGraphConfig(),
        clusterFor: () => fixture.cluster,
        hooks,
      });
    } finally {
      if (before === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = before;
    }
    const conversationId = `trace-${crypto.randomUUID()}`;
    const events = await collect(
      agent.runTurn({
        conversationId,
        turnId: "t-trace",
        user: "test",
        input: {
          text: "checkout and report-worker in outlet both keep restarting — what's wrong?",
        },
      }),
    );
    expect(ofType(events, "turn.completed")).toHaveLength(1);
    const tools = ofType(events, "tool.started");
    expect(tools.length).toBeGreaterThan(0);

    // The typed hooks saw the same turn.
    expect(calls[0]).toBe("turnStart");
    expect(calls.at(-1)).toBe("turnEnd:completed");
    expect(calls).toContain("nodeStart:prepare");
    expect(calls).toContain("plan.created");
    expect(calls.filter((c) => c.startsWith("toolStart:"))).toHaveLength(tools.length);

    // The spans arrive after the turn (one export per turn, not awaited by it).
    const deadline = Date.now() + 10_000;
    while (!receiver.spans.some((s) => s.name === "turn") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const spans = receiver.spans.filter(
      (s) => attr(s, "kubemedic.conversation_id") === conversationId,
    );
    const root = spans.find((s) => s.name === "turn");
    expect(root).toBeDefined();
    expect(root?.parentSpanId ?? "").toBe("");
    expect(attr(root!, "kubemedic.turn.outcome")).toBe("completed");
    // One trace, every span with the turn's ids.
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([root!.traceId]));
    for (const s of spans) expect(attr(s, "kubemedic.turn_id")).toBe("t-trace");

    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const parentOf = (s: OtlpSpan) => (s.parentSpanId ? byId.get(s.parentSpanId) : undefined);
    const names = spans.map((s) => s.name);
    expect(names).toContain("node prepare");
    expect(parentOf(spans.find((s) => s.name === "node prepare")!)?.name).toBe("turn");

    // Tool calls: a span each, under a node, with the redacted command and never the output.
    const toolSpans = spans.filter((s) => s.name.startsWith("tool "));
    expect(toolSpans).toHaveLength(tools.length);
    for (const s of toolSpans) {
      expect(parentOf(s)?.name).toMatch(/^node /);
      const command = attr(s, "kubemedic.tool.command");
      expect(tools.map((t) => t.command)).toContain(command);
      expect(s.attributes.map((a) => a.key)).not.toContain("kubemedic.tool.output");
    }
    const outputs = ofType(events, "tool.finished").map((e) => e.outputPreview);
    const everyValue = JSON.stringify(spans.map((s) => s.attributes));
    for (const o of outputs.filter((o) => o.length > 40)) expect(everyValue).not.toContain(o);

    // Plan steps: a span each under the turn.
    const steps = ofType(events, "plan.step.started");
    const stepSpans = spans.filter((s) => s.name.startsWith("plan step "));
    expect(stepSpans).toHaveLength(steps.length);
    for (const s of stepSpans) expect(parentOf(s)?.name).toBe("turn");

    // Model calls: spans under the node that made them.
    const models = spans.filter((s) => s.name === "model");
    expect(models.length).toBeGreaterThan(0);
    for (const m of models) expect(parentOf(m)?.name).toMatch(/^node /);
    // Every non-root span hangs off a span of the same trace.
    for (const s of spans.filter((s) => s !== root)) expect(parentOf(s)).toBeDefined();
    // A specialist's own nodes run inside its step's node.
    const inner = spans.filter((s) => s.name === "node agent" || s.name === "node tools");
    expect(inner.length).toBeGreaterThan(0);
    for (const s of inner) expect(parentOf(s)?.name).toBe("node step");
  }, 60_000);
});

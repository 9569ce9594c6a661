import {
  context as otelContext,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { AgentHooks, HookTurn } from "../hooks/agent-hooks";

export interface OtelTracing {
  hooks: AgentHooks;
  /** Exports what is buffered (tests, shutdown). */
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry tracing over OTLP/HTTP (JSON) when `OTEL_EXPORTER_OTLP_ENDPOINT`
 * (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set; undefined otherwise, so an
 * agent without it attaches nothing. The exporter reads the standard OTEL_*
 * variables itself (headers, timeout).
 */
export function otelTracingFromEnv(env: NodeJS.ProcessEnv = process.env): OtelTracing | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (endpoint === undefined || endpoint.trim() === "") return undefined;
  return createOtelTracing(env.OTEL_SERVICE_NAME ?? "kubemedic");
}

export function createOtelTracing(serviceName: string): OtelTracing {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  const tracer = provider.getTracer("kubemedic-agent");
  return {
    hooks: otelHooks(tracer, () => {
      // One export per turn, not awaited: the turn never waits for the collector.
      provider.forceFlush().catch(() => undefined);
    }),
    forceFlush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}

/**
 * Spans from the hooks: a turn segment is a trace (root span `turn`), each
 * node a span under its enclosing node (or the turn), model calls and tool
 * calls spans under their node, plan steps spans under the turn. Every span
 * carries the conversation and turn ids. Attributes are names, ids, counts
 * and the redacted command of a tool call: never its output, never a
 * message, never a Secret.
 */
export function otelHooks(tracer: Tracer, onTurnEnd: () => void = () => undefined): AgentHooks {
  /** Per turn id: its root span and its open spans by run/call id. */
  const turns = new Map<string, { root: Span; spans: Map<string, Span> }>();
  const ids = (turn: HookTurn): Attributes => ({
    "kubemedic.conversation_id": turn.conversationId,
    "kubemedic.turn_id": turn.turnId,
  });
  const start = (
    turn: HookTurn,
    key: string,
    name: string,
    parentKey: string | undefined,
    attributes: Attributes,
  ): void => {
    const t = turns.get(turn.turnId);
    if (t === undefined) return;
    const parent = (parentKey === undefined ? undefined : t.spans.get(parentKey)) ?? t.root;
    const span = tracer.startSpan(
      name,
      { kind: SpanKind.INTERNAL, attributes: { ...ids(turn), ...attributes } },
      trace.setSpan(otelContext.active(), parent),
    );
    t.spans.set(key, span);
  };
  const end = (turn: HookTurn, key: string, attributes: Attributes = {}, error?: unknown): void => {
    const t = turns.get(turn.turnId);
    const span = t?.spans.get(key);
    if (t === undefined || span === undefined) return;
    t.spans.delete(key);
    span.setAttributes(attributes);
    if (error !== undefined) {
      // The error's class only: its message may quote cluster data.
      span.setStatus({ code: SpanStatusCode.ERROR, message: errorName(error) });
    }
    span.end();
  };
  return {
    turnStart(turn) {
      const root = tracer.startSpan(
        "turn",
        { kind: SpanKind.SERVER, attributes: ids(turn) },
        otelContext.active(),
      );
      turns.set(turn.turnId, { root, spans: new Map() });
    },
    turnEnd(turn, outcome) {
      const t = turns.get(turn.turnId);
      if (t === undefined) return;
      turns.delete(turn.turnId);
      for (const span of t.spans.values()) span.end();
      t.root.setAttribute("kubemedic.turn.outcome", outcome);
      if (outcome === "failed") t.root.setStatus({ code: SpanStatusCode.ERROR });
      t.root.end();
      onTurnEnd();
    },
    nodeStart(turn, node) {
      start(turn, node.runId, `node ${node.node}`, node.parentRunId, {
        "kubemedic.node": node.node,
      });
    },
    nodeEnd(turn, node, error) {
      end(turn, node.runId, {}, error);
    },
    modelStart(turn, call) {
      start(turn, call.runId, "model", call.parentRunId, { "gen_ai.request.model": call.model });
    },
    modelEnd(turn, call, usage, error) {
      const attributes: Attributes =
        usage === undefined
          ? {}
          : {
              "gen_ai.usage.input_tokens": usage.inputTokens,
              "gen_ai.usage.output_tokens": usage.outputTokens,
            };
      end(turn, call.runId, attributes, error);
    },
    toolStart(turn, call) {
      start(turn, `tool:${call.toolCallId}`, `tool ${call.tool}`, call.parentRunId, {
        "kubemedic.tool": call.tool,
        "kubemedic.tool.call_id": call.toolCallId,
        "kubemedic.tool.command": call.command,
        "kubemedic.tool.classification": call.classification,
      });
    },
    toolEnd(turn, call, status, durationMs) {
      end(
        turn,
        `tool:${call.toolCallId}`,
        { "kubemedic.tool.status": status, "kubemedic.tool.duration_ms": durationMs },
        status === "error" ? new Error("tool error") : undefined,
      );
    },
    plan(turn, event) {
      switch (event.type) {
        case "plan.created":
        case "plan.revised":
          turns.get(turn.turnId)?.root.addEvent(event.type, {
            "kubemedic.plan.version": event.plan.version,
            "kubemedic.plan.steps": event.plan.steps.length,
          });
          return;
        case "plan.step.started":
          start(
            turn,
            `step:${event.planVersion}:${event.stepId}`,
            `plan step ${event.stepId}`,
            undefined,
            {
              "kubemedic.plan.version": event.planVersion,
              "kubemedic.plan.step_id": event.stepId,
            },
          );
          return;
        case "plan.step.finished":
          end(turn, `step:${event.planVersion}:${event.stepId}`, {
            "kubemedic.plan.step_status": event.status,
          });
          return;
      }
    },
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "error";
}

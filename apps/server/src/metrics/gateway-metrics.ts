import type { ErrorCode, ToolClassification, ToolStatus, TurnStatus } from "@kubemedic/protocol";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Turn durations, in seconds: an offline turn takes ~1 s, an LLM turn up to minutes. */
const TURN_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** HTTP handling times, in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * Everything `/metrics` exposes (docs/gateway.md#metrics), through
 * `prom-client` with its default process and Node.js metrics (CPU, memory,
 * event-loop lag, GC, handles: `process_*`, `nodejs_*`). Names follow
 * Prometheus conventions: `_total` counters, base units (seconds, bytes). One
 * registry per server, never prom-client's global one: tests run several
 * servers in one process.
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly connections: Gauge;
  readonly connectionsTotal: Counter;
  readonly framesReceived: Counter<"type">;
  readonly eventsSent: Counter;
  readonly turnsRunning: Gauge;
  readonly turns: Counter<"status">;
  readonly turnDuration: Histogram<"status">;
  readonly toolCalls: Counter<"tool" | "classification" | "status">;
  readonly llmTokens: Counter<"direction">;
  readonly errors: Counter<"code">;
  readonly httpRequests: Counter<"method" | "route" | "status">;
  readonly httpDuration: Histogram;

  constructor() {
    const registers = [this.registry];
    this.connections = new Gauge({
      name: "kubemedic_ws_connections",
      help: "Open WebSocket connections.",
      registers,
    });
    this.connectionsTotal = new Counter({
      name: "kubemedic_ws_connections_total",
      help: "WebSocket connections accepted since start.",
      registers,
    });
    this.framesReceived = new Counter({
      name: "kubemedic_ws_frames_received_total",
      help: "Client frames received, by frame type (invalid when it could not be parsed).",
      labelNames: ["type"],
      registers,
    });
    this.eventsSent = new Counter({
      name: "kubemedic_ws_events_total",
      help: "Conversation events emitted (each counted once, whatever the number of subscribers).",
      registers,
    });
    this.turnsRunning = new Gauge({
      name: "kubemedic_turns_running",
      help: "Turns running now.",
      registers,
    });
    this.turns = new Counter({
      name: "kubemedic_turns_total",
      help: "Turn segments ended, by status (completed, failed, cancelled, interrupted, awaiting_approval).",
      labelNames: ["status"],
      registers,
    });
    this.turnDuration = new Histogram({
      name: "kubemedic_turn_duration_seconds",
      help: "Wall time of a turn segment, from its start (or resume) to its end or pause, by status.",
      labelNames: ["status"],
      buckets: TURN_BUCKETS,
      registers,
    });
    this.toolCalls = new Counter({
      name: "kubemedic_tool_calls_total",
      help: "Tool calls finished, by tool, classification and status.",
      labelNames: ["tool", "classification", "status"],
      registers,
    });
    this.llmTokens = new Counter({
      name: "kubemedic_llm_tokens_total",
      help: "LLM tokens reported by the model, by direction (input, output).",
      labelNames: ["direction"],
      registers,
    });
    this.errors = new Counter({
      name: "kubemedic_errors_total",
      help: "Errors answered to clients (error frames, HTTP errors, failed turns), by wire code.",
      labelNames: ["code"],
      registers,
    });
    this.httpRequests = new Counter({
      name: "kubemedic_http_requests_total",
      help: "HTTP requests answered, by method, route and status code.",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.httpDuration = new Histogram({
      name: "kubemedic_http_request_duration_seconds",
      help: "HTTP request handling time.",
      buckets: HTTP_BUCKETS,
      registers,
    });
    // Kept beside the default process metrics: dashboards already read these names.
    this.gauge("kubemedic_process_resident_memory_bytes", "Resident set size of the server.", () =>
      process.memoryUsage.rss(),
    );
    this.gauge(
      "kubemedic_process_heap_used_bytes",
      "V8 heap in use.",
      () => process.memoryUsage().heapUsed,
    );
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when `/metrics` is scraped (a queue length, memory). */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  turnEnded(status: Exclude<TurnStatus, "running">, seconds: number): void {
    this.turns.inc({ status });
    this.turnDuration.observe({ status }, seconds);
  }

  toolFinished(tool: string, classification: ToolClassification, status: ToolStatus): void {
    // Labels by name, as before prom-client: a series' first labels set their order.
    this.toolCalls.inc({ classification, status, tool });
  }

  error(code: ErrorCode): void {
    this.errors.inc({ code });
  }

  /** The text exposition format (version 0.0.4). */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  /** `text/plain; version=0.0.4; charset=utf-8`. */
  get contentType(): string {
    return this.registry.contentType;
  }
}

import type { ErrorCode, ToolClassification, ToolStatus, TurnStatus } from "@kubemedic/protocol";
import { MetricsRegistry, type Counter, type Gauge, type Histogram } from "./registry";

/** Turn durations, in seconds: an offline turn takes ~1 s, an LLM turn up to minutes. */
const TURN_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** HTTP handling times, in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * Everything `/metrics` exposes (docs/gateway.md#metrics). Names follow
 * Prometheus conventions: `_total` counters, base units (seconds, bytes).
 */
export class GatewayMetrics {
  readonly registry = new MetricsRegistry();
  readonly connections: Gauge;
  readonly connectionsTotal: Counter;
  readonly framesReceived: Counter;
  readonly eventsSent: Counter;
  readonly turnsRunning: Gauge;
  readonly turns: Counter;
  readonly turnDuration: Histogram;
  readonly toolCalls: Counter;
  readonly llmTokens: Counter;
  readonly errors: Counter;
  readonly httpRequests: Counter;
  readonly httpDuration: Histogram;

  constructor() {
    const r = this.registry;
    this.connections = r.gauge("kubemedic_ws_connections", "Open WebSocket connections.");
    this.connectionsTotal = r.counter(
      "kubemedic_ws_connections_total",
      "WebSocket connections accepted since start.",
    );
    this.framesReceived = r.counter(
      "kubemedic_ws_frames_received_total",
      "Client frames received, by frame type (invalid when it could not be parsed).",
    );
    this.eventsSent = r.counter(
      "kubemedic_ws_events_total",
      "Conversation events emitted (each counted once, whatever the number of subscribers).",
    );
    this.turnsRunning = r.gauge("kubemedic_turns_running", "Turns running now.");
    this.turns = r.counter(
      "kubemedic_turns_total",
      "Turn segments ended, by status (completed, failed, cancelled, interrupted, awaiting_approval).",
    );
    this.turnDuration = r.histogram(
      "kubemedic_turn_duration_seconds",
      "Wall time of a turn segment, from its start (or resume) to its end or pause, by status.",
      TURN_BUCKETS,
    );
    this.toolCalls = r.counter(
      "kubemedic_tool_calls_total",
      "Tool calls finished, by tool, classification and status.",
    );
    this.llmTokens = r.counter(
      "kubemedic_llm_tokens_total",
      "LLM tokens reported by the model, by direction (input, output).",
    );
    this.errors = r.counter(
      "kubemedic_errors_total",
      "Errors answered to clients (error frames, HTTP errors, failed turns), by wire code.",
    );
    this.httpRequests = r.counter(
      "kubemedic_http_requests_total",
      "HTTP requests answered, by method, route and status code.",
    );
    this.httpDuration = r.histogram(
      "kubemedic_http_request_duration_seconds",
      "HTTP request handling time.",
      HTTP_BUCKETS,
    );
    r.gauge("kubemedic_process_resident_memory_bytes", "Resident set size of the server.", () => [
      { value: process.memoryUsage.rss() },
    ]);
    r.gauge("kubemedic_process_heap_used_bytes", "V8 heap in use.", () => [
      { value: process.memoryUsage().heapUsed },
    ]);
  }

  turnEnded(status: Exclude<TurnStatus, "running">, seconds: number): void {
    this.turns.inc({ status });
    this.turnDuration.observe(seconds, { status });
  }

  toolFinished(tool: string, classification: ToolClassification, status: ToolStatus): void {
    this.toolCalls.inc({ tool, classification, status });
  }

  error(code: ErrorCode): void {
    this.errors.inc({ code });
  }

  render(): string {
    return this.registry.render();
  }
}

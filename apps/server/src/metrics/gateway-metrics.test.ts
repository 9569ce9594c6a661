import { describe, expect, it } from "vitest";
import { GatewayMetrics } from "./gateway-metrics";

describe("GatewayMetrics", () => {
  it("renders counters, gauges and histograms under their names in the Prometheus text format", async () => {
    const m = new GatewayMetrics();
    m.turnEnded("completed", 0.05);
    m.turnEnded("completed", 3);
    m.turns.inc({ status: "interrupted" }, 2);
    m.connections.inc();
    m.connections.inc();
    m.connections.dec();
    m.httpDuration.observe(0.02);
    const text = await m.render();
    expect(text).toContain("# TYPE kubemedic_turns_total counter\n");
    expect(text).toMatch(/^kubemedic_turns_total\{status="completed"\} 2$/m);
    expect(text).toMatch(/^kubemedic_turns_total\{status="interrupted"\} 2$/m);
    expect(text).toMatch(/^kubemedic_ws_connections 1$/m);
    expect(text).toContain("# TYPE kubemedic_turn_duration_seconds histogram\n");
    expect(text).toMatch(
      /^kubemedic_turn_duration_seconds_bucket\{le="0.1",status="completed"\} 1$/m,
    );
    expect(text).toMatch(
      /^kubemedic_turn_duration_seconds_bucket\{le="\+Inf",status="completed"\} 2$/m,
    );
    expect(text).toMatch(/^kubemedic_turn_duration_seconds_sum\{status="completed"\} 3.05$/m);
    expect(text).toMatch(/^kubemedic_turn_duration_seconds_count\{status="completed"\} 2$/m);
    expect(text).toMatch(/^kubemedic_http_request_duration_seconds_count 1$/m);
    expect(m.contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
  });

  it("keeps one series per label set whatever the label order, and escapes label values", async () => {
    const m = new GatewayMetrics();
    m.toolFinished("kubectl", "read", "ok");
    m.toolCalls.inc({ tool: "kubectl", status: "ok", classification: "read" });
    m.toolFinished('we"ird\\\n', "read", "ok");
    const text = await m.render();
    expect(text).toMatch(
      /^kubemedic_tool_calls_total\{classification="read",status="ok",tool="kubectl"\} 2$/m,
    );
    expect(text).toContain('status="ok",tool="we\\"ird\\\\\\n"} 1');
  });

  it("reads scrape-time gauges when rendered, and exposes the default process metrics", async () => {
    const m = new GatewayMetrics();
    let n = 1;
    m.gauge("kubemedic_test_now", "Now.", () => n);
    expect(await m.render()).toMatch(/^kubemedic_test_now 1$/m);
    n = 42;
    const text = await m.render();
    expect(text).toMatch(/^kubemedic_test_now 42$/m);
    expect(text).toMatch(/^kubemedic_process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(() => m.gauge("kubemedic_test_now", "again", () => 0)).toThrow(
      /already been registered/,
    );
  });

  it("keeps each server's metrics apart (one registry per server)", async () => {
    const a = new GatewayMetrics();
    const b = new GatewayMetrics();
    a.error("rate_limited");
    expect(await a.render()).toMatch(/^kubemedic_errors_total\{code="rate_limited"\} 1$/m);
    expect(await b.render()).not.toContain('code="rate_limited"');
  });
});

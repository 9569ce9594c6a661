import { describe, expect, it } from "vitest";
import { escapeLabel, formatValue, MetricsRegistry } from "./registry";

describe("MetricsRegistry", () => {
  it("renders counters, gauges and histograms in the Prometheus text format", () => {
    const r = new MetricsRegistry();
    const turns = r.counter("k_turns_total", "Turns ended.");
    const open = r.gauge("k_open", "Open things.");
    const latency = r.histogram("k_latency_seconds", "Latency.", [0.1, 1]);
    turns.inc({ status: "completed" });
    turns.inc({ status: "completed" }, 2);
    turns.inc({ status: "failed" });
    open.inc();
    open.inc();
    open.dec();
    latency.observe(0.05);
    latency.observe(0.5);
    latency.observe(3);
    expect(r.render()).toBe(
      [
        "# HELP k_turns_total Turns ended.",
        "# TYPE k_turns_total counter",
        'k_turns_total{status="completed"} 3',
        'k_turns_total{status="failed"} 1',
        "# HELP k_open Open things.",
        "# TYPE k_open gauge",
        "k_open 1",
        "# HELP k_latency_seconds Latency.",
        "# TYPE k_latency_seconds histogram",
        'k_latency_seconds_bucket{le="0.1"} 1',
        'k_latency_seconds_bucket{le="1"} 2',
        'k_latency_seconds_bucket{le="+Inf"} 3',
        "k_latency_seconds_sum 3.55",
        "k_latency_seconds_count 3",
        "",
      ].join("\n"),
    );
  });

  it("keeps one series per label set whatever the label order, and escapes label values", () => {
    const r = new MetricsRegistry();
    const c = r.counter("k_calls_total", "Calls.");
    c.inc({ tool: "kubectl", status: "ok" });
    c.inc({ status: "ok", tool: "kubectl" });
    c.inc({ status: 'we"ird\\\n', tool: "x" });
    const text = r.render();
    expect(text).toContain('k_calls_total{status="ok",tool="kubectl"} 2');
    expect(text).toContain('k_calls_total{status="we\\"ird\\\\\\n",tool="x"} 1');
    expect(escapeLabel('a"b')).toBe('a\\"b');
    expect(formatValue(Infinity)).toBe("+Inf");
    expect(() => r.counter("k_calls_total", "again")).toThrow(/registered twice/);
  });

  it("reads collected gauges at render time", () => {
    const r = new MetricsRegistry();
    let n = 1;
    r.gauge("k_now", "Now.", () => [{ value: n }]);
    expect(r.render()).toContain("k_now 1\n");
    n = 42;
    expect(r.render()).toContain("k_now 42\n");
  });
});

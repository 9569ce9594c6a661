import { describe, expect, it } from "vitest";
import { normalizeEvent } from "./events";

describe("normalizeEvent", () => {
  it("reads the core/v1 shape", () => {
    const e = normalizeEvent({
      metadata: { name: "x.1", namespace: "a" },
      involvedObject: { kind: "Pod", name: "x" },
      reason: "BackOff",
      message: "Back-off restarting failed container",
      type: "Warning",
      count: 7,
      firstTimestamp: "2026-01-01T00:00:00Z",
      lastTimestamp: "2026-01-01T00:10:00Z",
      source: { component: "kubelet" },
    });
    expect(e).toMatchObject({
      namespace: "a",
      involved: { kind: "Pod", name: "x", namespace: "a" },
      count: 7,
      source: "kubelet",
      type: "Warning",
    });
    expect(e.lastTime - e.firstTime).toBe(600_000);
  });

  it("reads the events.k8s.io/v1 shape (regarding, note, series, eventTime)", () => {
    const e = normalizeEvent({
      apiVersion: "events.k8s.io/v1",
      metadata: { name: "x.2", namespace: "a" },
      regarding: { kind: "Pod", name: "x", namespace: "a" },
      note: "Readiness probe failed",
      reason: "Unhealthy",
      type: "Warning",
      eventTime: "2026-01-01T00:00:00.000000Z",
      series: { count: 12, lastObservedTime: "2026-01-01T00:05:00.000000Z" },
      reportingController: "kubelet",
    });
    expect(e).toMatchObject({ message: "Readiness probe failed", count: 12, source: "kubelet" });
    expect(e.lastTime).toBe(Date.parse("2026-01-01T00:05:00Z"));
  });

  it("uses eventTime when a core/v1 event carries no lastTimestamp, and survives missing fields", () => {
    const e = normalizeEvent({
      metadata: { namespace: "a" },
      involvedObject: { name: "x" },
      eventTime: "2026-01-01T00:00:00Z",
      lastTimestamp: null,
      count: 0,
    });
    expect(e.lastTime).toBe(Date.parse("2026-01-01T00:00:00Z"));
    expect(e.count).toBe(1);
    expect(normalizeEvent(null)).toMatchObject({
      reason: "",
      message: "",
      type: "Normal",
      lastTime: 0,
    });
  });

  it("resolves relative scenario times", () => {
    expect(normalizeEvent({ lastTimestamp: "-5m" }, 1_000_000).lastTime).toBe(700_000);
  });
});

import { describe, expect, it } from "vitest";
import type { Service } from "./objects";
import { serviceEndpoints } from "./serviceEndpoints";
import { snapshotFromObjects } from "./snapshot/snapshotFromObjects";

const service: Service = {
  kind: "Service",
  metadata: { name: "web", namespace: "shop" },
  spec: { selector: { app: "web" } },
};
const pod = (name: string, status: object) => ({
  kind: "Pod",
  metadata: { name, namespace: "shop", labels: { app: "web" } },
  spec: { containers: [{ name: "app", image: "web:1" }] },
  status,
});

describe("serviceEndpoints derived from pods", () => {
  it("judges readiness once for analysis and correlation: a pod written without conditions counts by its containers", () => {
    // Regression: the Service analyzer read only the Ready condition while correlation fell
    // back to the containers, so a terse pod was an endpoint for one and not the other.
    const snapshot = snapshotFromObjects([
      service,
      pod("terse-ready", {
        phase: "Running",
        podIP: "10.0.0.1",
        containerStatuses: [{ name: "app", ready: true }],
      }),
      pod("terse-unready", {
        phase: "Running",
        podIP: "10.0.0.2",
        containerStatuses: [{ name: "app", ready: false }],
      }),
      pod("condition-false", {
        phase: "Running",
        podIP: "10.0.0.3",
        conditions: [{ type: "Ready", status: "False" }],
        containerStatuses: [{ name: "app", ready: true }],
      }),
      pod("pending", { phase: "Pending" }),
    ]);
    const endpoints = serviceEndpoints(snapshot, service);
    expect(endpoints.source).toBe("pods");
    expect(endpoints.ready.map((t) => t.name)).toEqual(["terse-ready"]);
    expect(endpoints.notReady.map((t) => t.name).sort()).toEqual([
      "condition-false",
      "terse-unready",
    ]);
  });
});

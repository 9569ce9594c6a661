import { describe, expect, it } from "vitest";
import { readScenario } from "../../model/testing/scenarioFixture";
import { runAnalyzer, texts } from "../testing/runAnalyzer";
import { podAnalyzer } from "./pod";

const owned = { ownerReferences: [{ kind: "ReplicaSet", name: "web-1" }] };
const rs = {
  kind: "ReplicaSet",
  metadata: {
    name: "web-1",
    namespace: "a",
    ownerReferences: [{ kind: "Deployment", name: "web" }],
  },
};
const dep = { kind: "Deployment", metadata: { name: "web", namespace: "a" } };

function pod(status: object, extra: object = {}) {
  return {
    kind: "Pod",
    metadata: { name: "web-1-x", namespace: "a", ...owned },
    spec: { containers: [{ name: "app" }] },
    status,
    ...extra,
  };
}

describe("Pod analyzer", () => {
  it("passes the scheduler's message through for unschedulable pods, with the Deployment as parent", async () => {
    const results = await runAnalyzer(podAnalyzer, [
      rs,
      dep,
      pod({
        phase: "Pending",
        conditions: [
          {
            type: "PodScheduled",
            status: "False",
            reason: "Unschedulable",
            message: "0/3 nodes are available: 3 Insufficient cpu.",
          },
        ],
      }),
    ]);
    expect(results).toEqual([
      {
        kind: "Pod",
        name: "a/web-1-x",
        error: [
          {
            Text: "0/3 nodes are available: 3 Insufficient cpu.",
            KubernetesDoc: "",
            Sensitive: [],
          },
        ],
        details: "",
        parentObject: "Deployment/web",
      },
    ]);
  });

  it("reports a crash loop with the last termination reason, and waiting messages", async () => {
    const results = await runAnalyzer(podAnalyzer, [
      pod({
        phase: "Running",
        containerStatuses: [
          {
            name: "app",
            ready: false,
            state: { waiting: { reason: "CrashLoopBackOff", message: "back-off 5m0s" } },
            lastState: { terminated: { reason: "OOMKilled", exitCode: 137 } },
          },
          {
            name: "side",
            ready: false,
            state: {
              waiting: { reason: "ImagePullBackOff", message: 'Back-off pulling image "x:1"' },
            },
          },
        ],
      }),
    ]);
    expect(texts(results)).toEqual([
      "Container app of pod web-1-x is in CrashLoopBackOff: its last run ended with OOMKilled (exit code 137).",
      'Back-off pulling image "x:1"',
    ]);
    // Parent resolution stops with "" when the owner is not there (k8sgpt: a failed GET ends it).
    expect(results[0]?.parentObject).toBe("");
  });

  it("reports evictions, non-zero exits and probe failures from the latest event", async () => {
    const evicted = await runAnalyzer(podAnalyzer, [
      pod({ phase: "Failed", reason: "Evicted", message: "The node was low on resource: memory." }),
    ]);
    expect(texts(evicted)).toEqual(["The node was low on resource: memory."]);
    const exited = await runAnalyzer(podAnalyzer, [
      pod({
        phase: "Failed",
        containerStatuses: [{ name: "app", state: { terminated: { exitCode: 2 } } }],
      }),
    ]);
    expect(texts(exited)).toEqual([
      "Container app of pod web-1-x terminated with Unknown (exit code 2).",
    ]);
    const probe = await runAnalyzer(podAnalyzer, [
      pod({
        phase: "Running",
        containerStatuses: [{ name: "app", ready: false, state: { running: {} } }],
      }),
      {
        kind: "Event",
        metadata: { name: "e1", namespace: "a" },
        involvedObject: { kind: "Pod", name: "web-1-x" },
        reason: "Unhealthy",
        type: "Warning",
        message: "Readiness probe failed: connection refused",
        lastTimestamp: "2026-01-01T00:00:02Z",
      },
      {
        kind: "Event",
        metadata: { name: "e0", namespace: "a" },
        involvedObject: { kind: "Pod", name: "web-1-x" },
        reason: "Pulled",
        type: "Normal",
        message: "pulled",
        lastTimestamp: "2026-01-01T00:00:01Z",
      },
    ]);
    expect(texts(probe)).toEqual(["Readiness probe failed: connection refused"]);
  });

  it("reads probe failures from events.k8s.io-shaped events (note, regarding, series)", async () => {
    const results = await runAnalyzer(podAnalyzer, [
      pod({
        phase: "Running",
        containerStatuses: [{ name: "app", ready: false, state: { running: {} } }],
      }),
      {
        apiVersion: "events.k8s.io/v1",
        kind: "Event",
        metadata: { name: "e1", namespace: "a" },
        regarding: { kind: "Pod", name: "web-1-x", namespace: "a" },
        reason: "Unhealthy",
        type: "Warning",
        note: "Liveness probe failed: HTTP probe failed with statuscode: 500",
        eventTime: "2026-01-01T00:00:00.000000Z",
        series: { count: 4, lastObservedTime: "2026-01-01T00:01:00.000000Z" },
      },
    ]);
    expect(texts(results)).toEqual([
      "Liveness probe failed: HTTP probe failed with statuscode: 500",
    ]);
  });

  it("does not flag healthy, completed or finished-job pods, nor pods with missing fields", async () => {
    const results = await runAnalyzer(podAnalyzer, [
      pod({
        phase: "Running",
        containerStatuses: [
          {
            name: "app",
            ready: true,
            restartCount: 3,
            state: { running: {} },
            lastState: { terminated: { exitCode: 1, reason: "Error" } },
          },
        ],
      }),
      { kind: "Pod", metadata: { name: "bare", namespace: "a" } },
      {
        kind: "Pod",
        metadata: { name: "done", namespace: "a" },
        status: {
          phase: "Succeeded",
          containerStatuses: [
            { name: "c", state: { terminated: { exitCode: 0, reason: "Completed" } } },
          ],
        },
      },
      {
        kind: "Job",
        metadata: { name: "j", namespace: "a" },
        status: { failed: 1, succeeded: 1, conditions: [{ type: "Complete", status: "True" }] },
      },
      {
        kind: "Pod",
        metadata: { name: "j-1", namespace: "a", ownerReferences: [{ kind: "Job", name: "j" }] },
        status: {
          phase: "Failed",
          containerStatuses: [
            { name: "c", state: { terminated: { exitCode: 1, reason: "Error" } } },
          ],
        },
      },
    ]);
    expect(results).toEqual([]);
  });

  it("finds the failing pods of the image-pull scenario", async () => {
    const f = await readScenario("imagepull-bad-tag");
    const results = await runAnalyzer(podAnalyzer, f.objects, { namespace: f.namespace });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.parentObject === "Deployment/payments-api")).toBe(true);
    expect(texts(results).join("\n")).toContain("payments-api:v2.31");
  });
});

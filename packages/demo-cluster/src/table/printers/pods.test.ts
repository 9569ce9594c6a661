import { describe, expect, it } from "vitest";
import type { KubeObject } from "../../util/json";
import { podSummary } from "./pods";

function pod(
  status: Record<string, unknown>,
  extra: Partial<KubeObject["metadata"]> = {},
  spec: Record<string, unknown> = {},
): KubeObject {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: "p", ...extra },
    spec: { containers: [{ name: "a" }], ...spec },
    status,
  };
}

describe("pod STATUS as kubectl derives it", () => {
  it("shows a waiting reason over the phase, with restarts since the last termination", () => {
    const s = podSummary(
      pod({
        phase: "Running",
        containerStatuses: [
          {
            name: "a",
            restartCount: 3,
            state: { waiting: { reason: "CrashLoopBackOff" } },
            lastState: { terminated: { finishedAt: "2026-01-01T00:00:00Z" } },
          },
        ],
      }),
    );
    expect(s).toMatchObject({ ready: 0, total: 1, reason: "CrashLoopBackOff", restarts: 3 });
    expect(s.lastRestart).toBe(Date.parse("2026-01-01T00:00:00Z"));
  });

  it("counts only running and ready containers as READY", () => {
    const s = podSummary(
      pod(
        {
          phase: "Running",
          containerStatuses: [
            { name: "a", ready: true, state: { running: {} } },
            { name: "b", ready: false, state: { running: {} } },
          ],
        },
        {},
        { containers: [{ name: "a" }, { name: "b" }] },
      ),
    );
    expect(s).toMatchObject({ ready: 1, total: 2, reason: "Running" });
  });

  it("prints Completed, Error, Evicted, Init:… and Terminating", () => {
    expect(
      podSummary(
        pod({
          phase: "Succeeded",
          containerStatuses: [
            { name: "a", state: { terminated: { exitCode: 0, reason: "Completed" } } },
          ],
        }),
      ).reason,
    ).toBe("Completed");
    expect(
      podSummary(
        pod({
          phase: "Failed",
          containerStatuses: [
            { name: "a", state: { terminated: { exitCode: 1, reason: "Error" } } },
          ],
        }),
      ).reason,
    ).toBe("Error");
    expect(podSummary(pod({ phase: "Failed", reason: "Evicted" })).reason).toBe("Evicted");
    expect(
      podSummary(
        pod({
          phase: "Running",
          containerStatuses: [{ name: "a", state: { terminated: { exitCode: 2 } } }],
        }),
      ).reason,
    ).toBe("ExitCode:2");
    expect(
      podSummary(
        pod(
          {
            phase: "Pending",
            initContainerStatuses: [
              { name: "init", state: { waiting: { reason: "ImagePullBackOff" } } },
            ],
          },
          {},
          { initContainers: [{ name: "init" }], containers: [{ name: "a" }] },
        ),
      ).reason,
    ).toBe("Init:ImagePullBackOff");
    expect(
      podSummary(
        pod(
          {
            phase: "Running",
            containerStatuses: [{ name: "a", ready: true, state: { running: {} } }],
          },
          { deletionTimestamp: "2026-01-01T00:00:00Z" },
        ),
      ).reason,
    ).toBe("Terminating");
    expect(podSummary(pod({ phase: "Pending" })).reason).toBe("Pending");
  });
});

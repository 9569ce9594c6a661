import { describe, expect, it } from "vitest";
import type { Pod } from "../model/objects";
import { podProblem } from "./podProblem";

const now = Date.parse("2026-01-01T12:00:00Z");
const old = "2026-01-01T10:00:00Z";
const pod = (status: Pod["status"], created = old): Pod => ({
  kind: "Pod",
  metadata: { name: "p", creationTimestamp: created },
  status,
});

describe("podProblem", () => {
  it("calls running-and-ready pods healthy whatever their old restarts, and completed pods too", () => {
    expect(
      podProblem(
        pod({
          phase: "Running",
          conditions: [{ type: "Ready", status: "True" }],
          containerStatuses: [
            {
              name: "c",
              ready: true,
              restartCount: 4,
              state: { running: { startedAt: old } },
              lastState: { terminated: { exitCode: 1 } },
            },
          ],
        }),
        now,
      ),
    ).toBeUndefined();
    expect(podProblem(pod({ phase: "Succeeded" }), now)).toBeUndefined();
  });

  it("gives a new pod its start-up grace", () => {
    expect(podProblem(pod({ phase: "Pending" }, "2026-01-01T11:59:30Z"), now)).toBeUndefined();
    expect(podProblem(pod({ phase: "Pending" }), now)).toEqual({
      type: "pending",
      reason: "Pending",
    });
  });

  it("prefers the decisive state: eviction, unschedulable, a bad waiting reason, then readiness", () => {
    expect(
      podProblem(pod({ phase: "Failed", reason: "Evicted", message: "low on memory" }), now),
    ).toEqual({ type: "evicted", message: "low on memory" });
    expect(
      podProblem(
        pod({
          phase: "Pending",
          conditions: [
            { type: "PodScheduled", status: "False", reason: "Unschedulable", message: "m" },
          ],
        }),
        now,
      )?.type,
    ).toBe("unschedulable");
    expect(
      podProblem(
        pod({
          phase: "Pending",
          initContainerStatuses: [
            { name: "init", state: { waiting: { reason: "ImagePullBackOff", message: "x" } } },
          ],
        }),
        now,
      ),
    ).toMatchObject({ type: "waiting", init: true, reason: "ImagePullBackOff" });
    expect(
      podProblem(
        pod({
          phase: "Running",
          conditions: [{ type: "Ready", status: "False" }],
          containerStatuses: [
            { name: "c", ready: false, restartCount: 0, state: { running: { startedAt: old } } },
          ],
        }),
        now,
      ),
    ).toMatchObject({ type: "notReady", container: "c" });
  });
});

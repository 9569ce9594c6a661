import { describe, expect, it } from "vitest";
import { decodeSchedulerMessage } from "./schedulerMessage";

describe("decodeSchedulerMessage", () => {
  it("splits the reasons and ignores the control-plane taint when others exist", () => {
    const d = decodeSchedulerMessage(
      "0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.",
    );
    expect(d.total).toBe(4);
    expect(d.reasons.map((r) => [r.nodes, r.kind])).toEqual([
      [1, "taint"],
      [3, "insufficient"],
    ]);
    expect(d.decisive).toMatchObject({ kind: "insufficient", detail: "cpu" });
  });

  it("recognises selectors, taints with values, affinity, cordons and unbound claims", () => {
    const kinds = (m: string) => decodeSchedulerMessage(m).reasons.map((r) => r.kind);
    expect(
      kinds("0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector."),
    ).toEqual(["selector"]);
    expect(
      decodeSchedulerMessage(
        "0/2 nodes are available: 2 node(s) had untolerated taint {nvidia.com/gpu: present}.",
      ).decisive?.detail,
    ).toBe("nvidia.com/gpu: present");
    expect(
      kinds("0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules."),
    ).toEqual(["antiAffinity"]);
    expect(kinds("0/3 nodes are available: 3 node(s) were unschedulable.")).toEqual([
      "unschedulableNode",
    ]);
    expect(
      decodeSchedulerMessage(
        "0/6 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.",
      ).decisive,
    ).toMatchObject({ kind: "unboundPvc", nodes: 6 });
    expect(kinds("0/1 nodes are available: 1 Too many pods.")).toEqual(["tooManyPods"]);
  });

  it("survives messages without the usual head", () => {
    expect(decodeSchedulerMessage("no nodes available to schedule pods").decisive?.kind).toBe(
      "other",
    );
    expect(decodeSchedulerMessage("").decisive).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { parentObject } from "./parentObject";
import { snapshotFromObjects } from "../model/snapshot/snapshotFromObjects";

const owner = (kind: string, name: string) => ({ ownerReferences: [{ kind, name }] });

describe("parentObject (k8sgpt's GetParent)", () => {
  const snapshot = snapshotFromObjects([
    { kind: "Deployment", metadata: { name: "web", namespace: "a" } },
    {
      kind: "ReplicaSet",
      metadata: { name: "web-1", namespace: "a", ...owner("Deployment", "web") },
    },
    {
      kind: "ReplicaSet",
      metadata: { name: "roll-1", namespace: "a", ...owner("Rollout", "roll") },
    },
    { kind: "StatefulSet", metadata: { name: "db", namespace: "a" } },
  ]);
  const pod = (meta: object) => ({ kind: "Pod", metadata: { name: "p", namespace: "a", ...meta } });

  it("climbs to the top-most known owner", () => {
    expect(parentObject(snapshot, pod(owner("ReplicaSet", "web-1")))).toBe("Deployment/web");
    expect(parentObject(snapshot, pod(owner("StatefulSet", "db")))).toBe("StatefulSet/db");
  });

  it("answers '' for bare pods, unfollowed kinds, missing owners and owners owned by unknown kinds", () => {
    expect(parentObject(snapshot, pod({}))).toBe("");
    expect(parentObject(snapshot, pod(owner("Job", "j")))).toBe("");
    expect(parentObject(snapshot, pod(owner("ReplicaSet", "gone")))).toBe("");
    expect(parentObject(snapshot, pod(owner("ReplicaSet", "roll-1")))).toBe("");
  });

  it("stops on an ownership cycle", () => {
    const cyclic = snapshotFromObjects([
      { kind: "ReplicaSet", metadata: { name: "x", namespace: "a", ...owner("Deployment", "y") } },
      { kind: "Deployment", metadata: { name: "y", namespace: "a", ...owner("ReplicaSet", "x") } },
    ]);
    expect(parentObject(cyclic, pod(owner("ReplicaSet", "x")))).toBe("");
  });
});

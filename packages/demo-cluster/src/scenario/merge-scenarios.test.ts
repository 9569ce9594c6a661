import { describe, expect, it } from "vitest";
import type { KubeObject } from "../util/json";
import { mergeScenarios } from "./merge-scenarios";
import type { Scenario } from "./scenario";

/** A Deployment → ReplicaSet → Pod chain in `ns`, with fixed uids (as a scenario file writes them). */
function chain(ns: string, name: string): KubeObject[] {
  const owner = (kind: string, n: string, uid: string) => [
    { apiVersion: "apps/v1", kind, name: n, uid, controller: true },
  ];
  return [
    {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name, namespace: ns, uid: "u-deploy" },
    },
    {
      apiVersion: "apps/v1",
      kind: "ReplicaSet",
      metadata: {
        name: `${name}-1`,
        namespace: ns,
        uid: "u-rs",
        ownerReferences: owner("Deployment", name, "u-deploy"),
      },
    },
    {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        name: `${name}-1-a`,
        namespace: ns,
        uid: "u-pod",
        ownerReferences: owner("ReplicaSet", `${name}-1`, "u-rs"),
      },
    },
  ];
}

function scenario(name: string, objects: KubeObject[]): Scenario {
  return {
    name,
    dir: null,
    includes: [],
    objects: objects.map((object, line) => ({ object, file: `${name}.yaml`, line })),
    logs: [],
    loadedAt: 0,
  } as unknown as Scenario;
}

describe("mergeScenarios", () => {
  it("gives a copied scenario's objects their own uids, and its owner references follow them", () => {
    const original = scenario("a", chain("shop", "checkout"));
    const copy = scenario("b", chain("media", "transcoder"));
    const merged = mergeScenarios([original, copy]).objects.map((s) => s.object);
    const byName = new Map(merged.map((o) => [o.metadata.name, o]));
    // The first keeps its uids; the copy's are new and distinct.
    expect(byName.get("checkout")?.metadata.uid).toBe("u-deploy");
    const deploy = byName.get("transcoder");
    const rs = byName.get("transcoder-1");
    const pod = byName.get("transcoder-1-a");
    const uids = merged.flatMap((o) => (o.metadata.uid === undefined ? [] : [o.metadata.uid]));
    expect(new Set(uids).size).toBe(uids.length);
    expect(rs?.metadata.ownerReferences?.[0]?.uid).toBe(deploy?.metadata.uid);
    expect(pod?.metadata.ownerReferences?.[0]?.uid).toBe(rs?.metadata.uid);
    // The copy's own objects are left as loaded (a reset merges them again).
    expect(copy.objects[0]?.object.metadata.uid).toBe("u-deploy");
  });

  it("keeps one uid for an object two scenarios share", () => {
    const node: KubeObject = {
      apiVersion: "v1",
      kind: "Node",
      metadata: { name: "n1", uid: "u-node" },
    };
    const merged = mergeScenarios([scenario("a", [node]), scenario("b", [structuredClone(node)])]);
    expect(
      merged.objects.filter((s) => s.object.kind === "Node").map((s) => s.object.metadata.uid),
    ).toEqual(["u-node"]);
  });
});

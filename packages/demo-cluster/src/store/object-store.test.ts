import { describe, expect, it } from "vitest";
import type { KubeObject } from "../util/json";
import { parseLabelSelector } from "./label-selector";
import { ObjectStore, type Change } from "./object-store";

const pod = (ns: string, name: string, labels: Record<string, string>): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: ns, labels },
});

describe("ObjectStore", () => {
  it("lists by namespace and by label through its indexes, in key order, and keeps them right across updates", () => {
    const store = new ObjectStore();
    store.put("/pods", pod("b", "z", { app: "x" }));
    store.put("/pods", pod("a", "y", { app: "x", tier: "web" }));
    store.put("/pods", pod("a", "x", { app: "y" }));
    expect(store.list("/pods").map((s) => s.key)).toEqual(["a/x", "a/y", "b/z"]);
    expect(store.list("/pods", "a").map((s) => s.key)).toEqual(["a/x", "a/y"]);
    expect(store.list("/pods", undefined, parseLabelSelector("app=x")).map((s) => s.key)).toEqual([
      "a/y",
      "b/z",
    ]);
    expect(
      store.list("/pods", "a", parseLabelSelector("app in (x,y),tier")).map((s) => s.key),
    ).toEqual(["a/y"]);
    store.put("/pods", pod("a", "y", { app: "y" }));
    expect(store.list("/pods", undefined, parseLabelSelector("app=x")).map((s) => s.key)).toEqual([
      "b/z",
    ]);
    expect(store.list("/pods", undefined, parseLabelSelector("app=y")).map((s) => s.key)).toEqual([
      "a/x",
      "a/y",
    ]);
    store.remove("/pods", "a", "x");
    expect(store.list("/pods", "a").map((s) => s.key)).toEqual(["a/y"]);
  });

  it("bumps one resourceVersion per write, tells watchers, and answers resumption from its history", () => {
    const store = new ObjectStore(4);
    const seen: Change[] = [];
    store.subscribe((c) => seen.push(c));
    const first = store.put("/pods", pod("a", "p", {})).metadata.resourceVersion;
    store.put("/pods", pod("a", "p", { x: "1" }));
    const deleted = store.remove("/pods", "a", "p");
    expect(seen.map((c) => c.type)).toEqual(["ADDED", "MODIFIED", "DELETED"]);
    expect(Number(deleted?.metadata.resourceVersion)).toBe(Number(first) + 2);
    expect(store.changesSince(Number(first))?.map((c) => c.type)).toEqual(["MODIFIED", "DELETED"]);
    for (let i = 0; i < 10; i++) store.put("/pods", pod("a", `q${i}`, {}));
    expect(store.changesSince(Number(first))).toBeUndefined();
  });
});

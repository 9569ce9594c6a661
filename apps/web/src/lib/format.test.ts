import { describe, expect, it } from "vitest";
import { formatDuration, resourceLabel } from "./format";

describe("formatDuration", () => {
  it.each([
    [0, "0 ms"],
    [12.4, "12 ms"],
    [1234, "1.2 s"],
    [12_345, "12 s"],
    [61_000, "1 min 1 s"],
    [120_000, "2 min"],
    [null, ""],
    [-1, ""],
    [Number.NaN, ""],
  ])("%s → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe("resourceLabel", () => {
  it("names namespaced and cluster-scoped objects", () => {
    expect(resourceLabel({ kind: "Pod", namespace: "shop", name: "x" })).toBe("Pod/shop/x");
    expect(resourceLabel({ kind: "Node", name: "n1" })).toBe("Node/n1");
  });
});

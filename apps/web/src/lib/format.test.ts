import { describe, expect, it } from "vitest";
import { formatDuration, formatNumber, resourceLabel } from "./format";

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
    expect(formatDuration(ms, "en")).toBe(text);
  });

  it("writes units and numbers in Chinese for the Chinese UI", () => {
    expect(formatDuration(1234, "zh-CN")).toBe("1.2 秒");
    expect(formatDuration(61_000, "zh-CN")).toBe("1 分 1 秒");
    expect(formatNumber(12_345, "zh-CN")).toBe("12,345");
  });
});

describe("resourceLabel", () => {
  it("names namespaced and cluster-scoped objects", () => {
    expect(resourceLabel({ kind: "Pod", namespace: "shop", name: "x" })).toBe("Pod/shop/x");
    expect(resourceLabel({ kind: "Node", name: "n1" })).toBe("Node/n1");
  });
});

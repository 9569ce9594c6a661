import { describe, expect, it } from "vitest";
import { unifiedDiff } from "./unifiedDiff";

describe("unifiedDiff", () => {
  it("is empty when nothing changed", () => {
    expect(unifiedDiff("a\nb", "a\nb")).toBe("");
  });

  it("shows a change with context and line numbers", () => {
    const before = ["a", "b", "c", "replicas: 1", "d", "e", "f", "g"].join("\n");
    const after = ["a", "b", "c", "replicas: 3", "d", "e", "f", "g"].join("\n");
    expect(unifiedDiff(before, after)).toBe(
      [
        "--- before",
        "+++ after",
        "@@ -1,7 +1,7 @@",
        " a",
        " b",
        " c",
        "-replicas: 1",
        "+replicas: 3",
        " d",
        " e",
        " f",
      ].join("\n"),
    );
  });

  it("handles creation and deletion", () => {
    expect(unifiedDiff("", "x\ny")).toBe("--- before\n+++ after\n@@ -0,0 +1,2 @@\n+x\n+y");
    expect(unifiedDiff("x", "", { before: "live", after: "deleted" })).toBe(
      "--- live\n+++ deleted\n@@ -1,1 +0,0 @@\n-x",
    );
  });
});

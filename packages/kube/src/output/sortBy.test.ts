import { describe, expect, it } from "vitest";
import { sortByPath } from "./sortBy";

describe("sortByPath", () => {
  it("orders strings byte by byte as kubectl 1.32 prints them, numbers numerically, missing first", () => {
    const names = ["sort-2", "sort-10", "points-api-6d9f", "points-api-58c7"].map((name) => ({
      metadata: { name },
    }));
    expect(sortByPath(names, ".metadata.name", (o) => o).map((o) => o.metadata.name)).toEqual([
      "points-api-58c7",
      "points-api-6d9f",
      "sort-10",
      "sort-2",
    ]);
    const counts = [{ n: 10 }, {}, { n: 9 }, { n: 10, tie: true }];
    expect(sortByPath(counts, "{.n}", (o) => o)).toEqual([
      {},
      { n: 9 },
      { n: 10 },
      { n: 10, tie: true },
    ]);
  });
});

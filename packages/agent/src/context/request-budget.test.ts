import { describe, expect, it } from "vitest";
import { requestBudget } from "./request-budget";

describe("requestBudget", () => {
  it("takes the fixed parts of a request out of its budget, never below a floor", () => {
    expect(requestBudget(12_000, "x".repeat(3_000), "y".repeat(300))).toBe(12_000 - 1_000 - 100);
    expect(requestBudget(1_000, "x".repeat(30_000))).toBe(500);
  });
});

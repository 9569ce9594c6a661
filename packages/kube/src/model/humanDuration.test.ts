import { describe, expect, it } from "vitest";
import { age, humanDuration } from "./humanDuration";

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe("humanDuration", () => {
  it.each([
    [-5 * s, "<invalid>"],
    [-500, "0s"],
    [0, "0s"],
    [119 * s, "119s"],
    [2 * m, "2m"],
    [5 * m + 7 * s, "5m7s"],
    [10 * m + 30 * s, "10m"],
    [179 * m, "179m"],
    [3 * h, "3h"],
    [3 * h + 12 * m, "3h12m"],
    [8 * h, "8h"],
    [47 * h, "47h"],
    [2 * d, "2d"],
    [2 * d + 4 * h, "2d4h"],
    [8 * d, "8d"],
    [400 * d, "400d"],
    [3 * 365 * d + 10 * d, "3y10d"],
    [9 * 365 * d, "9y"],
  ])("%i ms → %s", (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });

  it("ages timestamps", () => {
    expect(age("2024-01-01T00:00:00Z", Date.parse("2024-01-01T00:05:00Z"))).toBe("5m");
    expect(age(undefined)).toBe("<unknown>");
  });
});

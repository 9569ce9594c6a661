import { describe, expect, it } from "vitest";
import { humanDuration } from "./human-duration";

describe("humanDuration (kubectl's AGE)", () => {
  it.each([
    [-5_000, "<invalid>"],
    [45_000, "45s"],
    [119_000, "119s"],
    [185_000, "3m5s"],
    [600_000, "10m"],
    [179 * 60_000, "179m"],
    [5 * 3_600_000 + 20 * 60_000, "5h20m"],
    [30 * 3_600_000, "30h"],
    [50 * 3_600_000, "2d2h"],
    [40 * 86_400_000, "40d"],
    [800 * 86_400_000, "2y70d"],
  ])("%d ms → %s", (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});

import { describe, expect, it } from "vitest";
import { bound } from "./bound";

const lines = (n: number): string =>
  Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n");

describe("bound", () => {
  it("leaves small output alone", () => {
    expect(bound("a\nb")).toEqual({ text: "a\nb", truncated: false, omittedLines: 0 });
  });

  it("cuts to the line budget with an explicit marker", () => {
    const out = bound(lines(1500), { maxLines: 200, hint: "-l or -o name" });
    const kept = out.text.split("\n");
    expect(kept).toHaveLength(201);
    expect(kept[199]).toBe("line 200");
    expect(kept[200]).toBe("… truncated: 1,300 more lines; narrow with -l or -o name");
    expect(out).toMatchObject({ truncated: true, omittedLines: 1300 });
  });

  it("keeps the latest lines for logs", () => {
    const out = bound(lines(300), { maxLines: 100, keep: "tail", hint: "--tail" });
    const kept = out.text.split("\n");
    expect(kept[0]).toBe("… truncated: 200 earlier lines; narrow with --tail");
    expect(kept[100]).toBe("line 300");
  });

  it("honours the byte budget, marker included", () => {
    const text = Array.from({ length: 100 }, () => "x".repeat(99)).join("\n");
    const out = bound(text, { maxBytes: 2048 });
    expect(new TextEncoder().encode(out.text).byteLength).toBeLessThanOrEqual(2048);
    expect(out.truncated).toBe(true);
  });

  it("cuts one giant line", () => {
    const out = bound("y".repeat(100_000), { maxBytes: 1024 });
    expect(out.text.length).toBeLessThanOrEqual(1024);
    expect(out.text).toMatch(/truncated: 1 more line$/);
  });
});

describe("bound with what was never fetched", () => {
  it("counts unfetched rows as cut lines, even when the text fits", () => {
    const out = bound(lines(3), { extraLines: 4_997, hint: "-l" });
    expect(out.text.split("\n")).toEqual([
      "line 1",
      "line 2",
      "line 3",
      "… truncated: 4,997 more lines; narrow with -l",
    ]);
    expect(out).toMatchObject({ truncated: true, omittedLines: 4_997 });
  });

  it("adds a note about objects left out", () => {
    const out = bound(lines(300), { maxLines: 100, extraNote: "12 more objects", hint: "a name" });
    expect(out.text.split("\n").at(-1)).toBe(
      "… truncated: 200 more lines, 12 more objects; narrow with a name",
    );
  });
});

import { describe, expect, it } from "vitest";
import { cleanJson, cleanText } from "./clean";

describe("cleanText", () => {
  it("replaces NUL and lone surrogates with U+FFFD and keeps whole pairs", () => {
    expect(cleanText("a\u0000b")).toBe("a\uFFFDb");
    expect(cleanText("x\uD800y")).toBe("x\uFFFDy");
    expect(cleanText("\uDC00end")).toBe("\uFFFDend");
    expect(cleanText("ok 😀 \uD83D")).toBe("ok 😀 \uFFFD");
    expect(cleanText("plain")).toBe("plain");
    expect(cleanText("abcdef", 3)).toBe("abc");
  });

  it("cleans keys and values of nested JSON", () => {
    expect(cleanJson({ "k\u0000": ["\uD800", { v: "ok" }], n: 1 })).toEqual({
      "k\uFFFD": ["\uFFFD", { v: "ok" }],
      n: 1,
    });
  });
});

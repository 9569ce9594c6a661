import { describe, expect, it } from "vitest";
import { jsonNestsDeeper, MAX_JSON_DEPTH, peekRequestId } from "./json-scan";
import { parseClientFrame } from "./parse";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("jsonNestsDeeper", () => {
  it("counts objects and arrays together, in text and in bytes, and stops at the first level too deep", () => {
    const at = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(jsonNestsDeeper(at(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeper(at(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeper(bytes(at(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(jsonNestsDeeper('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
    expect(jsonNestsDeeper('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included, and in multi-byte UTF-8", () => {
    const text = JSON.stringify({ t: `[[[[{{{{ \\" 检查 "[[[[`.repeat(50) });
    expect(jsonNestsDeeper(text, 1)).toBe(false);
    expect(jsonNestsDeeper(bytes(text), 1)).toBe(false);
  });

  it("is the regression for a 60 KB frame of nested arrays: refused before it is parsed", () => {
    const frame = `{"type":"ping","requestId":"deep-1","x":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;
    expect(parseClientFrame(bytes(frame))).toEqual({
      ok: false,
      code: "bad_request",
      message: `frame nests deeper than ${MAX_JSON_DEPTH} levels`,
    });
  });
});

describe("peekRequestId", () => {
  it("reads a top-level requestId from the first bytes, whatever its position", () => {
    expect(peekRequestId('{"type":"ping","requestId":"r-1"}')).toBe("r-1");
    expect(peekRequestId(bytes('{ "requestId" : "abc", "x": [1] }'))).toBe("abc");
    expect(peekRequestId(`{"x":"${"y".repeat(100)}","requestId":"late"}`)).toBe("late");
  });

  it("does not take a nested one, a value, an escaped or oversized one, or one past the window", () => {
    expect(peekRequestId('{"a":{"requestId":"inner"}}')).toBeUndefined();
    expect(peekRequestId('{"a":"requestId","b":"x"}')).toBeUndefined();
    expect(peekRequestId('{"requestId":"a\\"b"}')).toBeUndefined();
    expect(peekRequestId(`{"requestId":"${"x".repeat(101)}"}`)).toBeUndefined();
    expect(peekRequestId(`{"pad":"${"x".repeat(2000)}","requestId":"far"}`)).toBeUndefined();
    expect(peekRequestId('{"requestId":"unterminated')).toBeUndefined();
  });
});

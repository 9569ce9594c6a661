import { describe, expect, it } from "vitest";
import { memoryStorage } from "./memoryStorage";
import { boundedString, readJson, writeJson, type KeyValueStorage } from "./safeStorage";

const guard = (v: unknown) => boundedString(v, 10);

describe("readJson", () => {
  it("returns the stored value when it passes the guard", () => {
    expect(readJson(memoryStorage({ k: '"dark"' }), "k", guard, "x")).toBe("dark");
  });

  it.each([
    ["missing", undefined],
    ["the string null", "null"],
    ["garbage", "{not json"],
    ["truncated JSON", '"dar'],
    ["the wrong type", "42"],
    ["too long", JSON.stringify("x".repeat(11))],
    ["undefined as text", "undefined"],
    ["empty", ""],
  ])("falls back for %s", (_name, raw) => {
    const storage = memoryStorage(raw === undefined ? {} : { k: raw });
    expect(readJson(storage, "k", guard, "fallback")).toBe("fallback");
  });

  it("falls back when there is no storage or it throws", () => {
    expect(readJson(null, "k", guard, "f")).toBe("f");
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    expect(readJson(throwing, "k", guard, "f")).toBe("f");
    expect(writeJson(throwing, "k", "v")).toBe(false);
  });

  it("falls back when the guard itself throws on a hostile shape", () => {
    const hostile = (v: unknown) => (v as { a: { b: string } }).a.b;
    expect(readJson(memoryStorage({ k: "{}" }), "k", hostile, "f")).toBe("f");
  });

  it("round-trips through writeJson", () => {
    const storage = memoryStorage();
    expect(writeJson(storage, "k", "dark")).toBe(true);
    expect(readJson(storage, "k", guard, "f")).toBe("dark");
  });
});

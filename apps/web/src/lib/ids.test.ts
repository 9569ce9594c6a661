import { describe, expect, it } from "vitest";
import { randomId, titleFrom } from "./ids";

describe("ids", () => {
  it("makes ids the protocol accepts as clientMessageId (8..100 chars), all different", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^m-[0-9a-f]{24}$/);
  });

  it("titles a conversation from the first line of the question", () => {
    expect(titleFrom("  why is checkout failing?\nmore")).toBe("why is checkout failing?");
    expect(titleFrom("   ")).toBe("New conversation");
    const long = titleFrom("x".repeat(200));
    expect(long).toHaveLength(80);
    expect(long.endsWith("…")).toBe(true);
  });
});

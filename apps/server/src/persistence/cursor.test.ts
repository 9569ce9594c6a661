import { describe, expect, it } from "vitest";
import { isServerError } from "../errors";
import { decodeCursor, encodeCursor } from "./cursor";

describe("conversation list cursor", () => {
  it("round-trips a position and is URL-safe", () => {
    const position = { updatedAt: new Date("2026-11-22T04:00:00.123Z"), id: "c/1+2" };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["JSON of the wrong shape", Buffer.from('{"a":1}').toString("base64url")],
    ["a bad date", Buffer.from('["yesterday","id"]').toString("base64url")],
    ["an empty id", Buffer.from('["2026-11-22T04:00:00.000Z",""]').toString("base64url")],
  ])("rejects %s with bad_request", (_what, cursor) => {
    let caught: unknown;
    try {
      decodeCursor(cursor);
    } catch (error) {
      caught = error;
    }
    expect(isServerError(caught, "bad_request")).toBe(true);
  });
});

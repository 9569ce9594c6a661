import { describe, expect, it } from "vitest";
import { redactCommand } from "./redactCommand";

describe("redactCommand", () => {
  it.each([
    [
      "set env deploy/x DB_PASSWORD=hunter2 LOG_LEVEL=debug",
      "set env deploy/x DB_PASSWORD=[REDACTED] LOG_LEVEL=debug",
    ],
    [
      `patch secret s -p '{"stringData":{"password":"hunter2"}}'`,
      `patch secret s -p '{"stringData":{"password":"[REDACTED]"}}'`,
    ],
    [
      "set env deploy/x DATABASE_URL=postgres://u:pw@db/x",
      "set env deploy/x DATABASE_URL=postgres://u:[REDACTED]@db/x",
    ],
  ])("masks %s", (line, masked) => {
    expect(redactCommand(line)).toBe(masked);
  });

  it("returns lines without credentials unchanged, spacing included", () => {
    expect(redactCommand("get  pods -n shop")).toBe("get  pods -n shop");
  });
});

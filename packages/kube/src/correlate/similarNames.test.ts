import { describe, expect, it } from "vitest";
import { similarKeys, similarNames } from "./similarNames";

describe("similarKeys", () => {
  it("finds the same words in another case or with other separators first", () => {
    expect(similarKeys("DB_PASSWORD", ["db-password", "dbPassword", "username"])).toEqual([
      "db-password",
      "dbPassword",
    ]);
  });

  it("then a close spelling as written, then one whose words contain the other's", () => {
    expect(similarKeys("SYNC_INTERVAL_SECONDS", ["SYNC_INTERVAL", "BATCH_SIZE"])).toEqual([
      "SYNC_INTERVAL",
    ]);
    expect(similarKeys("DB_PASSWORD", ["username", "password", "host"])).toEqual(["password"]);
  });

  it("finds nothing when no key is close, where similarNames would not either", () => {
    expect(similarKeys("DB_PASSWORD", ["username", "host", "port"])).toEqual([]);
    expect(similarNames("DB_PASSWORD", ["username", "password", "host"])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { connectionError, describeUrl } from "./connection-error";

const url = "postgresql://app:pa%40ss@db.internal:5433/kube";

describe("connectionError", () => {
  it.each([
    [{ code: "ECONNREFUSED" }, "db_unreachable", "connection refused", "start PostgreSQL there"],
    [{ code: "ENOTFOUND" }, "db_unreachable", "unknown host", "fix DATABASE_URL"],
    [
      { code: "28P01", message: "password authentication failed" },
      "db_auth_failed",
      "authentication failed",
      "user and password",
    ],
    [{ code: "3D000" }, "db_unreachable", 'database "kube" does not exist', "createdb kube"],
    [
      new Error("Connection terminated due to connection timeout"),
      "db_unreachable",
      "the server does not answer",
      "fix DATABASE_URL",
    ],
    [
      new Error("SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string"),
      "db_auth_failed",
      "authentication failed",
      "password",
    ],
  ])("explains %o", (error, code, what, hint) => {
    const e = connectionError(error, url);
    expect(e.code).toBe(code);
    expect(e.message).toBe(
      `cannot use PostgreSQL at postgresql://app@db.internal:5433/kube: ${what}`,
    );
    expect(e.hint).toContain(hint);
    expect(e.oneLine).not.toContain("pa@ss");
  });

  it("never shows a password", () => {
    expect(describeUrl(url)).toBe("postgresql://app@db.internal:5433/kube");
    expect(describeUrl("not a url")).toBe("(an unparsable URL)");
  });
});

import { describe, expect, it } from "vitest";
import { Prisma } from "../db/prisma";
import { isUniqueViolation } from "./prisma-errors";

const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError("refused", {
    code,
    clientVersion: "6.19.3",
    ...(meta === undefined ? {} : { meta }),
  });

describe("isUniqueViolation", () => {
  it("knows a model query's unique violation (P2002)", () => {
    expect(isUniqueViolation(known("P2002"))).toBe(true);
  });

  it("knows a raw query's unique violation (P2010 from the driver adapter)", () => {
    const meta = {
      driverAdapterError: {
        name: "DriverAdapterError",
        cause: { originalCode: "23505", kind: "UniqueConstraintViolation" },
      },
    };
    expect(isUniqueViolation(known("P2010", meta))).toBe(true);
  });

  it("is not fooled by other raw failures or other errors", () => {
    const meta = { driverAdapterError: { cause: { kind: "NullConstraintViolation" } } };
    expect(isUniqueViolation(known("P2010", meta))).toBe(false);
    expect(isUniqueViolation(known("P2010"))).toBe(false);
    expect(isUniqueViolation(known("P2025"))).toBe(false);
    expect(isUniqueViolation(new Error("P2002"))).toBe(false);
  });
});

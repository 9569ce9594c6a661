import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient, type Prisma } from "./generated/client";

export { Prisma, PrismaClient } from "./generated/client";
export type * from "./generated/client";

/** Generous: on PGlite every transaction waits for the one before it. */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

/**
 * A PrismaClient on the shared pool. The adapter detects an external pool with
 * `instanceof pg.Pool` (one copy of `pg` in the tree: see .npmrc) and never
 * ends it: the pool belongs to the Database.
 */
export function createPrismaClient(pool: pg.Pool): PrismaClient {
  const adapter = new PrismaPg(pool, { disposeExternalPool: false });
  return new PrismaClient({
    // adapter-pg 7.x against @prisma/client 6.19 (the offline-capable pair, see
    // docs/persistence.md): same runtime contract, types from two majors.
    adapter: adapter as unknown as Prisma.PrismaClientOptions["adapter"],
    transactionOptions: TRANSACTION_OPTIONS,
  });
}

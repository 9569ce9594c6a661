import { MemorySaver } from "@langchain/langgraph";
import type pg from "pg";
import { BatchedPostgresSaver } from "./batched-postgres-saver";

/** The schema the checkpoint tables live in, apart from Prisma's. @default "langgraph" */
export const CHECKPOINT_SCHEMA = "langgraph";

/**
 * A LangGraph Postgres checkpointer on the caller's pool (PGlite over
 * pglite-socket, or PostgreSQL), in its own schema so `prisma migrate` never
 * sees its tables. Runs the saver's idempotent migrations. Never call
 * `saver.end()` on it: that would end the shared pool. Each checkpoint is
 * written in one statement (BatchedPostgresSaver).
 */
export async function createPostgresCheckpointer(
  pool: pg.Pool,
  opts: { schema?: string } = {},
): Promise<BatchedPostgresSaver> {
  const saver = new BatchedPostgresSaver(pool, opts.schema ?? CHECKPOINT_SCHEMA);
  // Replicas starting together race on `CREATE … IF NOT EXISTS` (PostgreSQL
  // checks the catalog before it inserts): the loser gets a duplicate-object
  // error although everything exists. The setup is idempotent: run it again.
  // (An advisory lock would need a second connection, which PGlite has not.)
  for (let attempt = 1; ; attempt++) {
    try {
      await saver.setup();
      return saver;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const raced = code === "23505" || code === "42P07" || code === "42710" || code === "42P06";
      if (!raced || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** An in-process checkpointer: headless runs (`kubemedic diagnose`) and unit tests. Lost on exit. */
export function createMemoryCheckpointer(): MemorySaver {
  return new MemorySaver();
}

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
  await saver.setup();
  return saver;
}

/** An in-process checkpointer: headless runs (`kubemedic diagnose`) and unit tests. Lost on exit. */
export function createMemoryCheckpointer(): MemorySaver {
  return new MemorySaver();
}

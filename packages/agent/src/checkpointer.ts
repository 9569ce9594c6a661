import { MemorySaver } from "@langchain/langgraph";
import { PostgresSaver } from "@langchain/langgraph-checkpoint-postgres";
import type pg from "pg";

/** The schema the checkpoint tables live in, apart from Prisma's. @default "langgraph" */
export const CHECKPOINT_SCHEMA = "langgraph";

/**
 * A LangGraph Postgres checkpointer on the caller's pool (PGlite over
 * pglite-socket, or PostgreSQL), in its own schema so `prisma migrate` never
 * sees its tables. Runs the saver's idempotent migrations. Never call
 * `saver.end()` on it: that would end the shared pool.
 */
export async function createPostgresCheckpointer(
  pool: pg.Pool,
  opts: { schema?: string } = {},
): Promise<PostgresSaver> {
  const saver = new PostgresSaver(pool, undefined, { schema: opts.schema ?? CHECKPOINT_SCHEMA });
  await saver.setup();
  return saver;
}

/** An in-process checkpointer: headless runs (`kubemedic diagnose`) and unit tests. Lost on exit. */
export function createMemoryCheckpointer(): MemorySaver {
  return new MemorySaver();
}

import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { ServerError } from "../errors";
import { lockDataDir } from "./data-dir-lock";
import { ensurePrivateDir, tightenTree } from "./private-dir";

/**
 * pglite-socket serves PGlite's ONE session. Given more than one connection it
 * interleaves their protocol messages, so one connection's Parse can replace
 * another's unnamed statement between its Parse and Bind: concurrent Prisma
 * transactions failed with "unnamed prepared statement does not exist" when we
 * tried 4 (docs/persistence.md). So it admits exactly one connection, held by
 * the pool (size 1): the pool is where Prisma and the agent's checkpointer
 * queue, and nobody may open a second client to it.
 */
export const EMBEDDED_MAX_CONNECTIONS = 1;

export interface EmbeddedPostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres — loopback only, no password. */
  url: string;
  /** Where PGlite keeps its files. */
  directory: string;
  stats(): { activeConnections: number; queuedQueries: number; maxConnections: number };
  /** Stops accepting connections, closes PGlite and releases the data dir. */
  close(): Promise<void>;
}

/** PGlite on disk under `dataDir`, served over the Postgres wire protocol on a free loopback port. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const release = lockDataDir(dataDir);
  const directory = join(dataDir, "pglite");
  let db: PGlite | undefined;
  try {
    ensurePrivateDir(directory);
    db = await PGlite.create(directory);
    // PGlite writes its files 0666; what it creates later stays inside this 0700 dir.
    tightenTree(directory);
    const server = new PGLiteSocketServer({
      db,
      host: "127.0.0.1",
      port: 0,
      maxConnections: EMBEDDED_MAX_CONNECTIONS,
    });
    await server.start();
    const opened = db;
    let closed = false;
    return {
      url: `postgresql://postgres@${server.getServerConn()}/postgres`,
      directory,
      stats: () => server.getStats(),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await server.stop();
          await opened.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    release();
    throw new ServerError(
      "db_unreachable",
      `the embedded database in ${directory} could not be opened: ${(error as Error).message}`,
      {
        hint: "move that folder away to start with an empty database, or set DATABASE_URL",
        cause: error,
      },
    );
  }
}

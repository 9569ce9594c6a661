import type { RequestHandler } from "express";
import type { Database, DatabaseBackend } from "../db/database";

export type HealthBody =
  | { status: "ok"; db: "ok"; backend: DatabaseBackend }
  | { status: "error"; db: "unreachable"; backend: DatabaseBackend; reason: string };

/**
 * Liveness with the database: 200 when it answers within 2 s — a round trip
 * when a connection is free, or, when user traffic holds every connection
 * (the embedded database has one), any query completing meanwhile
 * (Database.alive) — 503 with the reason otherwise (docker-compose's health
 * check and load balancers read the status code). It never waits its turn
 * behind user queries: a probe that restarts a busy server would do harm.
 */
export function healthz(database: Database): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await database.alive();
      const body: HealthBody = { status: "ok", db: "ok", backend: database.backend };
      res.json(body);
    } catch (error) {
      const body: HealthBody = {
        status: "error",
        db: "unreachable",
        backend: database.backend,
        reason: (error as Error).message,
      };
      res.status(503).json(body);
    }
  };
}

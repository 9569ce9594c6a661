import type { RequestHandler } from "express";
import type { Database, DatabaseBackend } from "../db/database";

export type HealthBody =
  | { status: "ok"; db: "ok"; backend: DatabaseBackend }
  | { status: "error"; db: "unreachable"; backend: DatabaseBackend; reason: string };

/**
 * Liveness with a database round trip: 200 when `SELECT 1` answers within the
 * ping timeout, 503 with the reason otherwise (docker-compose's health check
 * and load balancers read the status code).
 */
export function healthz(database: Database): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await database.ping();
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

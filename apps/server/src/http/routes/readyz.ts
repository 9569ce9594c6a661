import type { RequestHandler } from "express";
import type { ApiContext } from "./api-context";

/** @default 2_000 */
const CLUSTER_TIMEOUT_MS = 2_000;

export interface ReadyBody {
  status: "ready" | "not_ready" | "shutting_down";
  /** `unchecked` while shutting down: the answer is 503 whatever they say. */
  db: "ok" | "unreachable" | "unchecked";
  cluster: "ok" | "unreachable" | "none" | "unchecked";
  demo: boolean;
  reasons: string[];
}

/**
 * Readiness: the database answers AND the default cluster answers `/version`.
 * 503 with the reasons otherwise (a load balancer stops sending traffic; the
 * process stays up, unlike a failed /healthz). From the start of a graceful
 * shutdown, 503 `shutting_down` at once, while running turns finish.
 */
export function readyz(ctx: ApiContext): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (ctx.closing()) {
      const body: ReadyBody = {
        status: "shutting_down",
        db: "unchecked",
        cluster: "unchecked",
        demo: ctx.clusters.isDemo,
        reasons: ["the server is shutting down"],
      };
      res.status(503).json(body);
      return;
    }
    const reasons: string[] = [];
    const db = await ctx.database.alive().then(
      () => "ok" as const,
      (error: unknown) => {
        reasons.push((error as Error).message);
        return "unreachable" as const;
      },
    );
    let cluster: ReadyBody["cluster"] = "none";
    if (ctx.clusters.defaultContext !== undefined) {
      cluster = await ctx.clusters
        .clusterFor()
        .version(AbortSignal.timeout(CLUSTER_TIMEOUT_MS))
        .then(
          () => "ok" as const,
          (error: unknown) => {
            reasons.push(`cluster unreachable: ${(error as Error).message}`);
            return "unreachable" as const;
          },
        );
    } else {
      reasons.push("no cluster is configured");
    }
    const ready = db === "ok" && cluster === "ok";
    const body: ReadyBody = {
      status: ready ? "ready" : "not_ready",
      db,
      cluster,
      demo: ctx.clusters.isDemo,
      reasons,
    };
    res.status(ready ? 200 : 503).json(body);
  };
}

import type { ClustersResponse } from "@kubemedic/protocol";
import express, { type Router } from "express";
import { z } from "zod";
import { ServerError } from "../../errors";
import { validate } from "../validate";
import type { ApiContext } from "./api-context";

const Query = z.object({ context: z.string().min(1).max(253).optional() });

/** @default 5_000 */
const NAMESPACES_TIMEOUT_MS = 5_000;

/**
 * `GET /api/clusters?context=`: every context (the demo cluster flagged
 * `demo: true`) and the namespaces of the requested or default context. A
 * cluster that cannot be listed still answers 200, with `error` saying why.
 */
export function clusterRoutes(ctx: ApiContext): Router {
  const router = express.Router();
  router.get("/clusters", async (req, res) => {
    const { context } = validate(Query, req.query, "query");
    if (context !== undefined && !ctx.clusters.hasContext(context)) {
      throw new ServerError("not_found", `unknown cluster context "${context}"`);
    }
    const body: ClustersResponse = {
      contexts: ctx.clusters.contexts(),
      namespaces: [],
      error: null,
    };
    try {
      const cluster = ctx.clusters.clusterFor(context);
      body.namespaces = await cluster.listNamespaces(AbortSignal.timeout(NAMESPACES_TIMEOUT_MS));
    } catch (error) {
      body.error = (error as Error).message;
    }
    res.setHeader("Cache-Control", "no-store");
    res.json(body);
  });
  return router;
}

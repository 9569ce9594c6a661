import { ClustersQuery, type ClustersResponse } from "@kubemedic/protocol";
import express, { type Router } from "express";
import { ServerError } from "../../errors";
import { validate } from "../validate";
import type { ApiContext } from "./api-context";

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
    const { context } = validate(ClustersQuery, req.query, "query");
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

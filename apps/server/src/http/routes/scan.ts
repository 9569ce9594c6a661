import { analyzeSnapshot, correlateSnapshot, loadSnapshot } from "@kubemedic/kube";
import { ScanQuery, type ScanResponse } from "@kubemedic/protocol";
import express, { type Router } from "express";
import { ServerError } from "../../errors";
import { validate } from "../validate";
import type { ApiContext } from "./api-context";

/** @default 60_000 */
const SCAN_TIMEOUT_MS = 60_000;

/**
 * `GET /api/scan?context=&namespace=`: the built-in k8sgpt-compatible
 * analyzers and the root-cause correlation over ONE snapshot of the namespace
 * (all namespaces when omitted). Stops when the client goes away.
 */
export function scanRoutes(ctx: ApiContext): Router {
  const router = express.Router();
  router.get("/scan", async (req, res) => {
    const query = validate(ScanQuery, req.query, "query");
    if (query.context !== undefined && !ctx.clusters.hasContext(query.context)) {
      throw new ServerError("not_found", `unknown cluster context "${query.context}"`);
    }
    const cluster = ctx.clusters.clusterFor(query.context);
    const gone = new AbortController();
    res.on("close", () => gone.abort());
    const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(SCAN_TIMEOUT_MS)]);
    const started = performance.now();
    const snapshot = await loadSnapshot(cluster, { namespace: query.namespace, signal });
    try {
      const options = { namespace: query.namespace, signal };
      const [analysis, candidates] = await Promise.all([
        analyzeSnapshot(snapshot, options),
        correlateSnapshot(snapshot, options),
      ]);
      const body: ScanResponse = {
        context: cluster.context,
        namespace: query.namespace ?? null,
        analysis,
        candidates,
        durationMs: Math.round(performance.now() - started),
      };
      res.setHeader("Cache-Control", "no-store");
      res.json(body);
    } finally {
      snapshot.close();
    }
  });
  return router;
}

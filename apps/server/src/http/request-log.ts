import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";
import type { GatewayMetrics } from "../metrics/gateway-metrics";

/**
 * Gives every request an id (X-Request-Id, echoed in error bodies) and, when
 * it ends, one log line — method, path without the query string (a login link
 * carries the token there), status, time, user — and its metrics, labelled by
 * route pattern rather than raw path so ids do not explode the series.
 */
export function requestLog(logger: Logger, metrics: GatewayMetrics | undefined): RequestHandler {
  return (req, res, next) => {
    const requestId = randomUUID();
    res.setHeader("X-Request-Id", requestId);
    const started = performance.now();
    res.on("finish", () => {
      const ms = performance.now() - started;
      const matched = req.route as { path?: unknown } | undefined;
      const route =
        typeof matched?.path === "string"
          ? `${req.baseUrl}${matched.path}`
          : res.statusCode === 404
            ? "unmatched"
            : "static";
      metrics?.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      metrics?.httpDuration.observe(ms / 1000);
      const api = req.path.startsWith("/api/") || req.path === "/login";
      const line = {
        requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ...(typeof res.locals.user === "string" ? { user: res.locals.user } : {}),
      };
      if (api || res.statusCode >= 500) logger.info(line, "request");
      else logger.debug(line, "request");
    });
    next();
  };
}

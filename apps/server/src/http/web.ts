import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Router } from "express";
import { placeholderPage } from "./placeholder";

/** apps/web/dist, built by `npm start` (scripts/lib/prepare.mjs). */
export const DEFAULT_WEB_DIR = new URL("../../../web/dist", import.meta.url).pathname;

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

function isFingerprinted(path: string): boolean {
  return /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path);
}

/** Paths the SPA fallback must never answer with index.html. */
const SERVER_PATHS = /^\/(api|ws|healthz|readyz|metrics|login)(\/|$)/;

/**
 * Serves the built SPA (and index.html for client routes such as `/c/:id`), or
 * a placeholder page at `/` when there is no build. Checked once at start.
 */
export function webRoutes(webDir: string, backend: string): Router {
  const router = express.Router();
  const index = join(webDir, "index.html");
  if (!existsSync(index)) {
    const page = placeholderPage(backend);
    router.get("/", (_req, res) => {
      res.type("html").send(page);
    });
    return router;
  }
  router.use(
    express.static(webDir, {
      index: "index.html",
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so those never change; index.html
        // names the current fingerprints and must be revalidated, or a deploy is invisible.
        res.setHeader("Cache-Control", isFingerprinted(path) ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  router.get(/.*/, (req, res, next) => {
    if (SERVER_PATHS.test(req.path) || !req.accepts("html")) {
      next();
      return;
    }
    res.setHeader("Cache-Control", REVALIDATE);
    res.sendFile(index);
  });
  return router;
}

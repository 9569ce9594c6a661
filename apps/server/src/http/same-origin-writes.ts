import type { RequestHandler } from "express";
import { originAllowed } from "../auth/origin";
import { ServerError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `application/json`, or any `application/…+json`, with parameters (charset) allowed. */
function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  const type = header.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
}

/**
 * Cross-site request forgery, refused on every state-changing request (POST,
 * PUT, PATCH, DELETE) before anything reads its body:
 * - an `Origin` other than the server's own or a configured one is
 *   `403 origin_not_allowed`. Browsers send Origin on every such request and a
 *   page cannot forge it; SameSite=Lax alone does not stop another port of
 *   localhost, which is the same site;
 * - a body (or a Content-Type) that is not JSON is `415 unsupported_media_type`:
 *   a form or `text/plain` post is what a page may send cross-origin without
 *   a CORS preflight, which this server never grants.
 * A request with no body and no Content-Type (a DELETE, sign-out) passes the
 * second rule; the first still applies to it.
 */
export function sameOriginWrites(allowedOrigins: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    if (!originAllowed(req, allowedOrigins)) {
      next(new ServerError("origin_not_allowed", "requests from this origin are not allowed"));
      return;
    }
    const type = req.headers["content-type"];
    const hasBody =
      req.headers["transfer-encoding"] !== undefined ||
      Number(req.headers["content-length"] ?? "0") > 0;
    if ((type !== undefined || hasBody) && !isJsonContentType(type)) {
      next(
        new ServerError(
          "unsupported_media_type",
          "send the request body as JSON (Content-Type: application/json)",
        ),
      );
      return;
    }
    next();
  };
}

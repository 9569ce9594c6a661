import type { RequestHandler } from "express";
import { ServerError } from "../errors";

/**
 * Refuses, with `400 bad_request`, a URL no route could use: a path that is not
 * valid percent-encoding (`%`, `%ff%fe`: the router's decodeURIComponent
 * would throw a URIError deep inside route matching), and NUL anywhere in the
 * path or the query (`%00`: PostgreSQL cannot hold it in text, and would fail
 * the query with "invalid byte sequence"). Checked once here so every route,
 * present and future, is covered.
 */
export const rejectMalformedUrl: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    next(new ServerError("bad_request", "the URL path is not valid percent-encoding"));
    return;
  }
  if (path.includes("\u0000")) {
    next(new ServerError("bad_request", "the URL path contains a NUL character"));
    return;
  }
  if (hasNul(req.query)) {
    next(new ServerError("bad_request", "the query string contains a NUL character"));
    return;
  }
  next();
};

/** Query values are strings, arrays of them, or (extended parsers) objects of them. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 8 || value === null || typeof value !== "object") return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000") || hasNul(item, depth + 1)) return true;
  }
  return false;
}

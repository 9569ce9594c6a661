import type { RequestHandler } from "express";
import { hostAllowed, type AllowedHosts } from "../auth/host-allowed";
import { ServerError } from "../errors";

/**
 * Refuses a request addressed to a name that is not allowed
 * (`KUBEMEDIC_ALLOWED_HOSTS`, DNS rebinding: see auth/host-allowed.ts) with
 * `421 host_not_allowed`, before anything else reads it.
 */
export function allowedHost(allowed: AllowedHosts): RequestHandler {
  return (req, _res, next) => {
    if (hostAllowed(req.headers.host, allowed)) {
      next();
      return;
    }
    next(
      new ServerError(
        "host_not_allowed",
        "this server does not answer to that host name; add it to KUBEMEDIC_ALLOWED_HOSTS",
      ),
    );
  };
}

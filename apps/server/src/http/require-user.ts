import type { RequestHandler, Response } from "express";
import type { Authenticator } from "../auth/authenticator";
import { ServerError } from "../errors";

/** Authenticates every request it guards; the user is then `userOf(res)`. */
export function requireUser(authenticator: Authenticator): RequestHandler {
  return async (req, res, next) => {
    const auth = await authenticator.authenticate(req.headers, req.socket.remoteAddress);
    if (!auth.ok) {
      if (auth.code === "rate_limited") setRetryAfter(res, auth.retryAfterMs);
      next(new ServerError(auth.code, auth.reason));
      return;
    }
    res.locals.user = auth.user;
    next();
  };
}

export function userOf(res: Response): string {
  const user: unknown = res.locals.user;
  if (typeof user !== "string") throw new ServerError("unauthorized", "not signed in");
  return user;
}

/** `Retry-After` in whole seconds, at least 1. */
export function setRetryAfter(res: Response, ms: number): void {
  res.setHeader("Retry-After", String(Math.max(1, Math.ceil(ms / 1000))));
}

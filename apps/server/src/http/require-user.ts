import type { RequestHandler, Response } from "express";
import type { Authenticator } from "../auth/authenticator";
import { ServerError } from "../errors";

/** Authenticates every request it guards; the user is then `userOf(res)`. */
export function requireUser(authenticator: Authenticator): RequestHandler {
  return (req, res, next) => {
    const auth = authenticator.authenticate(req.headers);
    if (!auth.ok) {
      next(new ServerError("unauthorized", auth.reason));
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

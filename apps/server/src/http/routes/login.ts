import { LoginBody } from "@kubemedic/protocol";
import express, { type Request, type Response, type Router } from "express";
import { LOCAL_USER, sessionSecretOf, type Authenticator } from "../../auth/authenticator";
import { clearSessionCookieHeader, sessionCookieHeader } from "../../auth/session-cookie";
import { ServerError } from "../../errors";
import { PAGE_STYLE } from "../page-style";
import { setRetryAfter } from "../require-user";
import { validate } from "../validate";
import type { ApiContext } from "./api-context";

/** Cookies are Secure when the browser reached us over HTTPS (directly, or via the trusted proxy). */
function overHttps(req: Request, proxyMode: boolean): boolean {
  return req.secure || (proxyMode && req.headers["x-forwarded-proto"] === "https");
}

/** Stores a new session for the token user and sets its cookie. */
async function startSession(req: Request, res: Response, authenticator: Authenticator) {
  const { secret } = await authenticator.sessions.create(LOCAL_USER);
  res.setHeader(
    "Set-Cookie",
    sessionCookieHeader(
      secret,
      overHttps(req, authenticator.proxyMode),
      authenticator.sessions.maxAgeSeconds,
    ),
  );
}

/**
 * Signing in: the login link `kubemedic serve` prints (`GET /login?token=…`)
 * starts a server-side session, sets its cookie and redirects to the app;
 * `POST /api/login` does the same for the sign-in form; `POST /api/logout`
 * ends the session (in the database, so every replica forgets it), closes the
 * sockets opened with it and clears the cookie. The link's page is never
 * cached and sends no Referer, so the token in its URL goes nowhere.
 */
export function loginRoutes(ctx: ApiContext): Router {
  const router = express.Router();
  const { authenticator } = ctx;

  router.get("/login", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    const token = typeof req.query.token === "string" ? req.query.token : "";
    const signIn = token === "" ? undefined : authenticator.signIn(token, req.socket.remoteAddress);
    if (signIn?.ok === true) {
      await startSession(req, res, authenticator);
      res.redirect(303, "/");
      return;
    }
    if (authenticator.proxyMode && token === "") {
      res.redirect(303, "/");
      return;
    }
    if (signIn?.code === "rate_limited") {
      setRetryAfter(res, signIn.retryAfterMs);
      res
        .status(429)
        .type("html")
        .send(loginFailedPage("Too many wrong tokens came from this address. Wait a moment."));
      return;
    }
    res
      .status(401)
      .type("html")
      .send(
        loginFailedPage(
          token === ""
            ? "This link has no token."
            : "This login link is not valid (the token may have changed).",
        ),
      );
  });

  router.post("/api/login", async (req, res) => {
    const body = validate(LoginBody, req.body, "login body");
    const signIn = authenticator.signIn(body.token.trim(), req.socket.remoteAddress);
    if (!signIn.ok) {
      if (signIn.code === "rate_limited") {
        setRetryAfter(res, signIn.retryAfterMs);
        throw new ServerError("rate_limited", "too many wrong tokens; wait a moment and try again");
      }
      throw new ServerError("unauthorized", "that token is not valid");
    }
    await startSession(req, res, authenticator);
    res.status(204).end();
  });

  router.post("/api/logout", async (req, res) => {
    const secret = sessionSecretOf(req.headers);
    if (secret !== undefined) {
      const sessionId = await authenticator.sessions.revoke(secret);
      ctx.endSession(sessionId);
    }
    res.setHeader("Set-Cookie", clearSessionCookieHeader(overHttps(req, authenticator.proxyMode)));
    res.status(204).end();
  });
  return router;
}

function loginFailedPage(why: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>kubemedic · sign in</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<h1>Cannot sign you in</h1>
<p>${why}</p>
<p>Use the login link <code>kubemedic serve</code> printed when it started, or
<a href="/">open kubemedic</a> and paste the token into the sign-in form.</p>
</body>
</html>
`;
}

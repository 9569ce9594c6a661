import type { IncomingHttpHeaders } from "node:http";
import { parseCookies, sameSecret, SESSION_COOKIE, sessionValue } from "./session-cookie";

/** The user of a token or cookie (local mode has one user). @default "local" */
export const LOCAL_USER = "local";

export type AuthResult =
  { ok: true; user: string; via: "proxy" | "bearer" | "cookie" } | { ok: false; reason: string };

export interface AuthenticatorOptions {
  token: string;
  /** Lower-cased header name set by a trusted reverse proxy (oauth2-proxy…); undefined: off. */
  proxyUserHeader: string | undefined;
}

/** A user name from a proxy header: 1 to 200 characters, none of them a control character. */
function validUserName(name: string): boolean {
  if (name.length === 0 || name.length > 200) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return false;
  }
  return true;
}

/**
 * Who is asking, from the request headers alone (so REST and the WebSocket
 * upgrade decide the same way):
 * 1. trusted-proxy mode: the proxy's user header names the user (each user
 *    has their own conversations). Only safe when nothing but the proxy can
 *    reach the server (docs/security.md).
 * 2. `Authorization: Bearer <token>` (scripts, Prometheus, tests).
 * 3. the session cookie set by the login link / `POST /api/login`.
 */
export class Authenticator {
  private readonly cookie: string;

  constructor(private readonly options: AuthenticatorOptions) {
    this.cookie = sessionValue(options.token);
  }

  get sessionCookieValue(): string {
    return this.cookie;
  }

  get proxyMode(): boolean {
    return this.options.proxyUserHeader !== undefined;
  }

  /** True when `candidate` is the login token. */
  checkToken(candidate: string): boolean {
    return sameSecret(candidate, this.options.token);
  }

  authenticate(headers: IncomingHttpHeaders): AuthResult {
    const header = this.options.proxyUserHeader;
    if (header !== undefined) {
      const raw = headers[header];
      const user = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (user !== undefined && user !== "") {
        return validUserName(user)
          ? { ok: true, user, via: "proxy" }
          : { ok: false, reason: `the ${header} header is not a valid user name` };
      }
    }
    const authorization = headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (match?.[1] !== undefined && this.checkToken(match[1])) {
        return { ok: true, user: LOCAL_USER, via: "bearer" };
      }
      return { ok: false, reason: "the bearer token is not valid" };
    }
    const cookie = parseCookies(headers.cookie).get(SESSION_COOKIE);
    if (cookie !== undefined) {
      return sameSecret(cookie, this.cookie)
        ? { ok: true, user: LOCAL_USER, via: "cookie" }
        : { ok: false, reason: "the session has expired; sign in again" };
    }
    return {
      ok: false,
      reason: this.proxyMode
        ? `sign in through the proxy (no ${header} header)`
        : "sign in with the login link kubemedic serve printed",
    };
  }
}

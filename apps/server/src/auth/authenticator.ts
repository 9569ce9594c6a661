import type { IncomingHttpHeaders } from "node:http";
import { parseCookies, sameSecret, SESSION_COOKIE, sessionValue } from "./session-cookie";
import { SignInThrottle } from "./sign-in-throttle";

/** The user of a token or cookie (local mode has one user). @default "local" */
export const LOCAL_USER = "local";

export type AuthResult =
  | { ok: true; user: string; via: "proxy" | "bearer" | "cookie" }
  | { ok: false; code: "unauthorized"; reason: string }
  /** Too many wrong tokens from this address: try again after `retryAfterMs`. */
  | { ok: false; code: "rate_limited"; reason: string; retryAfterMs: number };

/** The outcome of trying a login token. */
export type SignInResult =
  | { ok: true }
  | { ok: false; code: "unauthorized" }
  | { ok: false; code: "rate_limited"; retryAfterMs: number };

export interface AuthenticatorOptions {
  token: string;
  /** Lower-cased header name set by a trusted reverse proxy (oauth2-proxy…); undefined: off. */
  proxyUserHeader: string | undefined;
  /** Wrong tokens per client address. @default a SignInThrottle with its defaults */
  throttle?: SignInThrottle;
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
  private readonly throttle: SignInThrottle;

  constructor(private readonly options: AuthenticatorOptions) {
    this.cookie = sessionValue(options.token);
    this.throttle = options.throttle ?? new SignInThrottle();
  }

  get sessionCookieValue(): string {
    return this.cookie;
  }

  get proxyMode(): boolean {
    return this.options.proxyUserHeader !== undefined;
  }

  /**
   * Tries `candidate` as the login token from `address` (the client's IP),
   * through the sign-in throttle: refused unchecked while the address waits.
   */
  signIn(candidate: string, address: string | undefined): SignInResult {
    const verdict = this.throttle.check(address);
    if (!verdict.ok) return { ok: false, code: "rate_limited", retryAfterMs: verdict.retryAfterMs };
    if (sameSecret(candidate, this.options.token)) {
      this.throttle.succeed(address);
      return { ok: true };
    }
    this.throttle.fail(address);
    return { ok: false, code: "unauthorized" };
  }

  /** Who is asking; `address` is the client's IP, for the throttle on bearer tokens. */
  authenticate(headers: IncomingHttpHeaders, address?: string): AuthResult {
    const header = this.options.proxyUserHeader;
    if (header !== undefined) {
      const raw = headers[header];
      const user = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (user !== undefined && user !== "") {
        return validUserName(user)
          ? { ok: true, user, via: "proxy" }
          : {
              ok: false,
              code: "unauthorized",
              reason: `the ${header} header is not a valid user name`,
            };
      }
    }
    const authorization = headers.authorization;
    if (authorization !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      const signIn = this.signIn(match?.[1] ?? "", address);
      if (signIn.ok) return { ok: true, user: LOCAL_USER, via: "bearer" };
      return signIn.code === "rate_limited"
        ? {
            ok: false,
            code: "rate_limited",
            reason: "too many wrong tokens from this address; wait and try again",
            retryAfterMs: signIn.retryAfterMs,
          }
        : { ok: false, code: "unauthorized", reason: "the bearer token is not valid" };
    }
    const cookie = parseCookies(headers.cookie).get(SESSION_COOKIE);
    if (cookie !== undefined) {
      return sameSecret(cookie, this.cookie)
        ? { ok: true, user: LOCAL_USER, via: "cookie" }
        : { ok: false, code: "unauthorized", reason: "the session has expired; sign in again" };
    }
    return {
      ok: false,
      code: "unauthorized",
      reason: this.proxyMode
        ? `sign in through the proxy (no ${header} header)`
        : "sign in with the login link kubemedic serve printed",
    };
  }
}

import type { IncomingHttpHeaders } from "node:http";
import { parseCookies, sameSecret, SESSION_COOKIE } from "./session-cookie";
import type { SessionStore } from "./session-store";
import { SignInThrottle } from "./sign-in-throttle";

/** The user of the login token, its sessions and bearer requests (local mode has one user). @default "local" */
export const LOCAL_USER = "local";

/**
 * Users named by a trusted proxy's header live in their own namespace,
 * `proxy:<name>`, so no header value can be another principal: the header
 * `local` is `proxy:local`, never the token user `local`.
 */
export const PROXY_USER_PREFIX = "proxy:";

export type AuthResult =
  | {
      ok: true;
      user: string;
      via: "proxy" | "bearer" | "cookie";
      /** The session (cookie) the request came with: sign-out closes the sockets opened with it. */
      sessionId?: string;
    }
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
  /** Where the sessions of signed-in browsers are kept (the database). */
  sessions: SessionStore;
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
 * Who is asking, from the request's headers and address (so REST and the
 * WebSocket upgrade decide the same way):
 * 1. trusted-proxy mode: the proxy's user header names the user
 *    (`proxy:<name>`; each user has their own conversations). Only safe when
 *    nothing but the proxy can reach the server (docs/security.md).
 * 2. `Authorization: Bearer <token>` (scripts, Prometheus, tests), through the
 *    sign-in throttle.
 * 3. the session cookie set by the login link / `POST /api/login`: a server-side
 *    session, looked up in the database.
 */
export class Authenticator {
  private readonly throttle: SignInThrottle;

  constructor(private readonly options: AuthenticatorOptions) {
    this.throttle = options.throttle ?? new SignInThrottle();
  }

  get proxyMode(): boolean {
    return this.options.proxyUserHeader !== undefined;
  }

  get sessions(): SessionStore {
    return this.options.sessions;
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
  async authenticate(headers: IncomingHttpHeaders, address?: string): Promise<AuthResult> {
    const header = this.options.proxyUserHeader;
    if (header !== undefined) {
      const raw = headers[header];
      const name = (Array.isArray(raw) ? raw[0] : raw)?.trim();
      if (name !== undefined && name !== "") {
        return validUserName(name)
          ? { ok: true, user: `${PROXY_USER_PREFIX}${name}`, via: "proxy" }
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
    const cookie = sessionSecretOf(headers);
    if (cookie !== undefined) {
      const session = await this.options.sessions.lookup(cookie);
      return session === null
        ? { ok: false, code: "unauthorized", reason: "the session has ended; sign in again" }
        : { ok: true, user: session.userId, via: "cookie", sessionId: session.id };
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

/** The session cookie's secret, when the request carries one. */
export function sessionSecretOf(headers: IncomingHttpHeaders): string | undefined {
  const value = parseCookies(headers.cookie).get(SESSION_COOKIE);
  return value === undefined || value === "" ? undefined : value;
}

import { timingSafeEqual } from "node:crypto";

/** The cookie that carries a signed-in browser's session. */
export const SESSION_COOKIE = "kubemedic_session";

/** Compares two secrets in constant time (a length mismatch is simply false). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `name=value` pairs of a Cookie header; later duplicates lose (as browsers send the most specific first). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (header === undefined) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    cookies.set(name, value);
  }
  return cookies;
}

/**
 * The cookie carrying a session's secret (auth/session-store.ts): HttpOnly (no
 * script reads it), SameSite=Lax (not sent on cross-site subrequests,
 * WebSocket handshakes and form posts included, yet kept when a user follows
 * a link to the app), Secure when the request came over HTTPS, and living as
 * long as the session.
 */
export function sessionCookieHeader(
  secret: string,
  secure: boolean,
  maxAgeSeconds: number,
): string {
  return [
    `${SESSION_COOKIE}=${secret}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearSessionCookieHeader(secure: boolean): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

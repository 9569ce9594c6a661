import type { IncomingMessage } from "node:http";

/**
 * Whether a WebSocket handshake's Origin may connect. Browsers always send
 * Origin on a WebSocket handshake and a page cannot forge it, so checking it
 * stops other sites from opening a socket with the user's cookie (cross-site
 * WebSocket hijacking). Allowed: no Origin at all (not a browser: scripts,
 * tests, the bench), the server's own origin (the Host the browser used), and
 * the configured extra origins (e.g. the Vite dev server).
 */
export function originAllowed(req: IncomingMessage, extra: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === "null") return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  const normalized = `${parsed.protocol}//${parsed.host}`;
  if (extra.includes(normalized)) return true;
  const host = req.headers.host;
  return host !== undefined && parsed.host === host.toLowerCase();
}

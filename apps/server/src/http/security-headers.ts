import type { RequestHandler } from "express";
import helmet from "helmet";
import { PAGE_STYLE_SOURCE } from "./page-style";

/**
 * The Content-Security-Policy of every answer: the SPA loads scripts, styles,
 * images, fonts and its WebSocket from its own origin only, and nothing else.
 * Assistant text is model output and may be prompt-injected: even if markup
 * slipped through, no inline script runs, no remote image or fetch carries data
 * to another host, no form posts elsewhere, and no other site frames the app.
 * `connect-src 'self'` covers the same-origin `ws:`/`wss:` socket (CSP 3).
 * Inline styles: only the server-written pages' one stylesheet, by hash.
 * No `upgrade-insecure-requests`: the server speaks plain HTTP on loopback.
 */
const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'", PAGE_STYLE_SOURCE],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
} as const;

/**
 * Security headers on every answer, set by `helmet` (maintained, reviewed):
 * the CSP above, `X-Frame-Options: DENY`, `Referrer-Policy: same-origin`,
 * `nosniff`, `Cross-Origin-Opener-Policy`/`-Resource-Policy: same-origin` and
 * the rest of its defaults. No `Strict-Transport-Security`: the server speaks
 * plain HTTP; the TLS-terminating proxy in front of it owns that header.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: false,
  });
}

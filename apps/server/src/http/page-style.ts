import { createHash } from "node:crypto";

/**
 * The one inline stylesheet of the pages the server writes itself (sign-in
 * failed, the placeholder without a built SPA). The CSP allows exactly this
 * text by its hash: no other inline style is applied.
 */
export const PAGE_STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2328}" +
  "code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px}";

/** The CSP source that allows PAGE_STYLE, e.g. `'sha256-…'`. */
export const PAGE_STYLE_SOURCE = `'sha256-${createHash("sha256").update(PAGE_STYLE).digest("base64")}'`;

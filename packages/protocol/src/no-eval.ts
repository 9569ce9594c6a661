import { z } from "zod";

/**
 * Imported first by the web app: zod then validates without compiling
 * validators through `new Function`, which the Content-Security-Policy
 * (`script-src 'self'`, no `'unsafe-eval'`) forbids; zod's probe for it would
 * otherwise be reported as a violation on every page load. It must run before
 * any schema is built, hence a module of its own.
 */
z.config({ jitless: true });

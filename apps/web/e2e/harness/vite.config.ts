import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * Pages that mount one of the app's components alone, for browser tests of
 * behaviour the real server cannot provoke (a view that crashes). Built apart
 * from the app (`vite build --config e2e/harness/vite.config.ts --outDir …`),
 * never shipped.
 */
export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react()],
  build: { target: "es2022", emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  logLevel: "warn",
});

import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The render harness (bench/web and the card gallery): the app's own components
 * mounted on a recorded conversation, with no server. Built apart from the app
 * (`vite build --config bench/vite.config.ts --outDir …`) and never shipped.
 */
export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react()],
  build: { target: "es2022", emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  logLevel: "warn",
});

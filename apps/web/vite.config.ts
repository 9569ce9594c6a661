import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * `vite` (dev) proxies the API, the login redirect and the WebSocket to a running
 * `kubemedic serve`, so the SPA and the gateway share one origin as in production.
 * @default "http://127.0.0.1:8080" (the server's default HOST:PORT)
 */
const target = process.env.KUBEMEDIC_DEV_TARGET ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": target,
      "/login": target,
      "/healthz": target,
      "/ws": { target, ws: true },
    },
  },
  build: {
    target: "es2022",
    // bench/web tracks the real figure (initial JS gzip, goal < 250 KB); raw size only warns here.
    chunkSizeWarningLimit: 600,
  },
});

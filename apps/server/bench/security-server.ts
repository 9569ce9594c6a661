/**
 * kubemedic as `kubemedic serve` runs it by default — the embedded database
 * (PGlite, in this process), default limits, no cluster — as its own process
 * for bench/security. Prints one JSON line `{ url, pid }` when ready; SIGTERM
 * stops it. BENCH_TOKEN is the login token.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { startServer } from "../src/server";

const token = process.env.BENCH_TOKEN ?? "bench-token-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "kubemedic-bench-sec-"));
const server = await startServer(
  loadConfig({
    PORT: "0",
    KUBEMEDIC_DATA_DIR: dir,
    KUBEMEDIC_AUTH_TOKEN: token,
    KUBEMEDIC_DEMO: "false",
    KUBEMEDIC_TRUST_PROXY_USER_HEADER: "X-User",
  }),
  { logger: createLogger("warn"), webDir: join(dir, "no-web") },
);
console.log(JSON.stringify({ url: server.url, pid: process.pid }));

process.once("SIGTERM", () => {
  void (async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  })();
});

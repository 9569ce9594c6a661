/**
 * One replica of bench/scale, as its own process: the real server on the
 * shared PostgreSQL (BENCH_DATABASE_URL), scale-out on (KUBEMEDIC_SCALE_OUT
 * may turn it off), the model the OpenAI stub at OPENAI_BASE_URL, its own
 * demo cluster, the per-user limits lifted (the load is one user). Prints
 * `{ url, pid }` when ready; SIGTERM stops it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultGraphConfig } from "@kubemedic/agent";
import { startDemoCluster } from "@kubemedic/demo-cluster";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { startServer } from "../src/server";

const dir = mkdtempSync(join(tmpdir(), "kubemedic-bench-scale-"));
const demo = await startDemoCluster({ port: 0, scenarios: ["crashloop-missing-env"] });
const kubeconfig = join(dir, "kubeconfig");
await demo.writeKubeconfig(kubeconfig);

const server = await startServer(
  loadConfig({
    PORT: "0",
    KUBEMEDIC_DATA_DIR: dir,
    KUBEMEDIC_KUBECONFIG: kubeconfig,
    KUBEMEDIC_AUTH_TOKEN: process.env.BENCH_TOKEN ?? "bench-token-0123456789abcdef",
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    KUBEMEDIC_SCALE_OUT: process.env.KUBEMEDIC_SCALE_OUT ?? "true",
    KUBEMEDIC_TURN_LEASE_MS: process.env.KUBEMEDIC_TURN_LEASE_MS ?? "15000",
    KUBEMEDIC_RATE_LIMIT: "100000",
    KUBEMEDIC_RATE_BURST: "100000",
    KUBEMEDIC_RATE_BYTES: "1073741824",
    KUBEMEDIC_USER_RATE_LIMIT: "1000000",
    KUBEMEDIC_USER_RATE_BYTES: "1073741824",
    KUBEMEDIC_REST_RATE_LIMIT: "100000",
    KUBEMEDIC_REST_RATE_BURST: "100000",
    KUBEMEDIC_MAX_CONVERSATIONS_PER_USER: "10000000",
    KUBEMEDIC_MAX_TURNS_PER_USER: "100000",
    // The in-flight capacity case runs thousands of turns at once on one replica.
    KUBEMEDIC_MAX_RUNNING_TURNS: process.env.BENCH_MAX_RUNNING_TURNS ?? "1000",
    KUBEMEDIC_MAX_CONNECTIONS_PER_USER: "100000",
    KUBEMEDIC_SHUTDOWN_GRACE_MS: "0",
  }),
  {
    logger: createLogger("warn"),
    webDir: join(dir, "no-web"),
    env: process.env,
    graphConfig: defaultGraphConfig({
      nodes: { report: { when: "never" }, prepare: { healthSummary: false } },
    }),
  },
);
console.log(JSON.stringify({ url: server.url, pid: process.pid }));

process.once("SIGTERM", () => {
  void (async () => {
    await server.close();
    await demo.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  })();
});

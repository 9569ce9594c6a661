/**
 * The gateway under load, as its own process (bench/gateway/run.ts): the real
 * server on PostgreSQL (BENCH_DATABASE_URL), the demo cluster in this process
 * (as `kubemedic serve` runs it), and a zero-latency scripted model whose
 * every turn runs one kubectl read on the demo cluster and answers. Prints one
 * JSON line `{ url, pid }` when ready; SIGTERM stops it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultGraphConfig } from "@kubemedic/agent";
import { ScriptedChatModel, type ScriptStep } from "@kubemedic/agent/testing";
import { startDemoCluster } from "@kubemedic/demo-cluster";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { startServer } from "../src/server";

const databaseUrl = process.env.BENCH_DATABASE_URL;
const token = process.env.BENCH_TOKEN ?? "bench-token-0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "kubemedic-bench-gw-"));
const demo = await startDemoCluster({ port: 0, scenarios: ["crashloop-missing-env"] });
const kubeconfig = join(dir, "kubeconfig");
await demo.writeKubeconfig(kubeconfig);

// A final answer of typical length (~150 words, streamed word by word, as a
// model streams tokens): what users read after an investigation.
const ANSWER = [
  "The checkout pods in shop are crash-looping: both replicas restarted several times in the",
  "last minutes and neither is ready, while the other deployments of the namespace are healthy.",
  "The previous container logs end with an error saying the environment variable DATABASE_URL",
  "is not set, and the deployment's pod template indeed defines no such variable, neither",
  "directly nor through a ConfigMap or Secret reference. The container exits with code 1 at",
  "start, the kubelet backs off, and the Service has no ready endpoints, so requests to",
  "checkout fail. Nothing else in the namespace points elsewhere: no scheduling problem, no",
  "image pull error, no quota or resource pressure. To fix it, add DATABASE_URL to the",
  "checkout deployment, from the Secret that holds the database credentials, then watch the",
  "rollout until both replicas are ready. Once they are, the Service gets its endpoints back",
  "and checkout answers again. I can prepare that change for your approval if you want.",
].join(" ");

// A tool call, then (once the tool answered) the final answer: a function of the
// conversation, so concurrent turns never take each other's steps.
const step: ScriptStep = (messages) =>
  "tool_call_id" in (messages[messages.length - 1] ?? {})
    ? { text: ANSWER }
    : {
        text: "Looking at the pods first.",
        toolCalls: [{ name: "kubectl", args: { command: "get pods -n shop" } }],
      };

const server = await startServer(
  loadConfig({
    PORT: "0",
    KUBEMEDIC_DATA_DIR: dir,
    KUBEMEDIC_KUBECONFIG: kubeconfig,
    KUBEMEDIC_AUTH_TOKEN: token,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    // The load generator is one user with many sockets: lift the per-user limits.
    KUBEMEDIC_RATE_LIMIT: "100000",
    KUBEMEDIC_RATE_BURST: "100000",
    KUBEMEDIC_RATE_BYTES: "1073741824",
    KUBEMEDIC_USER_RATE_LIMIT: "1000000",
    KUBEMEDIC_USER_RATE_BYTES: "1073741824",
    KUBEMEDIC_REST_RATE_LIMIT: "100000",
    KUBEMEDIC_REST_RATE_BURST: "100000",
    KUBEMEDIC_MAX_CONVERSATIONS_PER_USER: "10000000",
    KUBEMEDIC_MAX_TURNS_PER_USER: "100000",
    KUBEMEDIC_MAX_CONNECTIONS_PER_USER: "100000",
    KUBEMEDIC_SHUTDOWN_GRACE_MS: "0",
    // The default unless the bench asks for another (its "V8's own heap growth" rows).
    ...(process.env.KUBEMEDIC_HEAP_GROWTH_PERCENT === undefined
      ? {}
      : { KUBEMEDIC_HEAP_GROWTH_PERCENT: process.env.KUBEMEDIC_HEAP_GROWTH_PERCENT }),
  }),
  {
    logger: createLogger("warn"),
    webDir: join(dir, "no-web"),
    model: {
      model: new ScriptedChatModel([step], { loop: true, record: false }),
      label: "scripted",
      offline: false,
    },
    graphConfig: defaultGraphConfig({
      nodes: { report: { when: "never" }, prepare: { healthSummary: false } },
    }),
  },
);
console.log(
  JSON.stringify({ url: server.url, pid: process.pid, backend: server.database.backend }),
);

process.once("SIGTERM", () => {
  void (async () => {
    await server.close();
    await demo.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  })();
});

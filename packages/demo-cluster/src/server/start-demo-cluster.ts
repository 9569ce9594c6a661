import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { DemoClusterError } from "../errors";
import { Reconciler } from "../reconcile/reconciler";
import { builtinScenarioDir, builtinScenarioNames } from "../scenario/builtin";
import { loadScenario } from "../scenario/load-scenario";
import { mergeScenarios } from "../scenario/merge-scenarios";
import type { Scenario } from "../scenario/scenario";
import { ClusterState } from "./cluster-state";
import { handleRequest } from "./handle-request";
import type { WatchSet } from "./handle-watch";
import { kubeconfigYaml } from "./kubeconfig";
import { ResponseCache } from "./response-cache";
import { selfSignedCert } from "./self-signed-cert";

export interface DemoClusterOptions {
  /** Built-in scenario names, scenario directories, or in-memory scenarios (generateScenario). @default every built-in */
  scenarios?: (string | Scenario)[];
  /** @default "127.0.0.1" */
  host?: string;
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** The bearer token clients must send. @default random */
  token?: string;
  /**
   * Milliseconds every request waits before it is answered, like the round
   * trip to a remote API server (0–10,000). Shows how the app behaves on a
   * slow cluster, and keeps a turn running long enough to be interrupted.
   * @default 0
   */
  latencyMs?: number;
}

export interface DemoCluster {
  /** https://host:port (HTTPS, because kubectl sends credentials only over TLS). */
  url: string;
  token: string;
  /** The self-signed certificate the server presents (PEM); the kubeconfig trusts it. */
  caPem: string;
  /** The scenarios loaded (not their shared bases). */
  scenarios: Scenario[];
  /** A kubeconfig (YAML) whose context, cluster and user are all "kubemedic-demo". */
  kubeconfig(): string;
  writeKubeconfig(path: string): Promise<void>;
  /** Puts every object, log and rule back as loaded; open watches end. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the simulator on loopback; see src/index.ts for the contract. */
export async function startDemoCluster(options: DemoClusterOptions = {}): Promise<DemoCluster> {
  const latencyMs = checkedLatency(options.latencyMs ?? 0);
  const scenarios = await resolveScenarios(options.scenarios ?? builtinScenarioNames());
  const state = new ClusterState(mergeScenarios(scenarios));
  const reconciler = new Reconciler(state);
  const token = options.token ?? randomBytes(24).toString("base64url");
  const host = options.host ?? "127.0.0.1";
  const watches: WatchSet = new Set();
  const cache = new ResponseCache();
  let address = "";
  const ctx = { state, cache, reconciler, token, watches, address: () => address };
  const { keyPem, certPem } = selfSignedCert(host);
  const server = createServer({ key: keyPem, cert: certPem }, (req, res) => {
    if (latencyMs === 0) void handleRequest(ctx, req, res);
    else setTimeout(() => void handleRequest(ctx, req, res), latencyMs);
  });
  server.keepAliveTimeout = 30_000;
  const port = await listen(server, host, options.port ?? 0);
  address = `${host}:${port}`;
  const url = `https://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const endWatches = (): void => {
    for (const stop of [...watches]) stop();
  };
  return {
    url,
    token,
    scenarios,
    caPem: certPem,
    kubeconfig: () => kubeconfigYaml(url, token, certPem),
    async writeKubeconfig(path: string) {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, kubeconfigYaml(url, token, certPem), { mode: 0o600 });
    },
    async reset() {
      endWatches();
      reconciler.clear();
      state.reset();
      cache.clear();
      await Promise.resolve();
    },
    close: () =>
      new Promise<void>((resolve) => {
        endWatches();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function checkedLatency(ms: number): number {
  if (!Number.isInteger(ms) || ms < 0 || ms > 10_000)
    throw new DemoClusterError(
      "invalid_options",
      `latencyMs must be a whole number of milliseconds from 0 to 10000, not ${ms}`,
    );
  return ms;
}

async function resolveScenarios(list: (string | Scenario)[]): Promise<Scenario[]> {
  const builtins = new Set(builtinScenarioNames());
  const out: Scenario[] = [];
  const cache = new Map<string, Scenario>();
  const now = Date.now();
  for (const item of list) {
    if (typeof item !== "string") {
      out.push(item);
      continue;
    }
    const isName = !item.includes("/") && !item.includes("\\") && item !== "." && item !== "..";
    if (isName && !builtins.has(item) && !item.startsWith("_")) {
      throw new DemoClusterError(
        "scenario_not_found",
        `unknown scenario "${item}"; built-in scenarios: ${[...builtins].join(", ")}`,
      );
    }
    out.push(await loadScenario(isName ? builtinScenarioDir(item) : item, { cache, now }));
  }
  return out;
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error) =>
      reject(
        new DemoClusterError(
          "listen_failed",
          `cannot listen on ${host}:${port}: ${error.message}`,
          { cause: error },
        ),
      ),
    );
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The real `kubemedic serve` as a child process: its own data dir (embedded
 * database), no kubeconfig (so the built-in demo cluster), no LLM key (so the
 * offline diagnostician), a known auth token. `kill()` is a SIGKILL (a crash);
 * `start()` again reuses the port and the data dir, like a restarted server.
 */
export interface KubemedicServer {
  url: string;
  port: number;
  token: string;
  dataDir: string;
  /** Everything the process printed, for failure messages. */
  output: () => string;
  start: () => Promise<void>;
  kill: () => Promise<void>;
  stop: () => Promise<void>;
  /** Stops the process and removes its temporary directories. */
  dispose: () => Promise<void>;
}

const root = new URL("../../../../", import.meta.url).pathname;
const web = join(root, "apps", "web");

/** Builds the SPA the server serves (apps/web/dist), once per test process. */
let built = false;
function buildWeb(): void {
  if (built) return;
  const result = spawnSync(
    process.execPath,
    [join(web, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"],
    // Vitest sets NODE_ENV=test, which would give a development build of React.
    { cwd: web, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}${result.stderr}`);
  built = true;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startKubemedic(env: Record<string, string> = {}): Promise<KubemedicServer> {
  buildWeb();
  const home = mkdtempSync(join(tmpdir(), "kubemedic-e2e-"));
  const dataDir = join(home, "data");
  mkdirSync(dataDir);
  const port = await freePort();
  const token = `e2e-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
  let child: ChildProcess | null = null;
  let log = "";

  const server: KubemedicServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    token,
    dataDir,
    output: () => log,
    async start() {
      const proc = spawn(
        process.execPath,
        [
          join(root, "apps", "cli", "bin", "kubemedic.mjs"),
          "serve",
          "--host",
          "127.0.0.1",
          "--port",
          String(port),
          "--data-dir",
          dataDir,
        ],
        {
          cwd: root,
          env: {
            PATH: process.env.PATH ?? "",
            HOME: home,
            KUBECONFIG: join(home, "no-kubeconfig"),
            KUBEMEDIC_AUTH_TOKEN: token,
            KUBEMEDIC_DEMO: "true",
            LOG_LEVEL: "info",
            ...env,
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child = proc;
      proc.stdout?.on("data", (d: Buffer) => (log += d.toString()));
      proc.stderr?.on("data", (d: Buffer) => (log += d.toString()));
      await waitUntilReady(server, proc);
    },
    async kill() {
      await endProcess(child, "SIGKILL");
      child = null;
    },
    async stop() {
      await endProcess(child, "SIGTERM");
      child = null;
    },
    async dispose() {
      await endProcess(child, "SIGTERM");
      child = null;
      rmSync(home, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

async function waitUntilReady(server: KubemedicServer, proc: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) {
      throw new Error(
        `kubemedic serve exited with ${proc.exitCode}:\n${server.output().slice(-4000)}`,
      );
    }
    try {
      const res = await fetch(`${server.url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`kubemedic serve was not ready within 90 s:\n${server.output().slice(-4000)}`);
}

async function endProcess(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (child === null || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

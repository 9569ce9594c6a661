import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import { afterAll, describe, expect, it } from "vitest";
import { testBackends } from "../test/backends";
import { TcpProxy } from "../test/tcp-proxy";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { createLogger } from "./logger";
import { createPersistence } from "./persistence/persistence";
import { startServer } from "./server";

const scratch = mkdtempSync(join(tmpdir(), "kubemedic-server-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const quiet = createLogger("silent");
const postgres = (await testBackends()).find((b) => b.name === "postgres");

/** No cluster needed here: never start the demo cluster. */
function config(env: Record<string, string>) {
  return loadConfig({ PORT: "0", KUBEMEDIC_DEMO: "false", ...env }, {}, scratch);
}

/** A kubeconfig for the demo cluster, reaching it through `port` (a proxy) when given. */
function kubeconfigFor(demo: DemoCluster, name: string, port?: number): string {
  const path = join(scratch, name);
  const server = port === undefined ? demo.url : `https://127.0.0.1:${port}`;
  writeFileSync(path, demo.kubeconfig().replace(`server: ${demo.url}`, `server: ${server}`));
  return path;
}

/** /readyz, status and body. */
async function ready(url: string): Promise<[number, unknown]> {
  const res = await fetch(`${url}/readyz`);
  return [res.status, await res.json()];
}

/** Polls until /readyz answers `status` (a pool or a client may take a moment to notice). */
async function readyUntil(url: string, status: number): Promise<[number, unknown]> {
  let last = await ready(url);
  for (let i = 0; i < 50 && last[0] !== status; i++) {
    await new Promise((r) => setTimeout(r, 100));
    last = await ready(url);
  }
  return last;
}

const READY = { status: "ready", db: "ok", cluster: "ok", demo: false, reasons: [] };

describe("startServer", () => {
  it("marks turns a previous process left running as interrupted, and serves /healthz and the placeholder", async () => {
    const dataDir = join(scratch, "restart");
    const before = await openDatabase({ dataDir });
    const store = createPersistence(before.prisma);
    const conversation = await store.conversations.create("alice");
    await store.turns.begin({
      ownerId: "alice",
      conversationId: conversation.id,
      text: "still running?",
    });
    await before.close();

    const server = await startServer(config({ KUBEMEDIC_DATA_DIR: dataDir }), {
      logger: quiet,
      webDir: join(scratch, "no-web-build"),
    });
    try {
      const state = await server.persistence.conversations.state("alice", conversation.id);
      expect(state.turns.map((t) => t.status)).toEqual(["interrupted"]);
      expect(await server.metrics.render()).toMatch(
        /^kubemedic_turns_total\{status="interrupted"\} 1$/m,
      );
      const health = await fetch(`${server.url}/healthz`);
      expect(await health.json()).toEqual({ status: "ok", db: "ok", backend: "pglite" });
      const home = await fetch(server.url);
      expect(await home.text()).toContain("The web app has not been built");
      // The API needs credentials before it says anything, even "no such route".
      expect((await fetch(`${server.url}/api/nothing`)).status).toBe(401);
      const missing = await fetch(`${server.url}/api/nothing`, {
        headers: { authorization: `Bearer ${server.auth.token}` },
      });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ error: { code: "not_found" } });
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  it("/readyz answers 503 while the default cluster is unreachable, and 200 again once it is back", async () => {
    const demo = await startDemoCluster({ port: 0, scenarios: ["crashloop-missing-env"] });
    const proxy = new TcpProxy("127.0.0.1", Number(new URL(demo.url).port));
    await proxy.start();
    const server = await startServer(
      config({
        KUBEMEDIC_DATA_DIR: join(scratch, "readyz-cluster"),
        KUBEMEDIC_KUBECONFIG: kubeconfigFor(demo, "readyz-cluster.kubeconfig", proxy.port),
      }),
      { logger: quiet, webDir: join(scratch, "no-web-build") },
    );
    try {
      expect(await ready(server.url)).toEqual([200, READY]);
      await proxy.cut();
      const [status, body] = await readyUntil(server.url, 503);
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: "not_ready", db: "ok", cluster: "unreachable" });
      expect((body as { reasons: string[] }).reasons).toEqual([
        expect.stringMatching(/^cluster unreachable: /),
      ]);
      // Liveness is not readiness: the process is fine, only its cluster is not.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await proxy.start();
      expect(await readyUntil(server.url, 200)).toEqual([200, READY]);
    } finally {
      await server.close();
      await proxy.cut();
      await demo.close();
    }
  });

  describe.skipIf(postgres?.skipped !== undefined)("on PostgreSQL", () => {
    it("/readyz answers 503 while the database is unreachable, and 200 again once it is back", async () => {
      const fixture = await postgres!.open();
      const demo = await startDemoCluster({ port: 0, scenarios: ["crashloop-missing-env"] });
      const target = new URL(fixture.databaseUrl!);
      const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      const viaProxy = new URL(target);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const server = await startServer(
        config({
          DATABASE_URL: viaProxy.toString(),
          KUBEMEDIC_KUBECONFIG: kubeconfigFor(demo, "readyz-db.kubeconfig"),
        }),
        { logger: quiet, webDir: join(scratch, "no-web-build") },
      );
      try {
        expect(await ready(server.url)).toEqual([200, READY]);
        await proxy.cut();
        const [status, body] = await readyUntil(server.url, 503);
        expect(status).toBe(503);
        expect(body).toMatchObject({ status: "not_ready", db: "unreachable", cluster: "ok" });
        expect((body as { reasons: string[] }).reasons).toEqual([
          expect.stringMatching(/^database unreachable: /),
        ]);
        await proxy.start();
        expect(await readyUntil(server.url, 200)).toEqual([200, READY]);
      } finally {
        await server.close();
        await proxy.cut();
        await demo.close();
        await fixture.dispose();
      }
    });

    it("answers 503 with the reason while the database is unreachable, and recovers", async () => {
      const fixture = await postgres!.open();
      const target = new URL(fixture.databaseUrl!);
      const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      const viaProxy = new URL(target);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const server = await startServer(config({ DATABASE_URL: viaProxy.toString() }), {
        logger: quiet,
      });
      try {
        const ok = await fetch(`${server.url}/healthz`);
        expect(await ok.json()).toEqual({ status: "ok", db: "ok", backend: "postgres" });

        await proxy.cut();
        const down = await fetch(`${server.url}/healthz`);
        expect(down.status).toBe(503);
        const body = (await down.json()) as { status: string; db: string; reason: string };
        expect(body).toMatchObject({ status: "error", db: "unreachable", backend: "postgres" });
        expect(body.reason).toMatch(/^database unreachable: .+/);

        await proxy.start();
        let status = 0;
        for (let i = 0; i < 20 && status !== 200; i++) {
          status = (await fetch(`${server.url}/healthz`)).status;
          if (status !== 200) await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).toBe(200);
      } finally {
        await server.close();
        await proxy.cut();
        await fixture.dispose();
      }
    });
  });
});

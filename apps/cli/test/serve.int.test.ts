import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listeningUrl, runCli, type CliRun } from "@kubemedic/server/test/cli";

/**
 * `kubemedic serve` as a user runs it: the real CLI in a child process. Bad
 * configuration must end with exit code 1 and ONE line on stderr that says
 * what is wrong and what to do: no stack trace.
 */
const scratch = mkdtempSync(join(tmpdir(), "kubemedic-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function failsWithOneLine(run: CliRun, ...expected: RegExp[]): Promise<string> {
  const code = await run.exited;
  const lines = run.stderr().trim().split("\n");
  expect(code, run.stderr()).toBe(1);
  expect(lines, run.stderr()).toHaveLength(1);
  const line = lines[0] ?? "";
  expect(line).toMatch(/^kubemedic: /);
  expect(line).not.toMatch(/\n\s+at |Error:/);
  for (const pattern of expected) expect(line).toMatch(pattern);
  return line;
}

describe("kubemedic serve", () => {
  it("starts on the embedded database and the demo cluster, answers /healthz, refuses a second server on the same data dir, and stops on SIGTERM", async () => {
    const dataDir = join(scratch, "data");
    const server = runCli(["serve", "--port", "0", "--data-dir", dataDir, "--demo"], {
      KUBEMEDIC_DEMO_LATENCY_MS: "120",
    });
    try {
      const url = await listeningUrl(server);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // Exactly one line at start says where it listens (first start also logs the migration).
      expect(
        server
          .stdout()
          .split("\n")
          .filter((l) => l.includes("listening on")),
      ).toHaveLength(1);
      const demoLine = server
        .stdout()
        .split("\n")
        .find((l) => l.includes("started the built-in demo cluster"));
      expect(JSON.parse(demoLine ?? "{}")).toMatchObject({
        demoCluster: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/) as unknown,
        latencyMs: 120,
      });

      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", db: "ok", backend: "pglite" });
      const home = await fetch(url);
      expect(home.status).toBe(200);
      expect(home.headers.get("content-type")).toMatch(/text\/html/);
      expect(existsSync(join(dataDir, "pglite"))).toBe(true);

      const second = runCli(["serve", "--port", "0", "--data-dir", dataDir]);
      await failsWithOneLine(second, /in use by another kubemedic \(pid \d+\)/, /--data-dir/);
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('"msg":"shutting down"');
    expect(existsSync(join(dataDir, "kubemedic.lock"))).toBe(false);
  });

  it("explains a port in use", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const run = runCli(["serve", "--port", String(port), "--data-dir", join(scratch, "port")]);
      await failsWithOneLine(
        run,
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`),
        /--port/,
      );
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it("explains invalid ports, an unwritable data dir and an unreachable DATABASE_URL", async () => {
    const file = join(scratch, "a-file");
    writeFileSync(file, "not a directory");
    const closedPort = await freePort();
    const [envPort, flagPort, dataDir, database] = await Promise.all([
      failsWithOneLine(
        runCli(["serve"], { PORT: "eighty" }),
        /^kubemedic: PORT must be a whole number from 0 to 65535 \(got "eighty"\)/,
      ),
      failsWithOneLine(runCli(["serve", "--port=70000"]), /--port must be a whole number/),
      failsWithOneLine(
        runCli(["serve", "--port", "0", "--data-dir", join(file, "data")]),
        /cannot write to the data dir .*a-file\/data \(ENOTDIR\)/,
        /KUBEMEDIC_DATA_DIR/,
      ),
      failsWithOneLine(
        runCli(["serve", "--port", "0"], {
          DATABASE_URL: `postgresql://kube:s3cret@127.0.0.1:${closedPort}/kubemedic`,
        }),
        new RegExp(
          `cannot use PostgreSQL at postgresql://kube@127\\.0\\.0\\.1:${closedPort}/kubemedic: connection refused`,
        ),
        /unset it to use the embedded database/,
      ),
    ]);
    // The password never appears.
    expect([envPort, flagPort, dataDir, database].join("\n")).not.toContain("s3cret");
  });

  it("rejects unknown options as a usage error", async () => {
    const run = runCli(["serve", "--bogus"]);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain("unknown option '--bogus'");
    expect(run.stderr()).toContain("Usage: kubemedic serve");
  });
});

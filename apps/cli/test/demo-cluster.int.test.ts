import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "node:net";
import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { builtinScenarioDir, builtinScenarioNames } from "@kubemedic/demo-cluster";

/** `kubemedic demo-cluster`: prints URL and kubeconfig, serves until a signal, then exits cleanly. */
const BIN = fileURLToPath(new URL("../bin/kubemedic.mjs", import.meta.url));

function run(args: string[]): {
  child: ReturnType<typeof spawn>;
  output: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, [BIN, "demo-cluster", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exit };
}

/** Waits for the start-up lines, returning the kubeconfig's API client. */
async function started(p: ReturnType<typeof run>, path: string): Promise<CoreV1Api> {
  const start = Date.now();
  while (!p.output().includes("kubeconfig:")) {
    if (Date.now() - start > 90_000) throw new Error(`no start-up line: ${p.output()}`);
    if (p.child.exitCode !== null) throw new Error(`exited early: ${p.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const kc = new KubeConfig();
  kc.loadFromString(readFileSync(path, "utf8"));
  return kc.makeApiClient(CoreV1Api);
}

describe("kubemedic demo-cluster", () => {
  it("loads every --scenario given, built-in names and directories, into one cluster", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kubemedic-cli-"));
    const path = join(dir, "kubeconfig");
    const p = run([
      "--scenario",
      "crashloop-missing-env",
      `--scenario=${builtinScenarioDir("oomkilled")}`,
      "--scenario",
      "quota-exceeded",
      "--kubeconfig-out",
      path,
    ]);
    try {
      const core = await started(p, path);
      expect(p.output()).toContain(
        "scenarios: crashloop-missing-env (shop), oomkilled (analytics), quota-exceeded (team-a)",
      );
      const namespaces = (await core.listNamespace()).items.map((n) => n.metadata?.name);
      expect(namespaces).toEqual(expect.arrayContaining(["shop", "analytics", "team-a"]));
      // Only those three (and the base's namespaces): another built-in's namespace is absent.
      expect(namespaces).not.toContain("ml");
    } finally {
      p.child.kill("SIGTERM");
    }
    expect(await p.exit).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it("loads every built-in scenario, one namespace each, without --scenario", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kubemedic-cli-"));
    const path = join(dir, "kubeconfig");
    const p = run(["--kubeconfig-out", path]);
    try {
      const core = await started(p, path);
      const listed = /scenarios: (.*)/.exec(p.output())?.[1]?.split(", ") ?? [];
      expect(listed.map((s) => s.replace(/ \(.*\)$/, ""))).toEqual(builtinScenarioNames());
      const namespaces = new Set((await core.listNamespace()).items.map((n) => n.metadata?.name));
      for (const entry of listed) {
        const ns = /\((.*)\)$/.exec(entry)?.[1] ?? "";
        expect(namespaces.has(ns), entry).toBe(true);
      }
    } finally {
      p.child.kill("SIGINT");
    }
    expect(await p.exit).toBe(0);
    expect(p.output()).toContain("SIGINT: stopping the demo cluster");
    rmSync(dir, { recursive: true, force: true });
  });

  it("says in one line, without a stack trace, that the kubeconfig path or the port cannot be used", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kubemedic-cli-"));
    // A path under a regular file can never be created.
    const blocker = join(dir, "file");
    writeFileSync(blocker, "");
    const unwritable = join(blocker, "kubeconfig");
    const p = run(["--scenario", "crashloop-missing-env", "--kubeconfig-out", unwritable]);
    expect(await p.exit).toBe(1);
    const lines = p.output().trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^kubemedic demo-cluster: cannot write the kubeconfig to ${unwritable.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\((ENOTDIR|EEXIST)\\); choose a writable path with --kubeconfig-out$`,
        ),
      ),
    ]);
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, "127.0.0.1", r));
    const port = (busy.address() as { port: number }).port;
    try {
      const q = run([
        "--scenario",
        "crashloop-missing-env",
        "--port",
        String(port),
        "--kubeconfig-out",
        join(dir, "k"),
      ]);
      expect(await q.exit).toBe(1);
      const out = q.output().trim();
      expect(out.split("\n")).toHaveLength(1);
      expect(out).toMatch(
        new RegExp(`^kubemedic demo-cluster: cannot listen on 127\\.0\\.0\\.1:${port}.*EADDRINUSE`),
      );
    } finally {
      busy.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the chosen scenario with a working kubeconfig, after --latency, and stops on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kubemedic-cli-"));
    const path = join(dir, "kubeconfig");
    const p = run([
      "--scenario",
      "crashloop-missing-env",
      "--port",
      "0",
      "--kubeconfig-out",
      path,
      "--latency",
      "200",
    ]);
    try {
      const start = Date.now();
      while (!p.output().includes("kubeconfig:")) {
        if (Date.now() - start > 60_000) throw new Error(`no start-up line: ${p.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(p.output()).toMatch(
        /listening on https:\/\/127\.0\.0\.1:\d+ \(answers after 200 ms\)/,
      );
      expect(p.output()).toContain(`kubeconfig: ${path}`);
      expect(p.output()).toContain("crashloop-missing-env (shop)");
      const kc = new KubeConfig();
      kc.loadFromString(readFileSync(path, "utf8"));
      const asked = performance.now();
      const pods = await kc.makeApiClient(CoreV1Api).listNamespacedPod({ namespace: "shop" });
      expect(pods.items.length).toBe(5);
      expect(performance.now() - asked).toBeGreaterThanOrEqual(195);
    } finally {
      p.child.kill("SIGTERM");
    }
    expect(await p.exit).toBe(0);
    expect(p.output()).toContain("SIGTERM: stopping the demo cluster");
    rmSync(dir, { recursive: true, force: true });
  });

  it("fails with the loader's message for an unknown scenario, and with usage for a bad flag", async () => {
    const unknown = run(["--scenario", "no-such-scenario"]);
    expect(await unknown.exit).toBe(1);
    expect(unknown.output()).toContain(
      'unknown scenario "no-such-scenario"; built-in scenarios: configmap-missing-key',
    );
    const bad = run(["--port", "eighty"]);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toContain("--port must be a number from 0 to 65535");
    for (const latency of ["20000", "-5", "1.5", "soon"]) {
      const slow = run(["--latency", latency]);
      expect(await slow.exit).toBe(2);
      expect(slow.output()).toContain(
        `--latency must be a number of milliseconds from 0 to 10000, not '${latency}'`,
      );
    }
  });
});

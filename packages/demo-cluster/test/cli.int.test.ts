import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";

/** `kubemedic demo-cluster`: prints URL and kubeconfig, serves until a signal, then exits cleanly. */
const BIN = fileURLToPath(new URL("../../../apps/cli/bin/kubemedic.mjs", import.meta.url));

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

describe("kubemedic demo-cluster", () => {
  it("serves the chosen scenario with a working kubeconfig and stops on SIGTERM", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kubemedic-cli-"));
    const path = join(dir, "kubeconfig");
    const p = run(["--scenario", "crashloop-missing-env", "--port", "0", "--kubeconfig-out", path]);
    try {
      const start = Date.now();
      while (!p.output().includes("kubeconfig:")) {
        if (Date.now() - start > 60_000) throw new Error(`no start-up line: ${p.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(p.output()).toMatch(/listening on https:\/\/127\.0\.0\.1:\d+/);
      expect(p.output()).toContain(`kubeconfig: ${path}`);
      expect(p.output()).toContain("crashloop-missing-env (shop)");
      const kc = new KubeConfig();
      kc.loadFromString(readFileSync(path, "utf8"));
      const pods = await kc.makeApiClient(CoreV1Api).listNamespacedPod({ namespace: "shop" });
      expect(pods.items.length).toBe(5);
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
  });
});

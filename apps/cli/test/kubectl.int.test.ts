import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { DemoCluster } from "@kubemedic/demo-cluster";
import { startDemoCluster } from "@kubemedic/demo-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const BIN = new URL("../bin/kubemedic.mjs", import.meta.url).pathname;

let demo: DemoCluster;
let dir: string;
let kubeconfig: string;

beforeAll(async () => {
  demo = await startDemoCluster({ port: 0, scenarios: ["crashloop-missing-env"] });
  dir = mkdtempSync(join(tmpdir(), "kubemedic-cli-"));
  kubeconfig = join(dir, "kubeconfig");
  await demo.writeKubeconfig(kubeconfig);
});
afterAll(async () => {
  await demo.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(
  args: string[],
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(process.execPath, [BIN, "kubectl", "--kubeconfig", kubeconfig, ...args], {
    encoding: "utf8",
  });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  } else child.child.stdin?.end();
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("kubemedic kubectl", () => {
  it("prints a read command's output and exits 0", async () => {
    const r = await cli(["--", "get", "pods", "-n", "shop"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^NAME\s+READY\s+STATUS/);
    expect(r.stdout).toContain("CrashLoopBackOff");
  });

  it("refuses a mutation without --allow-mutations (exit 1), runs it with the flag", async () => {
    const refused = await cli(["--", "scale", "deploy/checkout", "-n", "shop", "--replicas=1"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/runs only after the user approves it/);
    const done = await cli([
      "--allow-mutations",
      "--",
      "scale",
      "deploy/checkout",
      "-n",
      "shop",
      "--replicas=1",
    ]);
    expect(done).toMatchObject({ code: 0, stdout: "deployment.apps/checkout scaled\n" });
  });

  it("reads a manifest for -f - from stdin", async () => {
    const manifest =
      "apiVersion: v1\nkind: ConfigMap\nmetadata: { name: from-stdin, namespace: shop }\ndata: { a: b }\n";
    const r = await cli(["--allow-mutations", "--", "apply", "-f", "-"], manifest);
    expect(r).toMatchObject({ code: 0, stdout: "configmap/from-stdin created\n" });
  });

  it("refuses shell syntax with the engine's reason, before touching the cluster (exit 1)", async () => {
    for (const [words, reason] of [
      [["get", "pods;", "rm", "-rf", "/"], "command separators (;)"],
      [["get", "pods", "|", "grep", "x"], "pipes (|)"],
      [["get", "pods", "&&", "echo", "x"], "command chaining (&&)"],
      [["get", "pods", "-n", "$(whoami)"], "command substitution $(…)"],
      [["get pods > /tmp/out"], "redirections (< >)"],
    ] as const) {
      const r = await cli(["--", ...words]);
      expect(r.code, words.join(" ")).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`shell syntax is not allowed: ${reason}`);
    }
    // Quoted arguments holding spaces are data, not shell syntax.
    const selector = await cli(["--", "get", "pods", "-n", "shop", "-l", "app in (checkout)"]);
    expect(selector.code).toBe(0);
    expect(selector.stdout).toContain("checkout-");
    // So are brackets and comparisons inside a word: a jsonpath filter.
    const filter = await cli([
      "--",
      "get",
      "pods",
      "-n",
      "shop",
      "-o",
      'jsonpath={.items[?(@.status.phase=="Running")].metadata.name}',
    ]);
    expect(filter.stderr).toBe("");
    expect(filter.code).toBe(0);
    expect(filter.stdout).toMatch(/\S/);
  });

  it("fails with exit 1 on a bad command and 2 on bad options", async () => {
    const missing = await cli(["--", "get", "pod", "nosuch", "-n", "shop"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('pods "nosuch" not found');
    expect((await cli(["--frobnicate", "--", "get", "pods"])).code).toBe(2);
  });
});

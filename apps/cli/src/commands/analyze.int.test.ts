import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import { AnalysisOutput, RootCauseCandidate } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../bin/kubemedic.mjs", import.meta.url));

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // K8SGPT_PATH points nowhere: these runs test our analyzers even where k8sgpt is installed.
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, K8SGPT_PATH: "/nonexistent/k8sgpt" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let cluster: DemoCluster;
let dir: string;
let kubeconfig: string;
beforeAll(async () => {
  cluster = await startDemoCluster({ scenarios: ["crashloop-missing-env"], port: 0 });
  dir = await mkdtemp(join(tmpdir(), "kubemedic-cli-analyze-"));
  kubeconfig = join(dir, "kubeconfig");
  await cluster.writeKubeconfig(kubeconfig);
});
afterAll(async () => {
  await cluster.close();
  await rm(dir, { recursive: true, force: true });
});

describe("kubemedic analyze", () => {
  it("prints k8sgpt's JSON, exit 0 although problems were found", async () => {
    const { code, stdout } = await cli([
      "analyze",
      "--kubeconfig",
      kubeconfig,
      "-n",
      "shop",
      "-o",
      "json",
    ]);
    expect(code).toBe(0);
    const out = AnalysisOutput.parse(JSON.parse(stdout));
    expect(Object.keys(JSON.parse(stdout) as object)).toEqual([
      "provider",
      "errors",
      "status",
      "problems",
      "results",
    ]);
    expect(out.status).toBe("ProblemDetected");
    expect(out.results?.some((r) => r.kind === "Deployment" && r.name === "shop/checkout")).toBe(
      true,
    );
    expect(stdout.startsWith('{\n  "provider": ""')).toBe(true);
  });

  it("adds the ranked root causes with --correlate, in JSON and in text", async () => {
    const json = await cli([
      "analyze",
      "--kubeconfig",
      kubeconfig,
      "-n",
      "shop",
      "-o",
      "json",
      "--correlate",
    ]);
    expect(json.code).toBe(0);
    const body = JSON.parse(json.stdout) as { rootCauses: unknown[] };
    const top = RootCauseCandidate.parse(body.rootCauses[0]);
    expect(top.category).toBe("CrashLoop");
    const text = await cli([
      "analyze",
      "--kubeconfig",
      kubeconfig,
      "-n",
      "shop",
      "--correlate",
      "--filter",
      "Deployment",
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("0: Deployment shop/checkout()");
    expect(text.stdout).toContain("Root causes (most likely first):");
    expect(text.stdout).toContain("kubectl logs checkout-");
    expect(text.stdout).toContain("DATABASE_URL");
  });

  it("exits 1 when the analysis reports errors and 2 on bad usage", async () => {
    const unknown = await cli([
      "analyze",
      "--kubeconfig",
      kubeconfig,
      "-n",
      "shop",
      "-o",
      "json",
      "--filter",
      "Nope",
    ]);
    expect(unknown.code).toBe(1);
    expect((JSON.parse(unknown.stdout) as AnalysisOutput).errors?.[0]).toContain("Nope");
    const bad = await cli(["analyze", "--output", "yaml"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--output must be text or json");
  });

  it("anonymizes the root causes with --anonymize --correlate, with the findings' pseudonyms", async () => {
    const { code, stdout } = await cli([
      "analyze",
      "--kubeconfig",
      kubeconfig,
      "-n",
      "shop",
      "-o",
      "json",
      "--correlate",
      "--anonymize",
    ]);
    expect(code).toBe(0);
    // No name of a reported object anywhere: findings, root causes, evidence, fixes.
    for (const real of ["checkout", "shop"]) expect(stdout).not.toContain(real);
    const body = JSON.parse(stdout) as AnalysisOutput & { rootCauses: unknown[] };
    const top = RootCauseCandidate.parse(body.rootCauses[0]);
    expect(top.category).toBe("CrashLoop");
    expect(top.primary.kind).toBe("Deployment");
    // The same object has the same pseudonym in the findings and in the root causes.
    expect(body.results?.map((r) => `${r.kind} ${r.name}`)).toContain(
      `Deployment ${top.primary.namespace ?? ""}/${top.primary.name}`,
    );
    const text = await cli([
      "analyze",
      "--kubeconfig",
      kubeconfig,
      "-n",
      "shop",
      "--correlate",
      "-a",
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("Root causes (most likely first):");
    expect(text.stdout).not.toContain("checkout");
  });

  it("fails alike, exit 1 with one message, for --k8sgpt always without a binary", async () => {
    for (const extra of [[], ["--correlate"]]) {
      const r = await cli([
        "analyze",
        "--kubeconfig",
        kubeconfig,
        "-n",
        "shop",
        "--k8sgpt",
        "always",
        ...extra,
      ]);
      expect(r.code, extra.join(" ")).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(
        "kubemedic analyze: --k8sgpt always: no k8sgpt binary on PATH or at K8SGPT_PATH (install k8sgpt, or use --k8sgpt auto for the built-in analyzers)\n",
      );
    }
  });

  it("analyzes the cluster of the context --context names", async () => {
    // Two clusters, two contexts in one kubeconfig: the current one and "oom".
    const other = await startDemoCluster({ scenarios: ["oomkilled"], port: 0 });
    try {
      const entry = (name: string, c: DemoCluster) => ({
        cluster: {
          name,
          cluster: {
            server: c.url,
            "certificate-authority-data": Buffer.from(c.caPem).toString("base64"),
          },
        },
        user: { name, user: { token: c.token } },
        context: { name, context: { cluster: name, user: name } },
      });
      const entries = [entry("crash", cluster), entry("oom", other)];
      const two = join(dir, "two-contexts");
      await writeFile(
        two,
        // JSON is YAML: a kubeconfig may be written as JSON.
        JSON.stringify({
          apiVersion: "v1",
          kind: "Config",
          "current-context": "crash",
          clusters: entries.map((e) => e.cluster),
          users: entries.map((e) => e.user),
          contexts: entries.map((e) => e.context),
        }),
      );
      const names = async (extra: string[]) => {
        const r = await cli([
          "analyze",
          "--kubeconfig",
          two,
          "-o",
          "json",
          "--filter",
          "Deployment",
          ...extra,
        ]);
        expect(r.code, r.stderr).toBe(0);
        return ((JSON.parse(r.stdout) as AnalysisOutput).results ?? []).map((x) => x.name);
      };
      expect(await names([])).toContain("shop/checkout");
      const oom = await names(["--context", "oom"]);
      expect(oom).toContain("analytics/report-worker");
      expect(oom).not.toContain("shop/checkout");
      const unknown = await cli(["analyze", "--kubeconfig", two, "--context", "nope"]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('unknown context "nope" (known: crash, oom)');
    } finally {
      await other.close();
    }
  });
});

import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import {
  builtinScenarioDir,
  loadScenario,
  scoreDiagnosis,
  startDemoCluster,
  type DemoCluster,
} from "@kubemedic/demo-cluster";
import { Cluster, loadKubeConfig } from "@kubemedic/kube";
import { DiagnosisReport } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = `${root}apps/cli/bin/kubemedic.mjs`;
/** No kubeconfig anywhere and no LLM key: the demo cluster and the offline diagnostician. */
const env = { PATH: process.env.PATH ?? "", HOME: "/nonexistent", KUBECONFIG: "" };

/**
 * A demo cluster the test starts, behind a kubeconfig whose current context
 * points nowhere: only `--context demo` reaches it, and its namespace is
 * `default`, so only `-n` scopes a question to another one.
 */
let demo: DemoCluster;
let dir: string;
let kubeconfig: string;
beforeAll(async () => {
  demo = await startDemoCluster({ port: 0, scenarios: ["crashloop-missing-env", "oomkilled"] });
  dir = await mkdtemp(join(tmpdir(), "kubemedic-cli-diagnose-"));
  kubeconfig = join(dir, "kubeconfig");
  const ca = Buffer.from(demo.caPem).toString("base64");
  await writeFile(
    kubeconfig,
    `apiVersion: v1
kind: Config
clusters:
- name: demo
  cluster: { server: "${demo.url}", certificate-authority-data: ${ca} }
- name: nowhere
  cluster: { server: "https://127.0.0.1:1", insecure-skip-tls-verify: true }
users:
- name: demo
  user: { token: ${demo.token} }
contexts:
- name: demo
  context: { cluster: demo, user: demo, namespace: default }
- name: broken
  context: { cluster: nowhere, user: demo }
current-context: broken
`,
    { mode: 0o600 },
  );
});
afterAll(async () => {
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI; a non-zero exit is returned, not thrown. */
async function diagnose(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, "diagnose", ...args], {
      cwd: root,
      env,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

describe("kubemedic diagnose", () => {
  it("--scenario --json: starts the demo cluster in-process and prints a report that passes the scenario", async () => {
    const scenario = await loadScenario(builtinScenarioDir("oomkilled"));
    const { stdout, stderr } = await run(
      process.execPath,
      [bin, "diagnose", "--scenario", "oomkilled", "--json", scenario.question],
      {
        cwd: root,
        env,
        timeout: 60_000,
      },
    );
    const report = DiagnosisReport.parse(JSON.parse(stdout));
    expect(scoreDiagnosis(report, scenario.expect).passed).toBe(true);
    expect(stderr).toMatch(/started the demo cluster/);
  });

  it("with no kubeconfig it says so and uses the demo cluster; a plain question exits 3 without a report", async () => {
    const error = await run(process.execPath, [bin, "diagnose", "--json", "hello"], {
      cwd: root,
      env,
      timeout: 60_000,
    }).then(
      () => undefined,
      (e: { code?: number; stdout?: string; stderr?: string }) => e,
    );
    expect(error?.code).toBe(3);
    expect(error?.stdout?.trim()).toBe("null");
    expect(error?.stderr).toMatch(/no kubeconfig found; using the built-in demo cluster/);
  });

  it("--kubeconfig --context -n: reaches the named context's cluster and scopes to the namespace", async () => {
    const question = "why is checkout failing?";
    const r = await diagnose([
      "--kubeconfig",
      kubeconfig,
      "--context",
      "demo",
      "-n",
      "shop",
      "--json",
      question,
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/demo cluster/);
    const scenario = await loadScenario(builtinScenarioDir("crashloop-missing-env"));
    const report = DiagnosisReport.parse(JSON.parse(r.stdout));
    expect(scoreDiagnosis(report, scenario.expect).passed).toBe(true);

    // The same question without --context goes to the current context, which is unreachable.
    const broken = await diagnose(["--kubeconfig", kubeconfig, "-n", "shop", "--json", question]);
    const nothing = DiagnosisReport.nullable().parse(JSON.parse(broken.stdout));
    expect(nothing !== null && scoreDiagnosis(nothing, scenario.expect).passed).toBe(false);
  });

  it("prints the streamed answer, the tool calls and the report as text without --json", async () => {
    const r = await diagnose([
      `--kubeconfig=${kubeconfig}`,
      "--context=demo",
      "-n=shop",
      "why is checkout failing?",
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^kubemedic: model offline diagnostician, context demo$/m);
    expect(r.stderr).toMatch(/^ {2}→ k8sgpt analyze --namespace shop \(ok, \d+ ms\)$/m);
    expect(r.stderr).toMatch(/^ {2}→ kubectl describe pod checkout-\S+ -n shop \(ok, \d+ ms\)$/m);
    // The answer, then the report as text: no JSON on stdout.
    expect(r.stdout).toMatch(/^\*\*Root cause\*\* \(CrashLoop, \w+\): /m);
    expect(r.stdout).toMatch(/^Diagnosis: CrashLoop \(\w+, confidence \d+%\)$/m);
    expect(r.stdout).toMatch(/^Root cause: .*DATABASE_URL/m);
    expect(r.stdout).toMatch(/^Affected:\n {2}Deployment shop\/checkout/m);
    expect(r.stdout).toMatch(/^Recommendations:\n {2}1\. /m);
    expect(r.stdout).toMatch(/^ {5}kubectl set env deployment\/checkout/m);
    expect(r.stdout).not.toMatch(/^\{/m);
  });

  it("suggests the fix the model proposes instead of running it", async () => {
    const r = await diagnose([
      "--kubeconfig",
      kubeconfig,
      "--context",
      "demo",
      "fix report-worker in analytics",
    ]);
    expect(r.stderr).toMatch(
      /^ {2}→ kubectl set resources deployment\/report-worker .*\(suggested, 0 ms\)$/m,
    );
    expect(r.stdout).toMatch(
      /This session does not run changes\. To do it yourself: `kubectl set resources deployment\/report-worker/,
    );
    const cluster = new Cluster(loadKubeConfig({ kubeconfigPath: kubeconfig, context: "demo" }));
    try {
      const d = await cluster.transport.json<{
        spec: {
          template: { spec: { containers: { resources: { limits: { memory: string } } }[] } };
        };
      }>({ path: "/apis/apps/v1/namespaces/analytics/deployments/report-worker" });
      expect(d.spec.template.spec.containers[0]?.resources.limits.memory).toBe("256Mi");
    } finally {
      cluster.close();
    }
  });

  it("rejects bad usage with exit code 2", async () => {
    const error = await run(process.execPath, [bin, "diagnose", "--bogus", "q"], {
      cwd: root,
      env,
      timeout: 30_000,
    }).then(
      () => undefined,
      (e: { code?: number; stderr?: string }) => e,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr).toMatch(/unknown option '--bogus'/);
  });
});

import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDemoCluster, type DemoCluster } from "@kubemedic/demo-cluster";
import { Cluster, loadKubeConfig } from "@kubemedic/kube";
import { DiagnosisReport } from "@kubemedic/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = `${root}apps/cli/bin/kubemedic.mjs`;
const env = { PATH: process.env.PATH ?? "", HOME: "/nonexistent", KUBECONFIG: "" };
const QUESTION = "why won't invoice-api start in billing?";

/**
 * `diagnose --fix` against a demo cluster the test starts (missing-secret: the
 * Deployment's secretKeyRef names `invoice-db-credentials`, the Secret is
 * `invoice-db-creds`), so the test reads the cluster's state afterwards. The
 * child's stdin is a pipe, never a terminal: without `--yes` it may only suggest.
 */
let demo: DemoCluster;
let dir: string;
let kubeconfig: string;
beforeAll(async () => {
  demo = await startDemoCluster({ port: 0, scenarios: ["missing-secret"] });
  dir = await mkdtemp(join(tmpdir(), "kubemedic-cli-fix-"));
  kubeconfig = join(dir, "kubeconfig");
  await demo.writeKubeconfig(kubeconfig);
});
afterAll(async () => {
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

function diagnose(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, "diagnose", "--kubeconfig", kubeconfig, "-n", "billing", ...args],
      { cwd: root, env, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

interface Workload {
  spec: {
    template: {
      spec: {
        containers: { env?: { name: string; valueFrom?: { secretKeyRef?: { name: string } } }[] }[];
      };
    };
  };
  status: { readyReplicas?: number; updatedReplicas?: number };
}

async function invoiceApi(): Promise<{ secret: string | undefined; ready: number }> {
  const cluster = new Cluster(loadKubeConfig({ kubeconfigPath: kubeconfig }));
  try {
    const d = await cluster.transport.json<Workload>({
      path: "/apis/apps/v1/namespaces/billing/deployments/invoice-api",
    });
    const ref = d.spec.template.spec.containers[0]?.env?.find((e) => e.valueFrom?.secretKeyRef);
    return { secret: ref?.valueFrom?.secretKeyRef?.name, ready: d.status.readyReplicas ?? 0 };
  } finally {
    cluster.close();
  }
}

describe("kubemedic diagnose --fix", () => {
  it("without a terminal and without --yes only suggests: prints the command, changes nothing", async () => {
    const r = await diagnose(["--fix", QUESTION]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/no terminal to ask in and no --yes, so nothing was changed/);
    expect(r.stderr).toMatch(
      /^ {2}kubectl patch deployment invoice-api -n billing .*"value":"invoice-db-creds"/m,
    );
    expect(r.stderr).not.toMatch(/Apply this change\?/);
    expect(await invoiceApi()).toEqual({ secret: "invoice-db-credentials", ready: 0 });
  });

  it("--yes approves each proposed change (its diff shown), verifies it and prints the outcome", async () => {
    const r = await diagnose(["--fix", "--yes", "--json", QUESTION]);
    expect(r.stderr).toMatch(
      /^Proposed change 1\/\d \(risk \w+\): kubectl patch deployment invoice-api/m,
    );
    expect(r.stderr).toMatch(/^ {4}-\s+name: invoice-db-credentials$/m);
    expect(r.stderr).toMatch(/^ {4}\+\s+name: invoice-db-creds$/m);
    expect(r.stderr).toMatch(/^ {2}approved \(--yes\)$/m);
    expect(r.stderr).toMatch(
      /^ {2}verifying \([\d.]+ s\): Deployment\/billing\/invoice-api rollout complete/m,
    );
    expect(r.stderr).toMatch(/^ {2}verification: resolved — /m);
    expect(r.stderr).toMatch(/^kubemedic: \d change\(s\) approved; verification: resolved$/m);
    expect(r.code).toBe(0);
    const report = DiagnosisReport.parse(JSON.parse(r.stdout));
    expect(report.verification?.outcome).toBe("resolved");
    expect(await invoiceApi()).toEqual({ secret: "invoice-db-creds", ready: 2 });
  });

  it("--yes without --fix is a usage error", async () => {
    const r = await diagnose(["--yes", QUESTION]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--yes only goes with --fix/);
  });
});

import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtinScenarioDir } from "@kubemedic/demo-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QualityReport } from "../quality/QualityReport";

const BIN = fileURLToPath(new URL("../../bin/kubemedic.mjs", import.meta.url));

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, KUBEMEDIC_MODEL: "offline", K8SGPT_PATH: "/nonexistent/k8sgpt" };
    const child = spawn(process.execPath, [BIN, "quality", ...args], { env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Three scenarios: missing-secret as built (the reference is misspelt, the
 * right Secret exists: one approved patch fixes it), node-notready (fixable:
 * false: the agent must decline with a reason), and missing-secret with the
 * right Secret renamed out of reach (nothing in the cluster says what was
 * meant: no complete fix, so it stays broken and the row fails).
 */
let root: string;
let dir: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "kubemedic-quality-fix-"));
  dir = join(root, "scenarios");
  await mkdir(dir);
  await cp(builtinScenarioDir("missing-secret"), join(dir, "a"), { recursive: true });
  await cp(builtinScenarioDir("node-notready"), join(dir, "b"), { recursive: true });
  await cp(builtinScenarioDir("missing-secret"), join(dir, "c"), { recursive: true });
  const meta = join(dir, "c", "scenario.yaml");
  await writeFile(
    meta,
    (await readFile(meta, "utf8")).replace("name: missing-secret", "name: no-close-secret"),
  );
  const cluster = join(dir, "c", "cluster.yaml");
  await writeFile(
    cluster,
    (await readFile(cluster, "utf8")).replace(
      /name: invoice-db-creds\b/g,
      "name: legacy-ledger-token",
    ),
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("kubemedic quality --fix", () => {
  it("approves the proposed fix, judges the cluster's state, and scores declines of unfixable faults", async () => {
    const out = join(root, "fix.json");
    const { code, stdout, stderr } = await cli([
      "--scenarios",
      dir,
      "--fix",
      "--strict",
      "--out",
      out,
      "-j",
      "2",
    ]);
    expect(code, stderr).toBe(1);
    expect(stdout).toContain(
      "fixes resolved (judged from the cluster's state): 1/2 (50%); median approvals 1",
    );
    expect(stdout).toContain("unfixable faults declined with a reason: 1/1 (100%)");
    const report = JSON.parse(await readFile(out, "utf8")) as QualityReport;
    const [fixed, node, unresolved] = report.scenarios;
    expect(fixed?.status).toBe("pass");
    expect(fixed?.fix).toMatchObject({
      fixable: true,
      status: "pass",
      approvals: 1,
      remaining: [],
    });
    expect(fixed?.fix?.commands[0]).toMatch(/^patch deployment invoice-api -n billing --type=json/);
    expect(fixed?.fix?.msToVerified).toBeGreaterThan(0);

    expect(node?.fix).toMatchObject({ fixable: false, status: "pass", approvals: 0, commands: [] });
    expect(node?.fix?.answer).toMatch(/cannot be fixed from here, because/i);

    expect(unresolved?.name).toBe("no-close-secret");
    expect(unresolved?.score?.passed).toBe(true);
    expect(unresolved?.status).toBe("fail");
    expect(unresolved?.fix?.status).toBe("fail");
    expect(unresolved?.fix?.approvals).toBe(0);
    expect(unresolved?.fix?.remaining.join("\n")).toContain("invoice-api");
    expect(unresolved?.reasons.join("; ")).toMatch(/^fix not resolved after 0 approvals/);
    expect(report.totals.fix).toMatchObject({
      fixable: 2,
      resolved: 1,
      unfixable: 1,
      declined: 1,
      medianApprovals: 1,
    });
  });
});

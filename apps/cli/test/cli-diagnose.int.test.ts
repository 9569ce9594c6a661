import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { builtinScenarioDir, loadScenario, scoreDiagnosis } from "@kubemedic/demo-cluster";
import { DiagnosisReport } from "@kubemedic/protocol";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const bin = `${root}apps/cli/bin/kubemedic.mjs`;
/** No kubeconfig anywhere and no LLM key: the demo cluster and the offline diagnostician. */
const env = { PATH: process.env.PATH ?? "", HOME: "/nonexistent", KUBECONFIG: "" };

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

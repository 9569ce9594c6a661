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
    // No LLM key: the offline diagnostician, whatever the developer's shell exports.
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
 * A directory of three scenarios: a built-in copied as is (passes), the same
 * with an expectation the cluster does not meet (fails), and one whose
 * scenario.yaml the loader refuses (an error row with the loader's message).
 */
let root: string;
let dir: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "kubemedic-quality-test-"));
  dir = join(root, "scenarios");
  await mkdir(dir);
  await cp(builtinScenarioDir("missing-secret"), join(dir, "a-missing-secret"), {
    recursive: true,
  });
  await cp(builtinScenarioDir("healthy-tools"), join(dir, "b-wrong-expectation"), {
    recursive: true,
  });
  const meta = join(dir, "b-wrong-expectation", "scenario.yaml");
  await writeFile(
    meta,
    (await readFile(meta, "utf8"))
      .replace("name: healthy-tools", "name: wrong-expectation")
      .replace(
        /expect:[\s\S]*$/,
        "expect:\n  category: CrashLoop\n  resource: Deployment/tools/backup\n  mentions: [OOMKilled]\n",
      ),
  );
  await mkdir(join(dir, "c-broken"));
  await writeFile(
    join(dir, "c-broken", "scenario.yaml"),
    "name: c-broken\nquestion: what is wrong?\nnamespace: demo\nexpect:\n  category: Crashloop\n  resource: Deployment/demo/api\n  mentions: []\n",
  );
  await writeFile(join(dir, "c-broken", "cluster.yaml"), "");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("kubemedic quality", () => {
  it("prints a row per scenario and the totals, writes the JSON, exits 0 without --strict", async () => {
    const out = join(root, "report.json");
    const { code, stdout, stderr } = await cli(["--scenarios", dir, "--out", out]);
    expect(code, stderr).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toMatch(
      /^SCENARIO\s+EXPECTED\s+GOT\s+RESULT\s+ANALYZERS\s+\+CORRELATION\s+FALSE\s+TIME\s+REASON$/,
    );
    // Columns are aligned: every row's RESULT starts where the header's does.
    const at = lines[0]?.indexOf("RESULT") ?? -1;
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `)) ?? "";
    expect(row("missing-secret").slice(at)).toMatch(/^pass\s+hit Deployment\s+hit\s+0\s+\d+\.\ds$/);
    expect(row("wrong-expectation").slice(at)).toMatch(/^FAIL\s+n\/a|^FAIL\s+miss|^FAIL\s+hit/);
    expect(row("wrong-expectation")).toContain("category Healthy, expected CrashLoop");
    expect(row("wrong-expectation")).toContain('not mentioned: "OOMKilled"');
    expect(row("c-broken").slice(at)).toMatch(/^ERROR/);
    expect(row("c-broken")).toContain('expect.category "Crashloop" is not one of');
    expect(stdout).toContain("Totals: 3 scenarios, 1 passed, 1 failed, 1 error");
    expect(stdout).toContain("false findings in healthy namespaces: 0");
    expect(stderr).toContain(`wrote ${out}`);

    const report = JSON.parse(await readFile(out, "utf8")) as QualityReport;
    expect(report.version).toBe(2);
    expect(report.model).toBe("offline diagnostician");
    expect(report.totals).toMatchObject({ scenarios: 3, passed: 1, failed: 1, errors: 1 });
    expect(report.scenarios.map((s) => [s.name, s.status])).toEqual([
      ["missing-secret", "pass"],
      ["wrong-expectation", "fail"],
      ["c-broken", "error"],
    ]);
    const passed = report.scenarios[0];
    expect(passed?.score?.passed).toBe(true);
    expect(passed?.diagnosis?.affectedResources).toContain("Deployment/billing/invoice-api");
    expect(passed?.analyzers).toMatchObject({
      recall: true,
      recallWithCorrelation: true,
      falseFindings: [],
    });
    expect(passed?.analyzers?.healthyNamespaces).toContain("kube-system");
    expect(report.scenarios[2]?.error).toContain("scenario.yaml");
  });

  it("exits 1 with --strict when a scenario failed, 0 when all pass", async () => {
    const strict = await cli(["--scenarios", dir, "--strict", "--out", join(root, "s.json")]);
    expect(strict.code).toBe(1);
    // A directory that is itself a scenario runs alone.
    const one = await cli([
      "--scenarios",
      join(dir, "a-missing-secret"),
      "--strict",
      `--out=${join(root, "one.json")}`,
    ]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toContain("Totals: 1 scenarios, 1 passed, 0 failed, 0 errors");
  });

  it("exits 2 with a clear message on bad usage", async () => {
    const missing = await cli(["--scenarios", join(root, "nope")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`--scenarios ${join(root, "nope")}: no such directory`);
    expect(missing.stderr).toContain("Usage: kubemedic quality");
    const zero = await cli(["--scenarios", dir, "--concurrency", "0"]);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain("--concurrency must be a whole number from 1 to 8");
    expect((await cli(["--out"])).stderr).toContain("--out needs a value");
    expect((await cli(["extra"])).code).toBe(2);
  });
});

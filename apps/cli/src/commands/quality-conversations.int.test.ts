import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILTIN_CONVERSATIONS_DIR } from "@kubemedic/demo-cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QualityReport } from "../quality/QualityReport";

const BIN = fileURLToPath(new URL("../../bin/kubemedic.mjs", import.meta.url));

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      KUBEMEDIC_MODEL: "offline",
      K8SGPT_PATH: "/nonexistent/k8sgpt",
    };
    delete env.KUBEMEDIC_GRAPH_CONFIG;
    const child = spawn(process.execPath, [BIN, "quality", ...args], { env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Conversation scripts through the real command: one that the current agent
 * passes end to end (literal kubectl lines, an approval approved through the
 * graph's resume and one rejected, the cluster changed and read back), the
 * built-in greeting, one whose expectations are wrong (each failure printed
 * with what happened instead), and one the loader refuses (an ERROR row).
 */
const PASSING = `name: literal-approval
scenario: crashloop-missing-env
turns:
  - user: kubectl get pods -n shop
    expect:
      tool: { commandContains: "get pods -n shop" }
      answerMentions: [checkout-7d9c5b6f4-x8k2p]
      language: en
  - user: kubectl scale deployment/cart -n shop --replicas=3
    expect:
      approval: { commandContains: "scale deploy cart --replicas 3 -n shop" }
      tool: { commandContains: "scale deployment/cart --replicas=3" }
      answerMentions: [deployment.apps/cart scaled]
    decide: approve
  - user: kubectl get deployment cart -n shop -o jsonpath={.spec.replicas}
    expect:
      answerMentions: ["\`\`\` 3 \`\`\`"]
  - user: kubectl rollout restart deployment/cart -n shop
    decide: "reject: not now"
    expect:
      tool: { commandContains: "rollout restart deployment/cart", status: rejected }
      answerMentions: [not run]
`;

let root: string;
let dir: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "kubemedic-conversations-test-"));
  dir = join(root, "scripts");
  await mkdir(dir);
  await cp(join(BUILTIN_CONVERSATIONS_DIR, "greeting-no-tools.yaml"), join(dir, "b-greeting.yaml"));
  await writeFile(join(dir, "a-literal-approval.yaml"), PASSING);
  await writeFile(
    join(dir, "c-wrong.yaml"),
    `name: wrong-expectations
scenario: crashloop-missing-env
turns:
  - user: kubectl get pods -n shop
    expect:
      tool: { commandContains: "get pods -n default" }
      language: zh
  - user: kubectl get nodes
    decide: approve
`,
  );
  await writeFile(
    join(dir, "d-broken.yaml"),
    "name: broken\nscenario: crashloop-missing-env\nturns:\n  - user: hi\n    expect:\n      toolCall: { commandContains: get }\n",
  );
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("kubemedic quality --conversations", () => {
  it("runs each script turn by turn, prints the table and every failed expectation, writes the JSON", async () => {
    const out = join(root, "report.json");
    const { code, stdout, stderr } = await cli(["--conversations", dir, "--out", out]);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain("0 scenario folders, 4 conversation scripts");
    const lines = stdout.split("\n");
    expect(lines[0]).toMatch(/^SCRIPT\s+SCENARIO\s+TURNS\s+EXPECT\s+RESULT\s+TIME\s+REASON$/);
    const at = lines[0]?.indexOf("TURNS") ?? -1;
    const row = (name: string) => lines.find((l) => l.startsWith(`${name} `)) ?? "";
    expect(row("literal-approval").slice(at)).toMatch(/^4\s+9\/9\s+pass\s+\d+\.\ds$/);
    expect(row("greeting-no-tools").slice(at)).toMatch(/^1\s+2\/2\s+pass/);
    expect(row("wrong-expectations").slice(at)).toMatch(/^2\s+0\/3\s+FAIL/);
    expect(row("d-broken").slice(at)).toMatch(/^0\s+—\s+ERROR/);
    expect(row("d-broken")).toContain(`d-broken.yaml:6: turns.0.expect: unknown key "toolCall"`);

    // Each failure with what happened instead.
    const details = stdout.slice(stdout.indexOf("Failed expectations"));
    expect(details).toContain(
      [
        '  turn 1 "kubectl get pods -n shop":',
        "    tool: expected a call containing `get pods -n default`",
        "      got calls: `get pods -n shop` (ok)",
        "    language: expected zh",
      ].join("\n"),
    );
    expect(details).toMatch(/got judged en \(CJK share 0: 0 CJK characters/);
    expect(details).toContain(
      [
        '  turn 2 "kubectl get nodes":',
        "    decide: expected an approval to approve",
        "      got no approval was requested (the turn completed)",
      ].join("\n"),
    );
    expect(stdout).toContain("Conversations: 4 scripts, 2 passed, 1 failed, 1 error");
    expect(stdout).toContain("expectations met: 11/14");

    const report = JSON.parse(await readFile(out, "utf8")) as QualityReport;
    expect(report.scenarios).toEqual([]);
    expect(report.totals.conversations).toEqual({
      scripts: 4,
      passed: 2,
      failed: 1,
      errors: 1,
      turns: 7,
      expectations: { passed: 11, of: 14 },
    });
    const passed = report.conversations[0];
    expect(passed?.turns.map((t) => t.ending)).toEqual([
      "completed",
      "completed",
      "completed",
      "completed",
    ]);
    expect(passed?.turns[1]?.approvals).toEqual([
      { command: "scale deployment/cart -n shop --replicas=3", decision: "approve" },
    ]);
    expect(passed?.turns[3]?.toolCalls).toEqual([
      { tool: "kubectl", command: "rollout restart deployment/cart -n shop", status: "rejected" },
    ]);
    expect(passed?.turns[0]?.language.judged).toBe("en");
    expect(report.conversations[3]).toMatchObject({ name: "d-broken", status: "error", turns: [] });
  });

  it("exits 1 with --strict when a script failed or errored, 0 when all pass; 2 on bad usage", async () => {
    const failing = await cli([
      "--conversations",
      join(dir, "d-broken.yaml"),
      "--strict",
      "--out",
      join(root, "s.json"),
    ]);
    expect(failing.code).toBe(1);
    const passing = await cli([
      "--conversations",
      join(dir, "b-greeting.yaml"),
      "--strict",
      "--out",
      join(root, "p.json"),
    ]);
    expect(passing.code, passing.stderr).toBe(0);
    const missing = await cli(["--conversations", join(root, "nope")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      `--conversations ${join(root, "nope")}: no such file or directory`,
    );
    const empty = await cli(["--conversations", root]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("no conversation script (*.yaml) in it");
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { builtinScenarioDir } from "@kubemedic/demo-cluster";
import { afterAll, describe, expect, it } from "vitest";
import { parseConversationScript, ScriptLoadError } from "./loadConversationScript";

const dir = mkdtempSync(join(tmpdir(), "kubemedic-scripts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "script.yaml");

function failure(source: string): string {
  try {
    parseConversationScript(source, file);
  } catch (error) {
    expect(error).toBeInstanceOf(ScriptLoadError);
    return (error as Error).message;
  }
  throw new Error("the script loaded");
}

const valid = `name: followup-fix-payments
scenario: imagepull-bad-tag
policy: approve-mutations
turns:
  - user: "payments are down — what's wrong?"
    namespacePicker: all
    expect:
      report: { category: ImagePull, resource: Deployment/payments/payments-api }
  - user: "fix it"
    expect:
      approval: { commandContains: "set image deployment/payments-api" }
    decide: approve
  - user: "no, leave it"
    decide: "reject: not during business hours"
    expect:
      answerMentions: [payments-api, [rejected, 拒绝]]
      noTool: true
`;

describe("parseConversationScript", () => {
  it("loads the issue's example: built-in scenario, turns, decisions", () => {
    const s = parseConversationScript(valid, file);
    expect(s.name).toBe("followup-fix-payments");
    expect(s.scenarioDirs).toEqual([builtinScenarioDir("imagepull-bad-tag")]);
    expect(s.script.turns).toHaveLength(3);
    expect(s.script.turns[1]?.decide).toEqual({ decision: "approve" });
    expect(s.script.turns[2]?.decide).toEqual({
      decision: "reject",
      reason: "not during business hours",
    });
    expect(s.script.turns[2]?.expect.answerMentions).toEqual([
      "payments-api",
      ["rejected", "拒绝"],
    ]);
    // A turn without expectations is a turn that only sets the scene.
    expect(
      parseConversationScript(valid.replace(/ {4}expect:\n {6}report:.*\n/, ""), file).script
        .turns[0]?.expect,
    ).toEqual({});
  });

  it("names the file and the line of an unknown key, at any depth", () => {
    expect(failure(valid.replace("policy:", "polcy:"))).toBe(`${file}:3: unknown key "polcy"`);
    expect(failure(valid.replace("    decide: approve", "    decision: approve"))).toBe(
      `${file}:12: turns.1: unknown key "decision"`,
    );
    expect(failure(valid.replace("approval: { commandContains", "approval: { command"))).toMatch(
      new RegExp(`^${file}:11: turns\\.1\\.expect\\.approval: unknown key "command"`),
    );
    expect(failure(valid.replace("      noTool: true", "      noTools: true"))).toBe(
      `${file}:17: turns.2.expect: unknown key "noTools"`,
    );
  });

  it("refuses values outside the format, with the line of the value", () => {
    expect(failure(valid.replace("category: ImagePull", "category: ImagePullBackOff"))).toMatch(
      new RegExp(`^${file}:8: turns\\.0\\.expect\\.report\\.category: must be one of "CrashLoop"`),
    );
    expect(failure(valid.replace("decide: approve", "decide: yes"))).toBe(
      `${file}:12: turns.1.decide: must be approve or "reject: <reason>"`,
    );
    expect(failure(valid.replace("namespacePicker: all", "namespacePicker: All Namespaces"))).toBe(
      `${file}:6: turns.0.namespacePicker: must be all or a namespace name`,
    );
    expect(failure(valid.replace("policy: approve-mutations", "policy: yolo"))).toMatch(
      new RegExp(`^${file}:3: policy: must be one of "read-only"`),
    );
    expect(failure("name: x\nscenario: imagepull-bad-tag\nturns: []\n")).toBe(
      `${file}:3: turns: a script needs at least one turn`,
    );
    expect(failure("name: x\nturns:\n  - user: hi\n")).toMatch(
      new RegExp(`^${file}:1: scenario: `),
    );
  });

  it("says where the YAML itself is broken", () => {
    expect(failure("name: x\nturns:\n  - user: [unclosed\n")).toMatch(
      new RegExp(`^${file}:\\d+: not valid YAML: `),
    );
    expect(failure("- just a list\n")).toBe(
      `${file}: a script is a mapping (name, scenario, policy, turns)`,
    );
  });

  it("resolves a scenario folder relative to the script, and refuses one that is neither", () => {
    const folder = join(dir, "scenarios", "two-apis");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "scenario.yaml"), "name: two-apis\n");
    const s = parseConversationScript(
      valid.replace(
        "scenario: imagepull-bad-tag",
        "scenario: [scenarios/two-apis, crashloop-missing-env]",
      ),
      file,
    );
    expect(s.scenarioDirs).toEqual([folder, builtinScenarioDir("crashloop-missing-env")]);
    expect(
      failure(valid.replace("scenario: imagepull-bad-tag", "scenario: imagepull-bad-tags")),
    ).toBe(
      `${file}:2: scenario "imagepull-bad-tags" is neither a built-in scenario nor a scenario folder relative to the script`,
    );
  });
});

import { BUILTIN_CONVERSATIONS_DIR } from "@kubemedic/demo-cluster";
import { describe, expect, it } from "vitest";
import { conversationScriptFiles } from "./findConversationScripts";
import { judgeLanguage } from "./judgeLanguage";
import { loadConversationScript, type LoadedScript } from "./loadConversationScript";

/**
 * The built-in conversation scripts (packages/demo-cluster/conversations) all
 * load, and cover what #17 asks of the suite: at least 40 scripts, 12 in
 * Chinese, 6 with four turns or more, every expectation kind, approve and
 * reject, several scenarios.
 */
const files = conversationScriptFiles(BUILTIN_CONVERSATIONS_DIR);
const scripts: LoadedScript[] = await Promise.all(files.map((f) => loadConversationScript(f)));

describe("the built-in conversation scripts", () => {
  it("load, with unique names equal to their file names", () => {
    expect(scripts.length).toBeGreaterThanOrEqual(40);
    for (const s of scripts) expect(s.file.endsWith(`/${s.name}.yaml`), s.file).toBe(true);
    expect(new Set(scripts.map((s) => s.name)).size).toBe(scripts.length);
  });

  it("include at least 12 Chinese conversations and 6 of four turns or more", () => {
    const chinese = scripts.filter((s) =>
      s.script.turns.every((t) => judgeLanguage(t.user).language !== "en"),
    );
    expect(chinese.length).toBeGreaterThanOrEqual(12);
    expect(scripts.filter((s) => s.script.turns.length >= 4).length).toBeGreaterThanOrEqual(6);
  });

  it("use every expectation, both decisions, three policies and several scenarios", () => {
    const turns = scripts.flatMap((s) => s.script.turns);
    for (const key of [
      "report",
      "tool",
      "noTool",
      "approval",
      "clarify",
      "answerMentions",
      "language",
      "scope",
    ])
      expect(
        turns.some((t) => key in t.expect),
        key,
      ).toBe(true);
    expect(turns.some((t) => t.decide?.decision === "approve")).toBe(true);
    expect(
      turns.some((t) => t.decide?.decision === "reject" && t.decide.reason !== undefined),
    ).toBe(true);
    expect(new Set(scripts.map((s) => s.script.policy ?? "approve-mutations")).size).toBe(3);
    expect(new Set(scripts.flatMap((s) => s.scenarioDirs)).size).toBeGreaterThanOrEqual(10);
    // The design document's acceptance check is one of them.
    expect(turns.some((t) => t.user === "检查 default 命名空间下的 pod")).toBe(true);
  });
});

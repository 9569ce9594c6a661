import type { DiagnosisMemory, FixRecord, TurnDigest } from "../../conversation/context";
import { digestLine } from "../../conversation/turn-digest";
import type { Language } from "../../language/language";

/** What the offline diagnostician says for a follow-up, in the user's language. */
export interface FollowUpTexts {
  explain(d: DiagnosisMemory): string;
  changes(fixes: readonly FixRecord[]): string;
  recap(earlier: string | undefined, turns: readonly TurnDigest[]): string;
  proposeFix(title: string | undefined, commands: readonly string[]): string;
  proposeUndo(title: string | undefined, commands: readonly string[]): string;
  fixReason(title: string | undefined): string;
  undoReason: string;
  reading(commands: readonly string[]): string;
  findingProblems: string;
  whichProblem: string;
  nothingToFix: string;
  unresolved(what: string): string;
  several(name: string, labels: readonly string[]): string;
  nowhere(name: string, labels: readonly string[]): string;
}

const code = (c: string): string => `\`kubectl ${c}\``;

/** The summary of earlier turns (when there is one), then a line per turn the history still holds. */
function recap(
  earlier: string | undefined,
  turns: readonly TurnDigest[],
  language: Language,
  words: { nothing: string; soFar: string; since: string },
): string {
  if (earlier === undefined && turns.length === 0) return words.nothing;
  const later =
    turns.length === 0
      ? undefined
      : `${earlier === undefined ? words.soFar : words.since}${language === "zh" ? "：" : ":"}\n${turns.map((d) => digestLine(d, language)).join("\n")}`;
  return [earlier, later].filter((x) => x !== undefined).join("\n\n");
}

const EN: FollowUpTexts = {
  explain: (d) =>
    [
      `The last diagnosis: ${d.summary}`,
      d.fixes.length === 0
        ? "It has no change I can run as written; its recommendations say what to do by hand."
        : `To fix it (safest first):\n${d.fixes.map((f, i) => `${i + 1}. ${f.title} — ${code(f.command)}`).join("\n")}`,
      d.fixes.length === 0
        ? ""
        : `Nothing has been changed. Say "apply the fix"${d.fixes.length > 1 ? ' (or "the second fix")' : ""} and I will run it after your approval.`,
    ]
      .filter((x) => x !== "")
      .join("\n\n"),
  changes: (fixes) =>
    fixes.length === 0
      ? "I have not changed anything in this conversation, and proposed no change."
      : `What this conversation proposed and what became of it:\n${fixes
          .map(
            (f) =>
              `- ${code(f.command)}: ${STATUS_EN[f.status]}${f.reason ? ` (${f.reason})` : ""}`,
          )
          .join("\n")}`,
  recap: (earlier, turns) =>
    recap(earlier, turns, "en", {
      nothing: "This conversation has nothing to recap yet.",
      soFar: "So far",
      since: "Since then",
    }),
  proposeFix: (title, commands) =>
    `Applying the fix${title ? ` "${title}"` : ""}: ${commands.map(code).join(", ")}. It runs only after your approval.`,
  proposeUndo: (title, commands) =>
    `To ${title ?? "undo the last change"}: ${commands.map(code).join(", ")}. It runs only after your approval.`,
  fixReason: (title) => `The fix the last diagnosis recommends${title ? `: ${title}` : ""}.`,
  undoReason: "Takes back the last change this conversation applied, as asked.",
  reading: (commands) => `Running ${commands.map(code).join(", ")}.`,
  findingProblems:
    "This conversation has no diagnosis yet to fix. Looking for problems across the cluster first.",
  whichProblem: "I found more than one problem. Which one should I fix?",
  nothingToFix: "I found nothing to fix: the correlation reports no problem in any namespace.",
  several: (name, labels) =>
    `More than one object is named ${name}:\n${labels.map((l) => `- ${l}`).join("\n")}\n\nWhich one do you mean?`,
  nowhere: (name, labels) =>
    `I found nothing named ${name} in any namespace (not found). Did you mean:\n${labels.map((l) => `- ${l}`).join("\n")}`,
  unresolved: (what) =>
    `I am not sure what you are referring to: this conversation has nothing yet ${WHAT_EN[what] ?? "to refer to"}. Which object or namespace do you mean?`,
};

const STATUS_EN: Record<FixRecord["status"], string> = {
  proposed: "proposed, not decided",
  approved: "approved",
  rejected: "rejected, not run",
  applied: "applied",
  failed: "approved, but it failed",
  verified: "applied and verified",
  "not-verified": "applied, not verified",
};
const WHAT_EN: Record<string, string> = {
  undo: "that was changed and could be undone",
  recheck: "to check again",
  logs: "whose logs to show",
  describe: "to describe",
  events: "whose events to show",
  others: "to compare with",
  "and-in": "to ask again elsewhere",
};

const ZH: FollowUpTexts = {
  explain: (d) =>
    [
      `上一次的诊断：${d.summary}`,
      d.fixes.length === 0
        ? "其中没有可以直接执行的修改命令；请按建议手动处理。"
        : `修复方法（从最安全的开始）：\n${d.fixes.map((f, i) => `${i + 1}. ${f.title} —— ${code(f.command)}`).join("\n")}`,
      d.fixes.length === 0
        ? ""
        : `目前没有做任何修改。回复“应用修复”${d.fixes.length > 1 ? "（或“第二个修复”）" : ""}，我会在你批准后执行。`,
    ]
      .filter((x) => x !== "")
      .join("\n\n"),
  changes: (fixes) =>
    fixes.length === 0
      ? "在这次对话中我没有做任何修改，也没有提出修改。"
      : `这次对话提出的修改及其结果：\n${fixes
          .map(
            (f) =>
              `- ${code(f.command)}：${STATUS_ZH[f.status]}${f.reason ? `（${f.reason}）` : ""}`,
          )
          .join("\n")}`,
  recap: (earlier, turns) =>
    recap(earlier, turns, "zh", {
      nothing: "这次对话还没有可以回顾的内容。",
      soFar: "到目前为止",
      since: "此后",
    }),
  proposeFix: (title, commands) =>
    `应用修复${title ? `“${title}”` : ""}：${commands.map(code).join("、")}。只有在你批准后才会执行。`,
  proposeUndo: (_title, commands) =>
    `撤销上一次的修改：${commands.map(code).join("、")}。只有在你批准后才会执行。`,
  fixReason: (title) => `上一次诊断建议的修复${title ? `：${title}` : ""}。`,
  undoReason: "按要求撤销这次对话中上一次执行的修改。",
  reading: (commands) => `正在执行 ${commands.map(code).join("、")}。`,
  findingProblems: "这次对话还没有可以修复的诊断结果，先在整个集群中查找问题。",
  whichProblem: "我发现了不止一个问题，要修复哪一个？",
  nothingToFix: "没有发现需要修复的问题：关联分析在所有命名空间中都没有报告问题。",
  several: (name, labels) =>
    `有多个对象名为 ${name}：\n${labels.map((l) => `- ${l}`).join("\n")}\n\n你指的是哪一个？`,
  nowhere: (name, labels) =>
    `在所有命名空间中都没有找到名为 ${name} 的对象。你是不是指：\n${labels.map((l) => `- ${l}`).join("\n")}`,
  unresolved: () =>
    "我不确定你指的是什么：这次对话还没有可以对应的对象。你指的是哪个对象或命名空间？",
};

const STATUS_ZH: Record<FixRecord["status"], string> = {
  proposed: "已提出，尚未决定",
  approved: "已批准",
  rejected: "已拒绝，未执行",
  applied: "已执行",
  failed: "已批准，但执行失败",
  verified: "已执行并验证",
  "not-verified": "已执行，未验证",
};

export function followUpTexts(language: Language): FollowUpTexts {
  return language === "zh" ? ZH : EN;
}

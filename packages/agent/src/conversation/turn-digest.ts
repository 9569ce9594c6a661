import { refText, type FixRecord, type TurnDigest } from "./context";
import type { Language } from "../language/language";

/** Digests held at most; older ones are in the summary already or dropped with it. */
export const MAX_DIGESTS = 60;

const ASKED_CHARS = 160;
const FOUND_CHARS = 220;

export function digestOf(p: {
  turnId: string;
  asked: string;
  report?: {
    category: string;
    summary: string;
    affectedResources: readonly { kind: string; name: string; namespace?: string | undefined }[];
  };
  answer?: string;
  changes: readonly FixRecord[];
}): TurnDigest {
  const found = foundOf(p.report, p.answer);
  return {
    turnId: p.turnId,
    asked: oneLine(p.asked, ASKED_CHARS),
    ...(found === undefined ? {} : { found }),
    changes: p.changes.map((c) => ({
      command: c.command,
      status: c.status,
      ...(c.reason === undefined ? {} : { reason: oneLine(c.reason, 120) }),
    })),
  };
}

function foundOf(
  report: Parameters<typeof digestOf>[0]["report"],
  answer: string | undefined,
): string | undefined {
  if (report !== undefined) {
    const root = report.affectedResources[0];
    const where =
      root === undefined
        ? ""
        : ` on ${refText({ kind: root.kind, name: root.name, ...(root.namespace === undefined ? {} : { namespace: root.namespace }) })}`;
    return oneLine(`${report.category}${where}: ${report.summary}`, FOUND_CHARS);
  }
  const first = answer
    ?.split("\n")
    .map((l) => l.trim())
    .find((l) => l !== "");
  return first === undefined ? undefined : oneLine(first.replace(/[*_`#>]+/g, ""), FOUND_CHARS);
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

const STATUS: Record<Language, Record<FixRecord["status"], string>> = {
  en: {
    proposed: "proposed",
    approved: "approved",
    rejected: "rejected",
    applied: "applied",
    failed: "failed",
    verified: "applied and verified",
    "not-verified": "applied, not verified resolved",
  },
  zh: {
    proposed: "已提议",
    approved: "已批准",
    rejected: "已拒绝",
    applied: "已执行",
    failed: "执行失败",
    verified: "已执行并验证解决",
    "not-verified": "已执行，未验证解决",
  },
};

/** The digest as one bullet line in the conversation's language (commands and names as they are). */
export function digestLine(d: TurnDigest, language: Language): string {
  const zh = language === "zh";
  const parts = [zh ? `问：“${d.asked}”` : `asked "${d.asked}"`];
  if (d.found !== undefined) parts.push(zh ? `发现：${d.found}` : `found ${d.found}`);
  for (const c of d.changes) {
    const status = STATUS[language][c.status];
    const reason = c.reason === undefined ? "" : zh ? `，理由：${c.reason}` : `: ${c.reason}`;
    parts.push(
      zh
        ? `变更 \`${c.command}\`（${status}${reason}）`
        : `change \`${c.command}\` (${status}${reason})`,
    );
  }
  return `- ${parts.join(zh ? "；" : "; ")}`;
}

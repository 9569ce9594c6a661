/**
 * Which language a turn's own text is written in, judged from the text, not
 * from what the agent claims. What is not prose is left out first: code
 * spans and blocks (commands, kubectl output), URLs, short quotations, and identifier-like
 * tokens (object names, images, flags: anything with a digit, `-`, `_`, `/`,
 * `.` or `:` inside). Then each CJK ideograph counts as one unit and each
 * Latin word as one unit: `share` is the CJK part.
 *
 * - `zh` when share ≥ 0.5 (Chinese prose with English terms such as
 *   "ImagePullBackOff" or "Deployment" stays well above: one unit per term
 *   against one per character);
 * - `en` when share ≤ 0.1 (an English answer may quote a Chinese name);
 * - `mixed` in between, and `none` when nothing is left to judge.
 */
export interface LanguageJudgement {
  language: "en" | "zh" | "mixed" | "none";
  share: number;
  cjk: number;
  latinWords: number;
}

const ZH_MIN_SHARE = 0.5;
const EN_MAX_SHARE = 0.1;

const CJK_RANGE = "\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff";
const CJK = new RegExp(`[${CJK_RANGE}]`, "gu");
const HAS_CJK = new RegExp(`[${CJK_RANGE}]`, "u");

export function judgeLanguage(text: string): LanguageJudgement {
  const prose = text
    .replace(/```[\s\S]*?(```|$)/g, " ")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/\bhttps?:\/\/\S+/g, " ")
    // Quotations (the user's words, an object's message) are not the answer's language.
    .replace(/“[^”\n]{0,120}”|「[^」\n]{0,120}」|『[^』\n]{0,120}』|"[^"\n]{0,120}"/g, " ")
    .split(/[\s，。、；：！？（）「」《》“”‘’,;!?()[\]{}"'<>|*#>]+/u)
    .filter((t) => t !== "" && !isIdentifier(t))
    .join(" ");
  const cjk = prose.match(CJK)?.length ?? 0;
  const latinWords = prose.replace(CJK, " ").match(/[A-Za-z]{2,}/g)?.length ?? 0;
  const units = cjk + latinWords;
  const share = units === 0 ? 0 : cjk / units;
  const language =
    units === 0 ? "none" : share >= ZH_MIN_SHARE ? "zh" : share <= EN_MAX_SHARE ? "en" : "mixed";
  return { language, share: Math.round(share * 100) / 100, cjk, latinWords };
}

/** `payments-api`, `v2.3.1`, `deploy/x`, `DATABASE_URL`, `--replicas=3`, `10.0.0.1:8080`: not prose. */
function isIdentifier(token: string): boolean {
  const t = token.replace(/^[.:]+|[.:]+$/g, "");
  if (HAS_CJK.test(t)) return false;
  return /[0-9_/\-=:.@]/.test(t) && /[A-Za-z0-9]/.test(t);
}

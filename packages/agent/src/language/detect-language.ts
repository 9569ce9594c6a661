import type { Language } from "./language";

/** CJK Unified Ideographs (with extension A and the compatibility block): Chinese prose. */
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
/** A kubectl line, with or without `kubectl`/`$`: it says nothing about the user's language. */
const COMMAND_LINE =
  /^(?:\$\s*)?(?:kubectl\s+\S|(?:get|describe|logs|top|rollout|scale|set|delete|apply|cordon|uncordon|drain|label|annotate|explain)(?:\s+\S+)*?\s+(?:-{1,2}[a-z]|\S*\/))/i;

/**
 * The language one message is written in: `zh` as soon as it holds a Chinese
 * character (people who write Chinese mix in object names, kinds and English
 * terms: "shop 里的 checkout 为什么一直重启？" is Chinese); `en` for other
 * prose; undefined when it is not prose at all (a kubectl line, a name, a
 * number, an emoji), so the conversation's language stands.
 */
export function detectLanguage(text: string): Language | undefined {
  const t = text.trim();
  if (HAN.test(t)) return "zh";
  if (COMMAND_LINE.test(t)) return undefined;
  // Two letters in a row make a word; a lone name such as "checkout-7d9" is a reply, not prose.
  const words = t.match(/[A-Za-z]{2,}/g) ?? [];
  if (words.length === 0) return undefined;
  if (words.length === 1 && /^[a-z0-9][-a-z0-9./]*$/i.test(t) && /[-0-9./]/.test(t))
    return undefined;
  return "en";
}

/**
 * The language to answer a message in: the message's own, else the
 * conversation's (the last message that had one), else English.
 */
export function answerLanguage(text: string, remembered: Language | undefined): Language {
  return detectLanguage(text) ?? remembered ?? "en";
}

import type { ActionRequest } from "./ActionRequest";

/** The request text in the forms the matchers read. */
export interface ActionText {
  /** As typed (trimmed): env var names and values keep their case. */
  raw: string;
  /** English: lower-cased, leading politeness and fillers removed ("ok, now please …"). */
  body: string;
  /** The text has Chinese in it: the Chinese matchers apply, unanchored. */
  zh: boolean;
}

/** What a matcher recognised: the verb and its values, before the object is read. */
export type ActionMatch = Omit<ActionRequest, "target" | "language"> & {
  /** Words the matcher consumed (values, variable names), lower-cased: never the object's name. */
  exclude?: string[];
  /** A kind the wording implies ("the rollout" → Deployment, "节点" → Node). */
  kind?: string;
};

const FILLER =
  /^(?:(?:ok(?:ay)?|alright|all right|yes|yeah|yep|sure|great|good|fine|thanks|thank you|now|then|and|so|also|next|please|pls|just|kindly|maybe|instead|go ahead and|let'?s|lets|can you|could you|would you|will you|can we|could we|can i|could i|i want to|i'd like to|i would like to|we need to|i need to|we should|you should|try to|try and|help me|time to)\b[\s,!.:;—-]*)+/;

/**
 * A refusal that precedes the real request ("no, don't restart anything, just roll it back",
 * "don't scale it; restart it"): the request is what follows it. A refusal alone stays whole.
 */
const REFUSAL =
  /^(?:(?:no|nope)\b[\s,!.:;—-]*)?(?:don'?t|do not|never)\b[^,;.!—]*[,;.!—]+\s*(?=\S)/;

export function actionText(text: string): ActionText {
  const typed = text.trim().replace(/^\$\s*/, "");
  const lower = typed.toLowerCase().replace(FILLER, "");
  const refused = REFUSAL.exec(lower)?.[0].length ?? 0;
  // What was refused names no target either: the raw text starts after it too.
  const raw = refused === 0 ? typed : typed.slice(typed.length - lower.length + refused);
  const body = lower.slice(refused).replace(FILLER, "").trim();
  return { raw, body, zh: /[\u4e00-\u9fff]/.test(raw) };
}

/**
 * A Chinese sentence that asks about something rather than asking for it:
 * "为什么一直重启", "怎么回滚", "checkout 一直重启" (a symptom).
 */
export function zhQuestion(raw: string): boolean {
  return (
    /为什么|为何|怎么|如何|怎样|是否|能不能.*[?？]$|有没有|什么原因|原因/.test(raw) ||
    /(?:一直|不停|不断|反复|总是|老是|频繁|经常|多次)(?:地)?(?:在)?重启/.test(raw)
  );
}

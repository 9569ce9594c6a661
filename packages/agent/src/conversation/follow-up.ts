import { zhFollowUp } from "../understand/zhFollowUp";

/**
 * A message that only means something with the conversation behind it. Read
 * from the words' role, not from one phrasing: "how do I fix it", "how can we
 * fix this?", "what should I do about that?" are one class.
 */
export type FollowUp =
  /** Explain the fix of the last diagnosis, change nothing. */
  | { kind: "explain-fix" }
  /** Apply the last diagnosis's fix (the Nth when given, 1-based). */
  | { kind: "apply-fix"; index?: number }
  /** Take the last applied change back. */
  | { kind: "undo" }
  /** Look again at what the conversation is about (after a change, or later). */
  | { kind: "recheck" }
  /** The other pods (objects) of the namespace in focus. */
  | { kind: "others" }
  /** The same question, in another namespace. */
  | { kind: "and-in"; namespace: string }
  /** The object in focus: its logs (a pod's when the message says so), its description, its events. */
  | { kind: "logs"; previous: boolean; pod: boolean }
  /** The rollout history of the workload in focus. */
  | { kind: "history" }
  | { kind: "describe" }
  | { kind: "events" }
  /** What the conversation changed, or would have changed. */
  | { kind: "what-changed" }
  /** What the conversation has been through so far: asked, found, changed, verified. */
  | { kind: "recap" };

const ORDINALS: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  last: -1,
  other: 2,
};
const PRONOUN = String.raw`(?:it|this|that|them|this one|that one|the problem|the issue|this problem|that problem|the error)`;
const HOW_FIX = new RegExp(
  String.raw`^(?:so\s+|ok,?\s+|and\s+)?(?:how\s+(?:do|can|should|would|could|to)\s+(?:i|we|you)?\s*(?:fix|solve|resolve|repair|remediate)|what\s+(?:should|can|do)\s+(?:i|we)\s+do(?:\s+about\s+${PRONOUN})?|what(?:'s| is)\s+the\s+fix|how\s+to\s+(?:fix|solve|resolve))`,
  "i",
);
const APPLY = new RegExp(
  String.raw`^(?:ok(?:ay)?,?\s+|yes,?\s+|then\s+|so\s+|please\s+|go ahead(?: and)?\s+|let'?s\s+)*(?:(?:fix|solve|resolve|repair|remediate)\s+${PRONOUN}|apply\s+(?:the|your|that|this|a)?\s*(?:(first|second|third|fourth|last|other|1st|2nd|3rd|4th)\s+)?(?:fix|change|suggestion|recommendation|one)|(?:do|run|try)\s+(?:it|that|this|the (?:first|second|third|last|other) (?:one|fix))|go ahead|(?:the\s+)?(first|second|third|fourth|last|other|1st|2nd|3rd|4th)\s+(?:fix|one|option|recommendation)(?:\s+please)?)\s*(?:please|now|then)?[.!]*$`,
  "i",
);
const UNDO =
  /^(?:please\s+|ok,?\s+)?(?:undo|revert|roll\s*back|reverse|take back)\s+(?:it|that|this|the (?:last )?(?:change|fix|scale|scaling|restart))(?:\s+please)?[.!]*$|^undo[.!]*$/i;
const RECHECK =
  /^(?:ok,?\s+|so,?\s+|and\s+)?(?:check (?:it )?again|re-?check|look again|(?:is|are) (?:it|they|that|this|everything|the \S+) (?:fixed|ok|okay|healthy|working|running|resolved|good)(?: now)?|did (?:it|that|this|the fix) work|has it recovered|(?:is|are) it (?:still )?(?:broken|failing)|what(?:'s| is) the status now|how(?:'s| is) it (?:now|looking)|is the rollout (?:healthy|done|complete|finished)(?: now)?)\b.*$/i;
const OTHERS =
  /^(?:and\s+|ok,?\s+)?(?:what about|how about|and|show me|check|are)\s+(?:the\s+)?(?:other|rest of the|remaining)\s+(pods?|deployments?|services?|workloads?)\b/i;
const AND_IN =
  /^(?:and|what about|how about|same for|same in|now)\s+(?:in\s+)?(?:the\s+)?([a-z0-9][-a-z0-9]*)(?:\s+namespace)?\s*\??$/i;
const LOGS =
  /^(?:show(?: me)?|get|print|give me|let me see|what do|and)?\s*(?:its|their|the|his|her)\s+(?:(previous|last|crash)\s+)?logs?\s*(?:please|again|now|too|then)?[?.!]*$|^logs?\s+(?:of\s+)?(?:it|that)\b|^(?:show(?: me)?\s+)?(?:the\s+)?logs?\s*(?:please)?[?.!]*$/i;
const DESCRIBE = /^(?:please\s+)?describe\s+(?:it|that|this|them|that one|this one)[.!?]*$/i;
const EVENTS =
  /^(?:show(?: me)?|get|any|and)?\s*(?:its|their|the)\s+events\b(?!\s+(?:in|of|for)\s+\S+)/i;
const HISTORY =
  /\b(?:rollout|revision|deployment|release)\s+history\b|\bhistory of (?:the )?(?:rollout|revisions|deployment)\b|\b(?:changed|differ\w*) between (?:the )?revisions\b|\b(?:list|show)(?: me)? (?:the )?revisions\b/i;
const WHAT_CHANGED =
  /^(?:ok(?:ay)?,?\s+|so,?\s+)?(?:what (?:did you|have you|would you have|would you) (?:just )?chang\w*|what (?:was|would have been) changed|what (?:did|have) (?:i|we) (?:just )?(?:reject|approv|declin|refus|den(?:y|ied))\w*|what did you (?:just )?(?:do|run|apply|execute)\b)/i;

const RECAP =
  /^(?:(?:can|could) you\s+|please\s+|ok(?:ay)?,?\s+|so,?\s+|now,?\s+)*(?:catch me up(?: on (?:this|the|our) (?:conversation|incident|investigation))?|remind me what we (?:did|found|changed|tried)|tl;?dr|(?:give me\s+|write\s+)?(?:a\s+)?(?:quick\s+|short\s+|brief\s+)?(?:recap|summary|summari[sz]e|sum (?:it |this |everything )?up)(?:\s+(?:of\s+)?(?:this|the|our)\s+(?:conversation|chat|session|incident|investigation|thread|troubleshooting))?(?:\s+(?:so far|until now))?(?:\s+where we (?:are|stand))?(?:\s+(?:of\s+)?what (?:happened|we did|you did|you changed|was done))?|what (?:have|did) we (?:done|do|found|find|tried|try|covered|cover|changed|change|fixed|fix)(?: so far| until now)?|where (?:are|do) we (?:stand|now|at)|what(?:'s| is| has been) (?:happened|done) so far)\s*(?:please)?[?.!]*$/i;

/** Chinese follow-ups zhFollowUp does not carry over (it keeps to the fix-and-check ones). */
const ZH: readonly (readonly [RegExp, FollowUp])[] = [
  [
    /^(?:请|帮我)?(?:总结|回顾|概括)(?:一下)?(?:这次|本次|我们的|目前的)?(?:对话|排查|会话|情况|进展)?|(?:到目前为止|至今|目前为止)(?:我们)?(?:都)?(?:做了|查了|发现了|改了)(?:什么|哪些)|我们(?:现在)?(?:进展|排查)到哪(?:里|儿)?了/,
    { kind: "recap" },
  ],
  [
    /(?:刚才|之前|你)?(?:改了|修改了|更改了|变更了|做了)(?:什么|哪些)(?:修改|改动|变更)?|本来要改什么|会改(?:什么|哪些)/,
    { kind: "what-changed" },
  ],
  [
    /^(?:请|帮我)?(?:描述|describe)(?:一下)?(?:它|这个|那个|它们)?[?？。!！]*$/,
    { kind: "describe" },
  ],
  [
    /^(?:请|帮我)?(?:看看|看一下|查看|显示|给我看)?(?:它|这个|那个|它们)?的?(?:上一次的|之前的|崩溃前的)?日志[?？。!！]*$/,
    { kind: "logs", previous: false, pod: false },
  ],
  [
    /^(?:请|帮我)?(?:看看|看一下|查看|显示)?(?:它|这个|那个)?的?事件[?？。!！]*$/,
    { kind: "events" },
  ],
  [/(?:发布|部署|版本|回滚)历史|历史版本/, { kind: "history" }],
];

/** The follow-up a message is, if it is one (English, or Chinese read into English first). */
export function readFollowUp(raw: string): FollowUp | undefined {
  for (const [pattern, f] of ZH) {
    if (pattern.test(raw.trim()))
      return f.kind === "logs" ? { ...f, previous: /上一次|之前|崩溃前/.test(raw) } : f;
  }
  const text = (zhFollowUp(raw.trim(), "") ?? raw).trim().replace(/\s+/g, " ");
  if (text.length > 120) return undefined;
  if (HOW_FIX.test(text)) return { kind: "explain-fix" };
  if (WHAT_CHANGED.test(text)) return { kind: "what-changed" };
  if (RECAP.test(text)) return { kind: "recap" };
  if (UNDO.test(text)) return { kind: "undo" };
  const apply = APPLY.exec(text);
  if (apply !== null) {
    const word = (
      apply[1] ??
      apply[2] ??
      /\b(first|second|third|last|other)\b/i.exec(text)?.[1]
    )?.toLowerCase();
    const index = word === undefined ? undefined : ORDINALS[word];
    return index === undefined ? { kind: "apply-fix" } : { kind: "apply-fix", index };
  }
  if (RECHECK.test(text)) return { kind: "recheck" };
  if (OTHERS.test(text)) return { kind: "others" };
  if (DESCRIBE.test(text)) return { kind: "describe" };
  const logs = LOGS.exec(text);
  if (
    logs !== null ||
    (/\blogs?\b.*\b(it|its|them|their|the (?:new|failing|crashing|broken|unready|bad|latest|old) pods?)\b/i.test(
      text,
    ) &&
      text.split(" ").length <= 9)
  )
    return {
      kind: "logs",
      previous: /\b(previous|last|crash\w*|before)\b/i.test(text),
      pod: /\bpods?\b/i.test(text),
    };
  if (HISTORY.test(text)) return { kind: "history" };
  if (EVENTS.test(text)) return { kind: "events" };
  const and = AND_IN.exec(text)?.[1]?.toLowerCase();
  if (and !== undefined && !NOT_NAMESPACES.has(and)) return { kind: "and-in", namespace: and };
  return undefined;
}

const NOT_NAMESPACES = new Set([
  "it",
  "that",
  "this",
  "them",
  "now",
  "then",
  "the",
  "others",
  "rest",
  "pods",
  "so",
]);

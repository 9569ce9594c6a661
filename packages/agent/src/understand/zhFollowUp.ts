/**
 * Chinese follow-ups, said the way the English follow-up grammar reads them
 * ("怎么修复？" → "how do I fix it?"). The conversation context resolves "it";
 * this only carries the meaning across. Ordered: the first that matches wins.
 */
const FOLLOW_UPS: readonly (readonly [RegExp, string])[] = [
  [
    /(?:怎么|如何|该怎么|要怎么|怎样)(?:才能)?(?:修复|修|解决|处理|办)|修复(?:方案|建议|办法)|解决(?:方案|办法)/,
    "how do I fix it?",
  ],
  [
    /^(?:请|帮我|那就|那|好的?[,，]?\s*)?(?:应用|执行|采用|运行)(?:这个|该|上面的|你的|那个)?(?:修复|方案|修改|建议)/,
    "apply the fix",
  ],
  [/第\s*(?:二|2)\s*个?(?:修复|方案|办法|建议)/, "apply the second fix"],
  [/第\s*(?:三|3)\s*个?(?:修复|方案|办法|建议)/, "apply the third fix"],
  [/第\s*(?:一|1)\s*个?(?:修复|方案|办法|建议)/, "apply the first fix"],
  [
    /^(?:请|帮我|那就|那)?(?:修复|修一下|修好|修掉|解决|处理)(?:它|一下|掉|这个问题|问题|吧)?[!.]*$/,
    "fix it",
  ],
  [
    /^(?:请|帮我)?(?:撤销|撤回|还原|恢复原样)(?:它|刚才的.*|那个.*|这个.*|上一步.*|操作|修改|更改)?[!.]*$/,
    "undo that",
  ],
  [
    // "了吗", "了没(有)" and "了么" are the same yes/no question.
    /(?:修好|好|解决|恢复正常|正常)了(?:吗|么|没有?)|还有问题吗|现在怎么样|现在呢|现在如何/,
    "is it fixed now?",
  ],
  [/再(?:检查|查|看|确认|诊断)(?:一下|一次|一遍|看)?|重新(?:检查|诊断|看一下|查)/, "check again"],
  [/(?:其他|其它|其余|别的|剩下)的?\s*(?:pods?|容器组)/i, "what about the other pods?"],
];

/** "那 payments 呢？", "payments 里呢": the same question in another namespace. */
const AND_IN =
  /^(?:那|那么|还有)?\s*(?:在\s*)?([a-z0-9][-a-z0-9]*)\s*(?:命名空间|名字空间)?\s*(?:里|中|下)?(?:的)?(?:呢|怎么样|如何)[?!]*$/i;

export function zhFollowUp(text: string, where: string): string | undefined {
  for (const [pattern, english] of FOLLOW_UPS) {
    if (pattern.test(text)) return english.endsWith("?") ? english : `${english}${where}`;
  }
  const other = AND_IN.exec(text)?.[1];
  if (other !== undefined) return `and in ${other.toLowerCase()}?`;
  return undefined;
}

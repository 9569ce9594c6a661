import type { ActionMatch, ActionText } from "./ActionText";
import { COUNT_PATTERN, parseCount } from "./numbers";

/**
 * "roll back orders-api", "roll it back to revision 3", "rollback payments-api",
 * "undo the rollout of cart", "revert checkout to the previous version";
 * "回滚 payments-api", "把 orders-api 回滚到版本 3", "回退到上一个版本".
 * A bare "undo that"/"revert it" is the inverse of the conversation's last
 * change, a follow-up, not a rollout undo: it is left alone.
 */
export function matchRollback(t: ActionText): ActionMatch | undefined {
  if (t.zh) {
    if (!/回滚|回退|撤销(?:发布|部署|上线|更新)|还原到/.test(t.raw)) return undefined;
    const rev =
      new RegExp(`(?:版本|修订版本?|修订|revision|rev)\\s*#?\\s*(${COUNT_PATTERN})`, "i").exec(
        t.raw,
      )?.[1] ??
      new RegExp(`第\\s*(${COUNT_PATTERN})\\s*(?:个)?\\s*(?:版本|修订)`).exec(t.raw)?.[1] ??
      /(?:到|至)\s*(\d+)\s*(?:$|[。.!！])/.exec(t.raw)?.[1];
    return withRevision(rev);
  }
  const b = t.body;
  const roll = /^(?:roll\s*back|rollback|rollout\s+undo|roll\s+(?:\S+\s+){1,3}back)\b/.test(b);
  const undo =
    /^(?:undo|revert)\s+(?:the\s+)?(?:(?:last\s+|latest\s+)?(?:rollout|deploy\w*|release|upgrade|update))\b/.test(
      b,
    );
  const revert = /^(?:revert|downgrade)\s+(?!(?:it|that|this|them)\b)\S+/.test(b);
  if (!roll && !undo && !revert) return undefined;
  const rev =
    /--to-revision[= ](\d+)/.exec(b)?.[1] ??
    new RegExp(`\\b(?:revision|rev|version)\\s*#?\\s*(${COUNT_PATTERN})\\b`).exec(b)?.[1] ??
    /\bto\s+#?(\d+)\s*$/.exec(b)?.[1];
  return withRevision(rev);
}

function withRevision(rev: string | undefined): ActionMatch {
  const n = rev === undefined ? undefined : parseCount(rev);
  return { verb: "rollback", ...(n === undefined ? {} : { revision: n }), exclude: ["revision"] };
}

import { memo } from "react";
import type { ClarificationItem } from "../../stream/streamTypes";

/**
 * The answers to a question the agent asked back ("which api: staging or prod?").
 * A choice sends its reply as the user's next message; typing an answer works too.
 */
export const ClarificationChoices = memo(function ClarificationChoices({
  item,
  disabled,
  onReply,
}: {
  item: ClarificationItem;
  /** A turn is going on, or this question was already answered. */
  disabled: boolean;
  onReply: (text: string) => void;
}) {
  if (item.choices.length === 0) return null;
  return (
    <div
      className="clarification-choices"
      role="group"
      aria-label={item.question}
      data-testid="clarification-choices"
    >
      {item.choices.map((c) => (
        <button
          key={c.reply}
          type="button"
          className="btn btn-sm"
          disabled={disabled}
          title={c.reply === c.label ? undefined : c.reply}
          onClick={() => onReply(c.reply)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
});

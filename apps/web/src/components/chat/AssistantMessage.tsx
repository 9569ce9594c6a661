import { memo } from "react";
import { leadOf } from "../../lib/leadOf";
import type { AssistantItem } from "../../stream/streamTypes";
import { CopyButton } from "../common/CopyButton";
import { Icon } from "../common/Icon";
import { MarkdownText } from "./MarkdownText";
import { useT } from "../../i18n/i18n";

/**
 * An answer of the assistant. With `lead` (a report card follows), it shows
 * only its first sentence until the user opens the full text: the card says the rest.
 */
export const AssistantMessage = memo(function AssistantMessage({
  item,
  lead = false,
  open = false,
  onToggle,
}: {
  item: AssistantItem;
  lead?: boolean;
  open?: boolean;
  onToggle?: (key: string, defaultOpen: boolean) => void;
}) {
  const t = useT();
  const short = lead ? leadOf(item.text) : item.text;
  const folded = lead && short !== item.text.trim();
  return (
    <div
      className="assistant"
      data-testid="assistant-message"
      data-streaming={item.streaming}
      data-lead={folded || undefined}
    >
      <div className="avatar" aria-hidden="true">
        <Icon name="cross" />
      </div>
      <div className="assistant-body">
        <MarkdownText text={folded && !open ? short : item.text} />
        {folded && (
          <button
            type="button"
            className="link-btn"
            aria-expanded={open}
            data-testid="full-answer-toggle"
            onClick={() => onToggle?.(item.key, false)}
          >
            {open ? t.assistant.showLess : t.assistant.fullAnswer}
          </button>
        )}
        {item.streaming ? (
          <span className="caret" aria-hidden="true" />
        ) : (
          <div className="msg-actions">
            <CopyButton
              text={item.text}
              className="icon-btn"
              showLabel={false}
              label={t.assistant.copy}
            />
          </div>
        )}
      </div>
    </div>
  );
});

import { memo } from "react";
import type { AssistantItem } from "../../stream/streamTypes";
import { CopyButton } from "../common/CopyButton";
import { Icon } from "../common/Icon";
import { MarkdownText } from "./MarkdownText";

export const AssistantMessage = memo(function AssistantMessage({ item }: { item: AssistantItem }) {
  return (
    <div className="assistant" data-testid="assistant-message" data-streaming={item.streaming}>
      <div className="avatar" aria-hidden="true">
        <Icon name="cross" />
      </div>
      <div className="assistant-body">
        <MarkdownText text={item.text} />
        {item.streaming ? (
          <span className="caret" aria-hidden="true" />
        ) : (
          <div className="msg-actions">
            <CopyButton
              text={item.text}
              className="icon-btn"
              showLabel={false}
              label="Copy answer"
            />
          </div>
        )}
      </div>
    </div>
  );
});

import { memo } from "react";
import type { OutboxMessage, UserItem } from "../../stream/streamTypes";
import { formatTime } from "../../lib/format";
import { useLocale, useT } from "../../i18n/i18n";

export const UserMessage = memo(function UserMessage({ item }: { item: UserItem }) {
  useLocale(); // the time in the tooltip follows the UI's language
  return (
    <div className="user-msg" data-testid="user-message">
      <div className="user-bubble" title={formatTime(item.createdAt)}>
        {item.text}
      </div>
    </div>
  );
});

/** A message on its way: sending, accepted, or refused with a retry. */
export const OutboxEntry = memo(function OutboxEntry({
  message,
  onRetry,
  onDiscard,
}: {
  message: OutboxMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const t = useT();
  return (
    <div data-testid="outbox-message">
      <div className="user-msg">
        <div className={`user-bubble ${message.status === "failed" ? "" : "is-pending"}`}>
          {message.text}
        </div>
      </div>
      <div className={`outbox-state ${message.status}`}>
        {message.status === "failed" ? (
          <>
            <span role="alert">{t.user.notSent(message.error?.message ?? t.user.refused)}</span>
            <button type="button" className="btn btn-sm" onClick={onRetry}>
              {t.user.retry}
            </button>
            <button type="button" className="btn btn-sm btn-ghost" onClick={onDiscard}>
              {t.user.discard}
            </button>
          </>
        ) : (
          <span>{message.status === "acked" ? t.user.received : t.user.sending}</span>
        )}
      </div>
    </div>
  );
});

import { memo } from "react";
import type { OutboxMessage, UserItem } from "../../stream/streamTypes";
import { formatTime } from "../../lib/format";

export const UserMessage = memo(function UserMessage({ item }: { item: UserItem }) {
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
            <span role="alert">Not sent: {message.error?.message ?? "refused by the server"}</span>
            <button type="button" className="btn btn-sm" onClick={onRetry}>
              Retry
            </button>
            <button type="button" className="btn btn-sm btn-ghost" onClick={onDiscard}>
              Discard
            </button>
          </>
        ) : (
          <span>{message.status === "acked" ? "Received" : "Sending…"}</span>
        )}
      </div>
    </div>
  );
});

import type { ConversationSummary } from "@kubemedic/protocol";
import { memo, useState } from "react";
import { useDeleteConversation, useRenameConversation } from "../../api/hooks";
import { describeError } from "../../api/WebError";
import { useClient } from "../../app/clientContext";
import { routePath } from "../../ui/router";
import { Icon } from "../common/Icon";

const STATUS_DOT: Partial<
  Record<NonNullable<ConversationSummary["lastTurnStatus"]>, [string, string]>
> = {
  running: ["dot-run", "running"],
  awaiting_approval: ["dot-warn", "waiting for approval"],
  failed: ["dot-err", "last turn failed"],
  interrupted: ["dot-err", "last turn interrupted"],
};

/** One conversation in the list: open it, rename it in place, or delete it after a confirmation. */
export const ConversationItem = memo(function ConversationItem({
  conversation,
  selected,
  onOpen,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const client = useClient();
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  const [mode, setMode] = useState<"view" | "rename" | "confirm">("view");
  const [title, setTitle] = useState(conversation.title);
  const dot =
    conversation.lastTurnStatus === null ? undefined : STATUS_DOT[conversation.lastTurnStatus];
  const fail = (what: string) => (error: unknown) =>
    client.notices.setState((l) => [
      ...l,
      { id: Date.now(), text: `Could not ${what}: ${describeError(error)}` },
    ]);

  if (mode === "rename") {
    const save = () => {
      const next = title.trim();
      setMode("view");
      if (next !== "" && next !== conversation.title) {
        rename.mutate(
          { id: conversation.id, title: next },
          { onError: fail("rename the conversation") },
        );
      }
    };
    return (
      <div className="conv-item">
        <input
          className="conv-rename"
          aria-label="Conversation title"
          value={title}
          maxLength={200}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === "Enter") save();
            if (e.key === "Escape") {
              setTitle(conversation.title);
              setMode("view");
            }
          }}
        />
      </div>
    );
  }

  if (mode === "confirm") {
    return (
      <div
        className="conv-item"
        style={{ padding: "4px 6px", gap: 6 }}
        role="group"
        aria-label="Confirm delete"
      >
        <span className="conv-title small">Delete “{conversation.title}”?</span>
        <button
          type="button"
          className="btn btn-sm btn-danger"
          autoFocus
          onClick={() => {
            setMode("view");
            remove.mutate(conversation.id, {
              onSuccess: () => {
                client.forget(conversation.id);
                if (selected) client.router.navigate({ name: "home" }, { replace: true });
              },
              onError: fail("delete the conversation"),
            });
          }}
        >
          Delete
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setMode("view")}>
          Cancel
        </button>
      </div>
    );
  }

  return (
    <div
      className="conv-item"
      aria-current={selected ? "page" : undefined}
      data-testid="conversation-item"
    >
      <a
        className="conv-link"
        href={routePath({ name: "conversation", id: conversation.id })}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          client.router.navigate({ name: "conversation", id: conversation.id });
          onOpen();
        }}
      >
        {dot !== undefined && (
          <span className={`dot ${dot[0]}`} title={dot[1]} aria-label={dot[1]} />
        )}
        <span className="conv-title">{conversation.title}</span>
      </a>
      <span className="conv-tools">
        <button
          type="button"
          className="icon-btn"
          aria-label={`Rename “${conversation.title}”`}
          onClick={() => {
            setTitle(conversation.title);
            setMode("rename");
          }}
        >
          <Icon name="pencil" />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label={`Delete “${conversation.title}”`}
          onClick={() => setMode("confirm")}
        >
          <Icon name="trash" />
        </button>
      </span>
    </div>
  );
});

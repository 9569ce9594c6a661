import type { ConversationSummary } from "@kubemedic/protocol";
import { memo, useState } from "react";
import { useDeleteConversation, useRenameConversation } from "../../api/hooks";
import { describeError } from "../../api/WebError";
import { useClient } from "../../app/clientContext";
import { routePath } from "../../ui/router";
import { Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

const STATUS_DOT = {
  running: "dot-run",
  awaiting_approval: "dot-warn",
  failed: "dot-err",
  interrupted: "dot-err",
} as const;
type DotStatus = keyof typeof STATUS_DOT;

function hasDot(status: ConversationSummary["lastTurnStatus"]): status is DotStatus {
  return status !== null && status in STATUS_DOT;
}

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
  const t = useT();
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  const [mode, setMode] = useState<"view" | "rename" | "confirm">("view");
  const [title, setTitle] = useState(conversation.title);
  const status = conversation.lastTurnStatus;
  const dot = hasDot(status) ? [STATUS_DOT[status], t.conversationItem.status[status]] : undefined;
  const fail = (what: string) => (error: unknown) =>
    client.notices.setState((l) => [
      ...l,
      { id: Date.now(), text: t.conversationItem.couldNot(what, describeError(error)) },
    ]);

  if (mode === "rename") {
    const save = () => {
      const next = title.trim();
      setMode("view");
      if (next !== "" && next !== conversation.title) {
        rename.mutate(
          { id: conversation.id, title: next },
          { onError: fail(t.conversationItem.renameWhat) },
        );
      }
    };
    return (
      <div className="conv-item">
        <input
          className="conv-rename"
          aria-label={t.conversationItem.titleField}
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
        aria-label={t.conversationItem.confirmDelete}
      >
        <span className="conv-title small">
          {t.conversationItem.deleteQuestion(conversation.title)}
        </span>
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
              onError: fail(t.conversationItem.deleteWhat),
            });
          }}
        >
          {t.conversationItem.delete}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setMode("view")}>
          {t.conversationItem.cancel}
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
          aria-label={t.conversationItem.rename(conversation.title)}
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
          aria-label={t.conversationItem.deleteLabel(conversation.title)}
          onClick={() => setMode("confirm")}
        >
          <Icon name="trash" />
        </button>
      </span>
    </div>
  );
});

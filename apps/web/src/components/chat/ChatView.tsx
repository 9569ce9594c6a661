import { kubectlLine, type AffectedResource, type Recommendation } from "@kubemedic/protocol";
import { useEffect, useMemo, useRef } from "react";
import { useConversationDetail } from "../../api/hooks";
import { describeError, WebError } from "../../api/WebError";
import { useClient } from "../../app/clientContext";
import { resourceLabel } from "../../lib/format";
import { findPlaceholder } from "../../lib/commandLine";
import { turnGoingOn, userTextOf } from "../../stream/selectors";
import type { TurnView } from "../../stream/streamTypes";
import { useActiveTurn, useConversationStream } from "../../stream/useStream";
import { Composer, focusComposer } from "./Composer";
import { LiveAnnouncer } from "./LiveAnnouncer";
import { Timeline } from "./Timeline";
import type { RowActions } from "./TimelineRowView";
import { useT } from "../../i18n/i18n";

/** Renders every row when the URL says `?virtualize=0` (the render benchmark's baseline). */
const virtualize = new URLSearchParams(location.search).get("virtualize") !== "0";

/**
 * One conversation: fetched over REST (TanStack Query), made live by the stream
 * store, watched on the shared socket. Switching conversations re-keys this view;
 * the socket stays as it is.
 */
export function ChatView({ id }: { id: string }) {
  const client = useClient();
  const detail = useConversationDetail(id);
  const stream = useConversationStream(id);
  const active = useActiveTurn(id);
  const t = useT();
  // Read in callbacks made once per conversation: the language of the moment they run.
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    client.focus(id);
    return () => client.focus(null);
  }, [client, id]);

  // Esc stops the running turn from anywhere in the chat, not only the message box.
  useEffect(() => {
    if (active === undefined) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("textarea, input, select") && target.id !== "composer") return;
      client.cancelTurn(id, active.id);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [client, id, active]);

  const actions = useMemo<RowActions>(
    () => ({
      conversationId: id,
      toggle: client.ui.toggleExpanded,
      decide: (turnId, decisions) => client.decide(id, turnId, decisions),
      ask: (resource: AffectedResource) => {
        client.ui.setAbout(id, resource);
        if ((client.ui.getState().drafts[id] ?? "").trim() === "") {
          client.ui.setDraft(id, tRef.current.chat.tellMeMore(resourceLabel(resource)));
        }
        focusComposer();
      },
      run: (r: Recommendation) => {
        if (r.command === undefined) return;
        const line = kubectlLine(r.command);
        const placeholder = findPlaceholder(line);
        if (placeholder !== null) {
          // `<value>` would reach the cluster literally: the user completes it first.
          client.ui.setDraft(id, line);
          focusComposer(placeholder);
          return;
        }
        // One turn at a time; the button is disabled meanwhile, this covers a stale click.
        if (turnGoingOn(client.stream.getState().conversations[id])) return;
        // The bare command line: the agent runs it as asked (a mutation goes through approval).
        client.sendMessage(id, line);
        focusComposer();
      },
      askAgain: (turn: TurnView) => {
        const text = userTextOf(turn);
        if (text !== null) client.sendMessage(id, text);
      },
      reply: (text: string) => {
        if (turnGoingOn(client.stream.getState().conversations[id])) return;
        client.sendMessage(id, text);
        focusComposer();
      },
      retry: (clientMessageId) => client.retrySend(id, clientMessageId),
      discard: (clientMessageId) =>
        client.stream.dispatch({ type: "outbox.discard", conversationId: id, clientMessageId }),
    }),
    [client, id],
  );

  if (stream?.hydrated !== true) {
    if (detail.isError) {
      const notFound = detail.error instanceof WebError && detail.error.code === "not_found";
      return (
        <div className="center" data-testid="chat-error">
          <div className="panel-box">
            <h2 style={{ marginTop: 0 }}>{notFound ? t.chat.notFound : t.chat.couldNotLoad}</h2>
            <p className="muted">{notFound ? t.chat.notFoundWhy : describeError(detail.error)}</p>
            <div className="actions" style={{ justifyContent: "center" }}>
              {!notFound && (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void detail.refetch()}
                >
                  {t.chat.tryAgain}
                </button>
              )}
              <button
                type="button"
                className="btn"
                onClick={() => client.router.navigate({ name: "home" })}
              >
                {t.chat.newConversation}
              </button>
            </div>
          </div>
        </div>
      );
    }
    return (
      <div className="chat" aria-busy="true" data-testid="chat-loading">
        <div className="row">
          <div className="row-inner">
            <div className="skeleton" style={{ width: "40%", marginLeft: "auto" }} />
            <div className="skeleton" style={{ width: "85%" }} />
            <div className="skeleton" style={{ width: "70%" }} />
            <div className="skeleton" style={{ width: "60%" }} />
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="chat">
      <Timeline conversationId={id} actions={actions} virtualize={virtualize} />
      <LiveAnnouncer conversationId={id} />
      <Composer
        draftKey={id}
        running={active !== undefined}
        placeholder={
          active?.status === "awaiting_approval" ? t.composer.decideFirst : t.composer.followUp
        }
        onSend={(text, about) => client.sendMessage(id, text, about)}
        onStop={() => {
          if (active !== undefined) client.cancelTurn(id, active.id);
        }}
      />
    </div>
  );
}

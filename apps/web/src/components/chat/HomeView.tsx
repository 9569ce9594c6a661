import type { ObjectRef } from "@kubemedic/protocol";
import { useState } from "react";
import { describeError } from "../../api/WebError";
import { useClient } from "../../app/clientContext";
import { Composer } from "./Composer";
import { EmptyState } from "./EmptyState";
import { useT } from "../../i18n/i18n";

/** A new conversation: the start screen and the message box. The conversation is created on the first send. */
export function HomeView() {
  const client = useClient();
  const [starting, setStarting] = useState(false);
  const t = useT();
  const start = (text: string, about?: ObjectRef) => {
    if (starting) return;
    setStarting(true);
    client.startConversation(text, about).catch((error: unknown) => {
      // Put the question back so nothing typed is lost.
      if ((client.ui.getState().drafts.new ?? "") === "") client.ui.setDraft("new", text);
      client.notices.setState((list) => [
        ...list,
        { id: Date.now(), text: t.empty.couldNotStart(describeError(error)) },
      ]);
      setStarting(false);
    });
  };
  return (
    <div className="chat">
      <EmptyState onAsk={(q) => start(q)} />
      <Composer
        draftKey="new"
        running={false}
        placeholder={t.composer.placeholder}
        onSend={start}
        onStop={() => undefined}
      />
    </div>
  );
}

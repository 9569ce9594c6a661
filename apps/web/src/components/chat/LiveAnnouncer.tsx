import { useEffect, useRef, useState } from "react";
import { useConversationStream } from "../../stream/useStream";

/** How often new streamed text is handed to screen readers. @default 1_200 */
const FLUSH_MS = 1_200;

/**
 * A polite live region for screen readers: the streamed answer in sentence-sized
 * additions (not token by token, which would be unreadable), and the turn's
 * state changes. Each flush appends a new node so only the addition is read.
 */
export function LiveAnnouncer({ conversationId }: { conversationId: string }) {
  const stream = useConversationStream(conversationId);
  const [chunks, setChunks] = useState<{ id: number; text: string }[]>([]);
  const spoken = useRef<{ key: string; length: number }>({ key: "", length: 0 });
  const lastStatus = useRef<string | null>(null);
  const latest = useRef(stream);
  latest.current = stream;

  useEffect(() => {
    let id = 0;
    const push = (text: string) => {
      if (text.trim() === "") return;
      setChunks((list) => [...list.slice(-20), { id: ++id, text }]);
    };
    let first = true;
    const timer = setInterval(() => {
      const turn = latest.current?.turns.at(-1);
      if (turn === undefined) return;
      const message = turn.items.findLast((i) => i.kind === "assistant");
      if (first && message?.kind === "assistant" && !message.streaming) {
        // What was already on screen when the view opened is not news.
        spoken.current = { key: message.key, length: message.text.length };
      }
      first = false;
      if (message?.kind === "assistant") {
        if (spoken.current.key !== message.key) spoken.current = { key: message.key, length: 0 };
        // Speak up to the last sentence end while streaming; everything once complete.
        const end = message.streaming
          ? Math.max(message.text.lastIndexOf(". "), message.text.lastIndexOf("\n")) + 1
          : message.text.length;
        if (end > spoken.current.length) {
          push(message.text.slice(spoken.current.length, end));
          spoken.current.length = end;
        }
      }
      if (turn.status !== lastStatus.current) {
        const previous = lastStatus.current;
        lastStatus.current = turn.status;
        if (previous !== null) push(STATUS_TEXT[turn.status]);
      }
    }, FLUSH_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="false" data-testid="live-region">
      {chunks.map((c) => (
        <span key={c.id}>{c.text} </span>
      ))}
    </div>
  );
}

const STATUS_TEXT = {
  running: "kubemedic is investigating.",
  awaiting_approval: "A command is waiting for your approval.",
  completed: "The answer is complete.",
  failed: "The turn failed.",
  cancelled: "The turn was stopped.",
  interrupted: "The turn was interrupted.",
} as const;

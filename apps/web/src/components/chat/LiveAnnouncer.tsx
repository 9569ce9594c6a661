import { useEffect, useRef, useState } from "react";
import { useConversationStream } from "../../stream/useStream";
import { useT } from "../../i18n/i18n";

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
  const latest = useRef(stream);
  latest.current = stream;
  const t = useT();
  const live = useRef(t.live);
  live.current = t.live;

  useEffect(() => {
    let id = 0;
    const push = (text: string) => {
      if (text.trim() === "") return;
      setChunks((list) => [...list.slice(-20), { id: ++id, text }]);
    };
    // What is on screen when the view opens is not news. Taken now, not at the first
    // tick: a quick turn started from this view may be over by then, and is news.
    const spoken = new Map<string, number>();
    for (const turn of latest.current?.turns ?? []) {
      for (const item of turn.items)
        if (item.kind === "assistant") spoken.set(item.key, item.text.length);
    }
    const opened = latest.current?.turns.at(-1);
    let lastStatus = opened === undefined ? "" : `${opened.id}:${opened.status}`;
    const timer = setInterval(() => {
      const turns = latest.current?.turns ?? [];
      // Every message that grew since the last flush, in order: a turn may say
      // several things between two flushes.
      for (const turn of turns.slice(-2)) {
        for (const item of turn.items) {
          if (item.kind !== "assistant") continue;
          const said = spoken.get(item.key) ?? 0;
          // Up to the last sentence end while streaming; everything once complete.
          const end = item.streaming
            ? Math.max(item.text.lastIndexOf(". "), item.text.lastIndexOf("\n")) + 1
            : item.text.length;
          if (end > said) {
            push(item.text.slice(said, end));
            spoken.set(item.key, end);
          }
        }
      }
      const turn = turns.at(-1);
      if (turn === undefined) return;
      const status = `${turn.id}:${turn.status}`;
      if (status !== lastStatus) {
        lastStatus = status;
        push(live.current[turn.status]);
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

import { createContext, useContext } from "react";
import { useStore } from "../lib/useStore";
import { activeTurn } from "./selectors";
import type { StreamStore } from "./StreamStore";
import type { ConversationStream, TurnView } from "./streamTypes";
import { timelineRows, type TimelineRow } from "./timelineRows";

export const StreamContext = createContext<StreamStore | null>(null);

function useStreamStore(): StreamStore {
  const store = useContext(StreamContext);
  if (store === null) throw new Error("StreamContext is missing");
  return store;
}

export function useConversationStream(id: string | null): ConversationStream | undefined {
  return useStore(useStreamStore(), (s) => (id === null ? undefined : s.conversations[id]));
}

export function useTimelineRows(id: string | null): TimelineRow[] {
  return useStore(useStreamStore(), (s) =>
    timelineRows(id === null ? undefined : s.conversations[id]),
  );
}

export function useActiveTurn(id: string | null): TurnView | undefined {
  return useStore(useStreamStore(), (s) =>
    activeTurn(id === null ? undefined : s.conversations[id]),
  );
}

import {
  PROTOCOL_VERSION,
  type ApprovalDecision,
  type ConversationDetail,
  type ObjectRef,
  type ServerFrame,
} from "@kubemedic/protocol";
import { QueryClient } from "@tanstack/react-query";
import { api } from "../api/endpoints";
import { queryKeys } from "../api/queryKeys";
import { WebError } from "../api/WebError";
import { createStore, type Store } from "../lib/createStore";
import { randomId, titleFrom } from "../lib/ids";
import { ConnectionManager } from "../socket/ConnectionManager";
import { browserSocket, sameOriginSocketUrl, type SocketFactory } from "../socket/socketFactory";
import { hasGap, resumePoint } from "../stream/selectors";
import { createStreamStore, type StreamStore } from "../stream/StreamStore";
import { createRouter, type Router } from "../ui/router";
import type { KeyValueStorage } from "../ui/safeStorage";
import { createUiStore, type UiStore } from "../ui/uiStore";

export interface Notice {
  id: number;
  text: string;
}

/**
 * The app's composition root outside React: the query cache (server state),
 * the stream store (live conversations), the UI store, the router and the one
 * socket, wired together. Components read the stores through hooks and call
 * the actions below; none of them talks to the socket directly.
 */
export interface KubemedicClient {
  queryClient: QueryClient;
  stream: StreamStore;
  ui: UiStore;
  router: Router;
  connection: ConnectionManager;
  notices: Store<Notice[]>;
  /** The conversation on screen: fetched, hydrated, then watched on the socket. */
  focus: (conversationId: string | null) => void;
  startConversation: (text: string, about?: ObjectRef) => Promise<string>;
  sendMessage: (conversationId: string, text: string, about?: ObjectRef) => void;
  retrySend: (conversationId: string, clientMessageId: string) => void;
  cancelTurn: (conversationId: string, turnId: string) => void;
  decide: (conversationId: string, turnId: string, decisions: ApprovalDecision[]) => void;
  forget: (conversationId: string) => void;
  dismissNotice: (id: number) => void;
  dispose: () => void;
}

export interface ClientOptions {
  storage: KeyValueStorage | null;
  socket?: SocketFactory;
  socketUrl?: () => string;
  win?: Window;
}

/** How long frames may wait behind a gap before asking the server for a replay. @default 800 */
const GAP_WAIT_MS = 800;

/** Conversations kept subscribed (the open one and those recently open). @default 16 */
const MAX_WATCHED = 16;

export function createClient(options: ClientOptions): KubemedicClient {
  const win = options.win ?? window;
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 3 && error instanceof WebError && error.retryable,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
  const stream = createStreamStore();
  const ui = createUiStore(options.storage);
  const router = createRouter(win);
  const notices = createStore<Notice[]>([]);
  const watched = new Set<string>();
  const refetching = new Set<string>();
  const gapTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let focused: string | null = null;
  let noticeId = 0;

  const notify = (text: string) =>
    notices.setState((list) => [...list.slice(-3), { id: ++noticeId, text }]);

  const fetchDetail = (id: string) =>
    queryClient.fetchQuery({
      queryKey: queryKeys.conversation(id),
      queryFn: ({ signal }) => api.conversation(id, signal),
      staleTime: 0,
    });

  const watch = (id: string) => {
    watched.delete(id);
    watched.add(id);
    // The connection re-opens at most this many after a reconnect; keep the same set here.
    for (const old of watched) {
      if (watched.size <= MAX_WATCHED) break;
      watched.delete(old);
    }
    connection.watch(id);
  };

  const onFrame = (frame: ServerFrame) => {
    if (frame.type === "error") {
      const c =
        frame.conversationId === undefined
          ? undefined
          : stream.getState().conversations[frame.conversationId];
      const matchesSend = c?.outbox.some((m) => m.clientMessageId === frame.requestId) ?? false;
      if (!matchesSend) notify(frame.message);
      if (frame.conversationId !== undefined) {
        for (const turnId of Object.keys(ui.getState().deciding)) ui.setDeciding(turnId, false);
      }
    }
    stream.dispatch({ type: "frame", frame });
    if (frame.type === "event") {
      const { event } = frame;
      if (
        event.type === "turn.completed" ||
        event.type === "turn.failed" ||
        event.type === "turn.cancelled"
      ) {
        ui.setDeciding(event.turnId, false);
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversationsAll });
        // The stored copy has what only the server knows (report ids); merging keeps the view.
        fetchDetail(frame.conversationId).catch(() => undefined);
      } else if (event.type === "approval.resolved") {
        ui.setDeciding(event.turnId, false);
      } else if (event.type === "turn.started" || event.type === "approval.requested") {
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversationsAll });
      }
    }
  };

  const connection = new ConnectionManager({
    url: options.socketUrl ?? (() => sameOriginSocketUrl(PROTOCOL_VERSION)),
    socket: options.socket ?? browserSocket,
    onFrame,
    onInvalidFrame: (reason) => console.warn(`kubemedic: ignored a server frame: ${reason}`),
    resumeFrom: (id) => resumePoint(stream.getState().conversations[id]),
    onOpen: () => void queryClient.invalidateQueries({ queryKey: queryKeys.conversationsAll }),
    maxWatched: MAX_WATCHED,
  });

  // A fetched conversation becomes the stream's base, then the socket takes over.
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    const [kind, id] = event.query.queryKey as readonly unknown[];
    if (kind !== "conversation" || typeof id !== "string") return;
    stream.dispatch({ type: "hydrate", detail: event.query.state.data as ConversationDetail });
    if (id === focused && !watched.has(id)) watch(id);
  });

  // Stale conversations are re-fetched; a gap that does not fill is replayed.
  const unsubscribeStream = stream.subscribe(() => {
    const { conversations } = stream.getState();
    for (const id of watched) {
      const c = conversations[id];
      if (c?.stale === true && !refetching.has(id)) {
        refetching.add(id);
        // Re-based on the snapshot, then ask for whatever came after it.
        fetchDetail(id)
          .then(() => connection.reopen(id))
          .catch(() => undefined)
          .finally(() => refetching.delete(id));
      }
      if (hasGap(c) && !gapTimers.has(id)) {
        gapTimers.set(
          id,
          setTimeout(() => {
            gapTimers.delete(id);
            if (hasGap(stream.getState().conversations[id])) connection.reopen(id);
          }, GAP_WAIT_MS),
        );
      }
    }
  });

  const sendMessage = (conversationId: string, text: string, about?: ObjectRef) => {
    const clientMessageId = randomId();
    stream.dispatch({
      type: "send",
      conversationId,
      clientMessageId,
      text,
      at: new Date().toISOString(),
      ...(about === undefined ? {} : { about }),
    });
    connection.sendMessage({
      conversationId,
      text,
      clientMessageId,
      ...(about === undefined ? {} : { selectedResource: about }),
    });
  };

  const onOnline = () => connection.retryNow();
  const onVisible = () => {
    if (win.document.visibilityState === "visible") connection.retryNow();
  };
  win.addEventListener("online", onOnline);
  win.document.addEventListener("visibilitychange", onVisible);
  connection.start();

  return {
    queryClient,
    stream,
    ui,
    router,
    connection,
    notices,
    focus(id) {
      focused = id;
      if (id === null) return;
      const c = stream.getState().conversations[id];
      if (c?.hydrated === true) watch(id);
      // Otherwise the view's query fetches it and the cache subscription watches it.
    },
    async startConversation(text, about) {
      const { clusterContext, namespace } = ui.getState();
      const summary = await api.createConversation({
        title: titleFrom(text),
        ...(clusterContext === null ? {} : { clusterContext }),
        ...(namespace === null ? {} : { namespace }),
      });
      const detail: ConversationDetail = { conversation: summary, turns: [], lastSeq: 0 };
      stream.dispatch({ type: "hydrate", detail });
      queryClient.setQueryData(queryKeys.conversation(summary.id), detail);
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversationsAll });
      router.navigate({ name: "conversation", id: summary.id });
      focused = summary.id;
      watch(summary.id);
      sendMessage(summary.id, text, about);
      return summary.id;
    },
    sendMessage,
    retrySend(conversationId, clientMessageId) {
      const entry = stream
        .getState()
        .conversations[conversationId]?.outbox.find((m) => m.clientMessageId === clientMessageId);
      if (entry === undefined) return;
      // The same message again: same id, same text, same resource it was about.
      stream.dispatch({
        type: "send",
        conversationId,
        clientMessageId,
        text: entry.text,
        at: entry.createdAt,
        ...(entry.about === undefined ? {} : { about: entry.about }),
      });
      connection.sendMessage({
        conversationId,
        text: entry.text,
        clientMessageId,
        ...(entry.about === undefined ? {} : { selectedResource: entry.about }),
      });
    },
    cancelTurn(conversationId, turnId) {
      connection.send({ type: "turn.cancel", conversationId, turnId });
    },
    decide(conversationId, turnId, decisions) {
      ui.setDeciding(turnId, true);
      connection.send({ type: "approval.decide", conversationId, turnId, decisions });
    },
    forget(conversationId) {
      watched.delete(conversationId);
      connection.unwatch(conversationId);
      stream.dispatch({ type: "forget", conversationId });
      queryClient.removeQueries({ queryKey: queryKeys.conversation(conversationId) });
    },
    dismissNotice(id) {
      notices.setState((list) => list.filter((n) => n.id !== id));
    },
    dispose() {
      unsubscribeCache();
      unsubscribeStream();
      for (const timer of gapTimers.values()) clearTimeout(timer);
      win.removeEventListener("online", onOnline);
      win.document.removeEventListener("visibilitychange", onVisible);
      connection.dispose();
      router.dispose();
      queryClient.clear();
    },
  };
}

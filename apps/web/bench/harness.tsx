import { QueryClientProvider } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { ClientContext } from "../src/app/clientContext";
import { createClient, type KubemedicClient } from "../src/app/createClient";
import { Timeline } from "../src/components/chat/Timeline";
import type { RowActions } from "../src/components/chat/TimelineRowView";
import { frame, investigationFrames, sampleApproval } from "../src/stream/eventFixtures";
import { StreamContext } from "../src/stream/useStream";
import { memoryStorage } from "../src/ui/memoryStorage";
import "../src/styles/app.css";
import { conversationFixture } from "./conversationFixture";
import { neverSocket } from "./neverSocket";

/**
 * `?messages=500&virtualize=1`: renders a recorded conversation of that many
 * messages in the real Timeline, then streams 60 deltas into a new turn, and
 * leaves the timings in `window.__bench`.
 * `?gallery=1`: every card in every state, for looking at them without a server.
 */
declare global {
  interface Window {
    __bench?: {
      renderMs: number;
      settledMs: number;
      deltaMs: number[];
      domNodes: number;
      rows: number;
    };
  }
}

const params = new URLSearchParams(location.search);
const theme = params.get("theme");
if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
const client = createClient({
  storage: memoryStorage(),
  socket: neverSocket,
  socketUrl: () => "ws://0.0.0.0:9/",
});
const rootEl = document.getElementById("root");
if (rootEl === null) throw new Error("no #root");
rootEl.style.height = "100vh";
rootEl.style.display = "flex";
rootEl.style.flexDirection = "column";
const root = createRoot(rootEl);

const actions = (id: string): RowActions => ({
  conversationId: id,
  toggle: client.ui.toggleExpanded,
  decide: () => undefined,
  ask: () => undefined,
  run: () => undefined,
  askAgain: () => undefined,
  reply: () => undefined,
  retry: () => undefined,
  discard: () => undefined,
});

function view(c: KubemedicClient, id: string, virtualize: boolean) {
  return (
    <ClientContext.Provider value={c}>
      <StreamContext.Provider value={c.stream}>
        <QueryClientProvider client={c.queryClient}>
          <div className="chat">
            <Timeline conversationId={id} actions={actions(id)} virtualize={virtualize} />
          </div>
        </QueryClientProvider>
      </StreamContext.Provider>
    </ClientContext.Provider>
  );
}

const layout = () => document.getElementById("root")?.getBoundingClientRect().height ?? 0;
const frameDone = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

async function bench() {
  const messages = Number(params.get("messages") ?? "500");
  const virtualize = params.get("virtualize") !== "0";
  const id = "bench";
  client.stream.dispatch({ type: "hydrate", detail: conversationFixture(id, messages) });
  let lastMutation = 0;
  new MutationObserver(() => (lastMutation = performance.now())).observe(rootEl as HTMLElement, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  const t0 = performance.now();
  flushSync(() => root.render(view(client, id, virtualize)));
  layout();
  const renderMs = performance.now() - t0;
  for (let i = 0; i < 4; i++) await frameDone();
  const settledMs = lastMutation - t0;

  // A new turn streaming into the end of the long conversation.
  let seq = client.stream.getState().conversations[id]?.lastSeq ?? 0;
  const turnId = "live";
  const send = (event: Parameters<typeof frame>[2]) =>
    client.stream.dispatch({ type: "frame", frame: frame(id, ++seq, event) });
  send({
    type: "turn.started",
    turnId,
    model: "offline-diagnostician",
    startedAt: new Date().toISOString(),
  });
  send({
    type: "user.message",
    turnId,
    messageId: "live-u",
    text: "and now?",
    createdAt: new Date().toISOString(),
  });
  await frameDone();
  const deltaMs: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    flushSync(() =>
      send({ type: "assistant.delta", turnId, messageId: "live-a", delta: `token ${i} ` }),
    );
    layout();
    deltaMs.push(performance.now() - t);
    await frameDone();
  }
  window.__bench = {
    renderMs,
    settledMs,
    deltaMs,
    domNodes: document.getElementsByTagName("*").length,
    rows: Number(document.querySelector("[data-rows]")?.getAttribute("data-rows") ?? 0),
  };
}

function gallery() {
  const id = "gallery";
  const apply = (frames: ReturnType<typeof investigationFrames>) =>
    frames.forEach((f) => client.stream.dispatch({ type: "frame", frame: f }));
  apply(investigationFrames(id, "t1"));
  let seq = 13;
  const f = (event: Parameters<typeof frame>[2]) => frame(id, ++seq, event);
  apply([
    f({
      type: "turn.started",
      turnId: "t2",
      model: "offline-diagnostician",
      startedAt: new Date().toISOString(),
    }),
    f({
      type: "user.message",
      turnId: "t2",
      messageId: "t2-u",
      text: "scale checkout back to 3 replicas",
      createdAt: new Date().toISOString(),
    }),
    f({ type: "approval.requested", turnId: "t2", requests: [sampleApproval] }),
  ]);
  client.ui.toggleExpanded("t:t1-c1", false);
  client.stream.dispatch({
    type: "send",
    conversationId: id,
    clientMessageId: "client-failed-1",
    text: "also check cart",
    at: new Date().toISOString(),
  });
  client.stream.dispatch({
    type: "send.failed",
    conversationId: id,
    clientMessageId: "client-failed-1",
    code: "turn_in_progress",
    message: "a turn is already running in this conversation",
  });
  root.render(view(client, id, true));
}

if (params.get("gallery") === "1") gallery();
else void bench();

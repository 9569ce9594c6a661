// First: zod must not compile validators with eval under the CSP (see no-eval.ts).
import "@kubemedic/protocol/no-eval";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppRoot } from "./app/App";
import { createClient } from "./app/createClient";
import { preloadMarkdown } from "./components/chat/MarkdownText";
import { startI18n } from "./i18n/i18n";
import { browserStorage } from "./ui/safeStorage";
import "./styles/app.css";

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root");

// One client for the page's lifetime: the socket, the caches and the stores live
// outside React, so nothing a component does can tear them down.
const storage = browserStorage();
const client = createClient({ storage });

// The language first (a Chinese UI loads its catalogue chunk), so the first paint is in it.
void startI18n(storage).finally(() =>
  createRoot(root).render(
    <StrictMode>
      <AppRoot client={client} />
    </StrictMode>,
  ),
);

// The Markdown chunk is not needed for the first paint, but is by the first answer:
// fetch it as soon as the frame after the first render has been painted.
requestAnimationFrame(() =>
  setTimeout(() => {
    preloadMarkdown().catch(() => undefined);
  }, 0),
);

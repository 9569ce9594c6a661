import { QueryClientProvider } from "@tanstack/react-query";
import { useSession } from "../api/hooks";
import { WebError } from "../api/WebError";
import { ChatView } from "../components/chat/ChatView";
import { HomeView } from "../components/chat/HomeView";
import { COMPOSER_ID } from "../components/chat/Composer";
import { Notices } from "../components/layout/Notices";
import { OfflineBanner } from "../components/layout/OfflineBanner";
import { Sidebar } from "../components/layout/Sidebar";
import { TopBar } from "../components/layout/TopBar";
import { SCAN_ID, ScanView } from "../components/scan/ScanView";
import { StreamContext } from "../stream/useStream";
import { routePath } from "../ui/router";
import { ClientContext, useClient, useConnection, useRoute } from "./clientContext";
import type { KubemedicClient } from "./createClient";
import { ErrorBoundary } from "./ErrorBoundary";
import { SignIn } from "./SignIn";
import { useThemeSync } from "./useThemeSync";
import { useT } from "../i18n/i18n";

export function AppRoot({ client }: { client: KubemedicClient }) {
  return (
    <ClientContext.Provider value={client}>
      <StreamContext.Provider value={client.stream}>
        <QueryClientProvider client={client.queryClient}>
          <ErrorBoundary onRetry={() => void client.queryClient.resetQueries()}>
            <App />
          </ErrorBoundary>
        </QueryClientProvider>
      </StreamContext.Provider>
    </ClientContext.Provider>
  );
}

function App() {
  useThemeSync();
  const session = useSession();
  const wsStatus = useConnection((s) => s.status);
  const signedOut =
    (session.error instanceof WebError && session.error.code === "unauthorized") ||
    wsStatus === "unauthorized";
  if (signedOut) return <SignIn />;
  return (
    <div className="app">
      <SkipLink />
      <Sidebar />
      <main className="main">
        <TopBar />
        <OfflineBanner />
        <div className="main-body">
          <MainView />
        </div>
      </main>
      <Notices />
    </div>
  );
}

/** Skips to the message box, or, on the scan (which has none), to the findings. */
function SkipLink() {
  const route = useRoute();
  const t = useT();
  return route.name === "scan" ? (
    <a className="skip-link" href={`#${SCAN_ID}`}>
      {t.app.skipToFindings}
    </a>
  ) : (
    <a className="skip-link" href={`#${COMPOSER_ID}`}>
      {t.app.skipToComposer}
    </a>
  );
}

function MainView() {
  const client = useClient();
  const route = useRoute();
  const key = routePath(route);
  return (
    <ErrorBoundary resetKey={key} onRetry={() => void client.queryClient.invalidateQueries()}>
      {route.name === "conversation" ? (
        <ChatView key={route.id} id={route.id} />
      ) : route.name === "scan" ? (
        <ScanView />
      ) : (
        <HomeView />
      )}
    </ErrorBoundary>
  );
}

import { useEffect } from "react";
import { useConversationDetail, useSession } from "../../api/hooks";
import { useClient, useRoute, useUi } from "../../app/clientContext";
import { Icon } from "../common/Icon";
import { ConnectionBadge } from "./ConnectionBadge";
import { ScopePicker } from "./ScopePicker";
import { useT } from "../../i18n/i18n";

export function TopBar() {
  const client = useClient();
  const route = useRoute();
  const session = useSession();
  const t = useT();
  const theme = useUi((s) => s.theme);
  const namespace = useUi((s) => s.namespace);
  const scanTitle = namespace === null ? t.topBar.scanTitleAll : t.topBar.scanTitleNs(namespace);
  const detail = useConversationDetail(route.name === "conversation" ? route.id : null);
  const title =
    route.name === "scan"
      ? t.topBar.clusterScan
      : route.name === "conversation"
        ? (detail.data?.conversation.title ?? t.topBar.conversation)
        : t.topBar.newConversation;
  // The browser tab says where the user is (a conversation's title, the scan).
  useEffect(() => {
    document.title = route.name === "home" ? "kubemedic" : `${title} · kubemedic`;
  }, [route.name, title]);
  const effectiveTheme =
    theme ?? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  const model = session.data?.model;
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-btn menu-btn"
        aria-label={t.topBar.openList}
        onClick={() => client.ui.setSidebarOpen(true)}
      >
        <Icon name="menu" />
      </button>
      <h1 className="topbar-title" style={{ fontSize: 15, margin: 0 }} data-testid="page-title">
        {title}
      </h1>
      <ScopePicker />
      {model !== undefined && (
        <span
          className={`badge ${model.offline ? "" : "badge-accent"}`}
          data-testid="model-badge"
          title={model.offline ? t.topBar.offlineTitle : t.topBar.modelTitle(model.name)}
        >
          <Icon name="cross" className="icon" />
          {model.offline ? (
            // What answers, not the network: "offline" next to the connection dot read as
            // "you are offline". Narrow screens show "No LLM"; the rest stays for screen readers.
            <span className="model-name">
              {t.topBar.noLlm}
              <span className="model-rest">{t.topBar.playbook}</span>
            </span>
          ) : (
            <span className="model-name">{model.name}</span>
          )}
        </span>
      )}
      <ConnectionBadge />
      <button
        type="button"
        className={`btn btn-sm btn-ghost scan-btn ${route.name === "scan" ? "active" : ""}`}
        title={scanTitle}
        data-testid="scan-link"
        onClick={() => client.router.navigate({ name: "scan" })}
      >
        <Icon name="scan" />
        {/* The word hides on a phone; the accessible name stays whole. */}
        <span className="scan-label">{t.topBar.scan}</span>
        <span className="sr-only">
          {" "}
          {namespace === null ? t.topBar.allNamespaces : t.topBar.namespace(namespace)}
        </span>
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={effectiveTheme === "dark" ? t.topBar.toLight : t.topBar.toDark}
        data-testid="theme-toggle"
        onClick={() => client.ui.setTheme(effectiveTheme === "dark" ? "light" : "dark")}
      >
        <Icon name={effectiveTheme === "dark" ? "sun" : "moon"} />
      </button>
    </header>
  );
}

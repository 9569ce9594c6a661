import { useEffect, useMemo, useState } from "react";
import { useConversationList, useSession } from "../../api/hooks";
import { api } from "../../api/endpoints";
import { describeError } from "../../api/WebError";
import { useClient, useRoute, useUi } from "../../app/clientContext";
import { groupByDay } from "../../lib/groupByDay";
import { BrandMark, Icon } from "../common/Icon";
import { ConversationItem } from "./ConversationItem";
import { LanguageSwitch } from "./LanguageSwitch";
import { SearchResults } from "./SearchResults";
import { useLocale, useT } from "../../i18n/i18n";

/** The conversation list: newest first, grouped by day, searchable. */
export function Sidebar() {
  const client = useClient();
  const route = useRoute();
  const open = useUi((s) => s.sidebarOpen);
  const search = useUi((s) => s.search);
  const session = useSession();
  const t = useT();
  const [query, setQuery] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  // The list by recency while the box is empty; the full-text search once it has text.
  const list = useConversationList("");
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const locale = useLocale();
  const groups = useMemo(
    () => groupByDay(items, (c) => c.updatedAt, t.days, new Date(), locale),
    [items, t.days, locale],
  );
  const selected = route.name === "conversation" ? route.id : null;
  const close = () => client.ui.setSidebarOpen(false);

  return (
    <>
      <div className={`scrim ${open ? "open" : ""}`} onClick={close} aria-hidden="true" />
      <aside
        className={`sidebar ${open ? "open" : ""}`}
        aria-label={t.sidebar.label}
        data-testid="sidebar"
      >
        <div className="sidebar-head">
          <a
            className="brand"
            href="/"
            onClick={(e) => {
              e.preventDefault();
              client.router.navigate({ name: "home" });
              close();
            }}
          >
            <BrandMark />
            kubemedic
          </a>
          <button
            type="button"
            className="icon-btn menu-btn"
            aria-label={t.sidebar.close}
            onClick={close}
          >
            <Icon name="x" />
          </button>
        </div>
        <div className="sidebar-actions">
          <button
            type="button"
            className="btn btn-primary"
            data-testid="new-conversation"
            onClick={() => {
              client.router.navigate({ name: "home" });
              close();
            }}
          >
            <Icon name="plus" />
            {t.sidebar.newConversation}
          </button>
          <div className="search">
            <Icon name="search" />
            <input
              type="search"
              placeholder={t.sidebar.search}
              aria-label={t.sidebar.search}
              title={t.sidebar.searchHint}
              data-testid="conversation-search"
              value={search}
              onChange={(e) => client.ui.setSearch(e.target.value)}
            />
          </div>
        </div>
        {query !== "" ? (
          <SearchResults query={query} selected={selected} onOpen={close} />
        ) : (
          <nav className="conv-list" data-testid="conversation-list">
            {list.isLoading && (
              <>
                <div className="skeleton" />
                <div className="skeleton" style={{ width: "70%" }} />
              </>
            )}
            {list.isError && (
              <p className="small muted" style={{ padding: "0 6px" }}>
                {describeError(list.error)}{" "}
                <button type="button" className="btn btn-sm" onClick={() => void list.refetch()}>
                  {t.sidebar.retry}
                </button>
              </p>
            )}
            {list.isSuccess && items.length === 0 && (
              <p className="small muted" style={{ padding: "0 6px" }}>
                {t.sidebar.empty}
              </p>
            )}
            {groups.map((group) => (
              <section key={group.label} aria-label={group.label}>
                <div className="conv-group-label">{group.label}</div>
                {group.items.map((c) => (
                  <ConversationItem
                    key={c.id}
                    conversation={c}
                    selected={c.id === selected}
                    onOpen={close}
                  />
                ))}
              </section>
            ))}
            {list.hasNextPage && (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                style={{ margin: "8px 6px" }}
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? t.sidebar.loading : t.sidebar.older}
              </button>
            )}
          </nav>
        )}
        <div className="sidebar-foot">
          {session.data !== undefined ? (
            <>
              <div className="signed-in">
                <span>
                  {t.sidebar.signedInAs} <strong>{session.data.user}</strong>
                </span>
                <SignOutButton />
              </div>
              <div
                title={t.sidebar.policyTitle(session.data.approvalPolicy)}
                data-testid="approval-policy"
              >
                {t.sidebar.policy[session.data.approvalPolicy]}
              </div>
            </>
          ) : (
            "kubemedic"
          )}
          <LanguageSwitch />
        </div>
      </aside>
    </>
  );
}

/**
 * Ends the session on the server (its sockets close), then reloads: nothing of
 * the signed-in user stays in memory, and the sign-in form shows.
 */
function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-sm btn-ghost"
      disabled={busy}
      data-testid="sign-out"
      onClick={() => {
        setBusy(true);
        api
          .logout()
          .catch(() => undefined)
          .finally(() => window.location.assign("/"));
      }}
    >
      {t.sidebar.signOut}
    </button>
  );
}

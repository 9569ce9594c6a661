import { useConversationSearch } from "../../api/hooks";
import { describeError } from "../../api/WebError";
import { useClient } from "../../app/clientContext";
import { useT } from "../../i18n/i18n";
import { routePath } from "../../ui/router";

/**
 * The history search's answers: each conversation whose title, messages or reports have the
 * words, with where they matched and the text around them. A result opens its conversation.
 */
export function SearchResults({
  query,
  selected,
  onOpen,
}: {
  query: string;
  selected: string | null;
  onOpen: () => void;
}) {
  const client = useClient();
  const t = useT();
  const search = useConversationSearch(query);
  const hits = search.data?.items ?? [];
  return (
    <nav className="conv-list" aria-label={t.sidebar.results} data-testid="search-results">
      {search.isLoading && <div className="skeleton" />}
      {search.isError && (
        <p className="small muted" style={{ padding: "0 6px" }}>
          {describeError(search.error)}{" "}
          <button type="button" className="btn btn-sm" onClick={() => void search.refetch()}>
            {t.sidebar.retry}
          </button>
        </p>
      )}
      {search.isSuccess && hits.length === 0 && (
        <p className="small muted" style={{ padding: "0 6px" }}>
          {t.sidebar.nothingMatches(query)}
        </p>
      )}
      {hits.map((hit) => (
        <div
          key={hit.conversation.id}
          className="conv-item search-hit"
          aria-current={hit.conversation.id === selected ? "page" : undefined}
          data-testid="search-hit"
        >
          <a
            className="conv-link"
            href={routePath({ name: "conversation", id: hit.conversation.id })}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              client.router.navigate({ name: "conversation", id: hit.conversation.id });
              onOpen();
            }}
          >
            <span className="conv-title">{hit.conversation.title}</span>
            {hit.matchedIn !== "title" && (
              <span className="search-snippet" data-testid="search-snippet">
                <span className="badge">{t.sidebar.matchedIn[hit.matchedIn]}</span> {hit.snippet}
              </span>
            )}
          </a>
        </div>
      ))}
    </nav>
  );
}

import { useClusters, useConversationDetail, usePatchScope } from "../../api/hooks";
import { describeError } from "../../api/WebError";
import { useClient, useRoute, useUi } from "../../app/clientContext";
import { useT } from "../../i18n/i18n";

/**
 * Cluster context and namespace. On a conversation they show (and change) that
 * conversation's scope; elsewhere they set the scope for new conversations and
 * the scan. The choice is remembered across reloads.
 */
export function ScopePicker() {
  const client = useClient();
  const route = useRoute();
  const t = useT();
  const conversationId = route.name === "conversation" ? route.id : null;
  const detail = useConversationDetail(conversationId);
  const patch = usePatchScope();
  const uiContext = useUi((s) => s.clusterContext);
  const uiNamespace = useUi((s) => s.namespace);
  const summary = detail.data?.conversation;
  const context = summary?.clusterContext ?? uiContext;
  const namespace = summary === undefined ? uiNamespace : summary.namespace;
  const clusters = useClusters(context);

  const contexts = clusters.data?.contexts ?? [];
  const current = context ?? contexts.find((c) => c.current)?.name ?? null;
  const namespaces = clusters.data?.namespaces ?? [];

  const change = (next: { clusterContext?: string; namespace?: string | null }) => {
    client.ui.setScope(next);
    if (conversationId !== null) {
      patch.mutate(
        { id: conversationId, ...next },
        {
          onError: (error) =>
            client.notices.setState((l) => [
              ...l,
              { id: Date.now(), text: t.scope.couldNotChange(describeError(error)) },
            ]),
        },
      );
    }
  };

  return (
    <div className="scope" data-testid="scope-picker">
      <label>
        <span className="hide-narrow scope-label">{t.scope.context}</span>
        <select
          aria-label={t.scope.contextLabel}
          title={current ?? undefined}
          value={current ?? ""}
          disabled={contexts.length === 0}
          onChange={(e) => change({ clusterContext: e.target.value, namespace: null })}
        >
          {contexts.length === 0 && (
            <option value="">{clusters.isLoading ? t.scope.loading : t.scope.noContext}</option>
          )}
          {contexts.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
              {c.demo ? t.scope.demo : ""}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="hide-narrow scope-label">{t.scope.namespace}</span>
        <select
          aria-label={t.scope.namespace}
          data-testid="namespace-select"
          value={namespace ?? ""}
          onChange={(e) => change({ namespace: e.target.value === "" ? null : e.target.value })}
          title={clusters.data?.error ?? undefined}
        >
          <option value="">{t.scope.allNamespaces}</option>
          {namespace !== null && !namespaces.includes(namespace) && (
            <option value={namespace}>{namespace}</option>
          )}
          {namespaces.map((ns) => (
            <option key={ns} value={ns}>
              {ns}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

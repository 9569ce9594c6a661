import { useSession } from "../../api/hooks";
import { useClient, useUi } from "../../app/clientContext";
import { BrandMark, Icon } from "../common/Icon";
import { useT } from "../../i18n/i18n";

/** The start screen: what kubemedic does and questions that work right away. */
export function EmptyState({ onAsk }: { onAsk: (question: string) => void }) {
  const client = useClient();
  const session = useSession();
  const t = useT();
  const namespace = useUi((s) => s.namespace);
  const demo = session.data?.demoCluster === true;
  // Asked in the UI's language: the agent answers in the language of the question.
  const examples = demo ? t.empty.demoExamples : t.empty.clusterExamples(namespace ?? "default");
  return (
    <div className="empty" data-testid="empty-state">
      <BrandMark />
      <h1>{t.empty.title}</h1>
      <p>
        {t.empty.intro}
        {demo && t.empty.demo}
      </p>
      <button
        type="button"
        className="btn start-scan"
        data-testid="start-scan"
        onClick={() => client.router.navigate({ name: "scan" })}
      >
        <Icon name="scan" />
        {namespace === null ? t.empty.scanCluster : t.empty.scanNamespace(namespace)}
        <span className="muted small">{t.empty.scanHint}</span>
      </button>
      <div className="examples">
        {examples.map((e) => (
          <button
            type="button"
            key={e.question}
            className="example"
            data-testid="example"
            onClick={() => onAsk(e.question)}
          >
            {e.question}
            <span>{e.hint}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

import { useSession } from "../../api/hooks";
import { useClient, useUi } from "../../app/clientContext";
import { BrandMark, Icon } from "../common/Icon";

/** Questions the built-in demo cluster can answer (packages/demo-cluster/scenarios). */
const DEMO_EXAMPLES = [
  { question: "Why is checkout failing in shop?", hint: "a pod in CrashLoopBackOff" },
  {
    question: "Payments are down — what's wrong in the payments namespace?",
    hint: "an image that cannot be pulled",
  },
  {
    question: "Why does report-worker in analytics keep restarting?",
    hint: "a container out of memory",
  },
  {
    question: "Why is the trainer pod in ml stuck in Pending?",
    hint: "a pod that cannot be scheduled",
  },
  {
    question: "www.acme.example returns 503 from the web namespace — why?",
    hint: "a Service with no endpoints",
  },
  { question: "Is anything wrong in the storefront namespace?", hint: "a healthy namespace" },
];

function clusterExamples(namespace: string | null) {
  const ns = namespace ?? "default";
  return [
    { question: `What is wrong in the ${ns} namespace?`, hint: "analyze, then explain" },
    {
      question: `Which pods in ${ns} are restarting, and why?`,
      hint: "restarts and previous logs",
    },
    { question: `Are there warning events in ${ns}?`, hint: "recent events, grouped" },
    { question: "Which deployments are not fully available?", hint: "replicas against readiness" },
    { question: "Are any nodes not ready?", hint: "node conditions and taints" },
    { question: "Scan the cluster for problems", hint: "every analyzer, every namespace" },
  ];
}

/** The start screen: what kubemedic does and questions that work right away. */
export function EmptyState({ onAsk }: { onAsk: (question: string) => void }) {
  const client = useClient();
  const session = useSession();
  const namespace = useUi((s) => s.namespace);
  const demo = session.data?.demoCluster === true;
  const examples = demo ? DEMO_EXAMPLES : clusterExamples(namespace);
  return (
    <div className="empty" data-testid="empty-state">
      <BrandMark />
      <h1>What is going wrong in your cluster?</h1>
      <p>
        Ask in plain words. kubemedic investigates with read-only kubectl and analyzers, shows every
        command it runs, and ends with a diagnosis you can act on. Nothing changes without your
        approval.
        {demo && " You are connected to the built-in demo cluster, full of realistic faults."}
      </p>
      <button
        type="button"
        className="btn start-scan"
        data-testid="start-scan"
        onClick={() => client.router.navigate({ name: "scan" })}
      >
        <Icon name="scan" />
        {namespace === null ? "Scan cluster" : `Scan namespace ${namespace}`}
        <span className="muted small">every analyzer, no question needed</span>
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

import type { DiagnosisReport } from "@kubemedic/protocol";
import type * as AgentExports from "@kubemedic/agent";
import type { Cluster } from "@kubemedic/kube";
import { createHeadlessAgent } from "../headlessAgent";

type AgentModule = typeof AgentExports;
type ModelHandle = ReturnType<AgentModule["createModel"]>;

/** One headless turn's outcome, as the quality suite needs it. */
export interface DiagnosisRun {
  report: DiagnosisReport | undefined;
  degraded: boolean;
  toolCalls: number;
  /** Why the turn produced no report (failed, cancelled, or a plain answer). */
  failure: string | undefined;
}

/**
 * Asks one question through the full agent graph exactly as `kubemedic
 * diagnose` does (createHeadlessAgent), with the model from the environment
 * (offline unless OPENAI_API_KEY/BASE_URL is set).
 */
export async function diagnoseScenario(
  agentModule: AgentModule,
  model: ModelHandle,
  cluster: Cluster,
  question: string,
  namespace: string,
  signal: AbortSignal,
): Promise<DiagnosisRun> {
  const agent = createHeadlessAgent(agentModule, model, cluster);
  const run: DiagnosisRun = {
    report: undefined,
    degraded: false,
    toolCalls: 0,
    failure: undefined,
  };
  for await (const event of agent.runTurn({
    conversationId: `quality-${crypto.randomUUID()}`,
    turnId: `turn-${crypto.randomUUID()}`,
    user: "quality",
    namespace,
    input: { text: question },
    signal,
  })) {
    switch (event.type) {
      case "tool.finished":
        run.toolCalls++;
        break;
      case "report.ready":
        run.report = event.report;
        run.degraded = event.degraded === true;
        break;
      case "turn.failed":
        run.failure = `the turn failed: ${event.code}: ${event.message}`;
        break;
      case "turn.cancelled":
        run.failure = "the turn was cancelled";
        break;
      case "turn.started":
      case "turn.completed":
      case "assistant.delta":
      case "assistant.message":
      case "tool.started":
      case "approval.requested":
      case "approval.resolved":
      case "route.decided":
      case "plan.created":
      case "plan.revised":
      case "plan.step.started":
      case "plan.step.finished":
      case "verification.progress":
      case "verification.finished":
      case "clarification.requested":
      case "turn.scoped":
      case "history.summarized":
        break;
      default:
        // Events newer than this runner (a clarifying question, the context) do not change a diagnosis.
        break;
    }
  }
  if (run.report === undefined && run.failure === undefined)
    run.failure = "no report: the agent answered without investigating";
  return run;
}

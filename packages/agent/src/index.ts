/**
 * @kubemedic/agent — the LangGraph troubleshooting graph (prepare → agent →
 * tools / approve / report), its YAML config, the models (ChatOpenAI for any
 * OpenAI-compatible endpoint, or the offline diagnostician), the kubectl and
 * k8sgpt tools, approvals, diagnosis reports, and the stream of protocol
 * events. docs/agent.md is the guide; docs/graph-config.md the config reference.
 *
 * ## Calling it (the gateway, the CLI)
 *
 * ```ts
 * const agent = createAgent({
 *   model: createModel(process.env),                  // { model, label, offline }
 *   checkpointer: await createPostgresCheckpointer(pool), // schema "langgraph"; never saver.end()
 *   config: loadGraphConfig(),                         // KUBEMEDIC_GRAPH_CONFIG or the packaged default
 *   clusterFor: (context) => clusters.get(context),    // a @kubemedic/kube Cluster
 *   logger,
 * });
 * for await (const event of agent.runTurn({ conversationId, turnId, user, clusterContext, namespace,
 *                                            input: { text, selectedResource }, signal })) { … }
 * ```
 *
 * `runTurn` (thread id = conversationId) yields `AgentEvent`s, each with the
 * given turnId:
 * - a new question: `turn.started` first; then `assistant.delta` while tokens
 *   stream, `assistant.message` per complete AI message (same messageId as its
 *   deltas), `tool.started`/`tool.finished` per call, `report.ready` after a
 *   diagnosis; and exactly one terminal event: `turn.completed` (with `usage`
 *   when known, `partial: true` when a limit ended it), `turn.failed` (`code`:
 *   llm_rate_limited | llm_error | timeout | cluster_unreachable | internal…),
 *   or `turn.cancelled` (the signal fired, or the consumer stopped iterating).
 * - a turn that needs approval ends its stream with `approval.requested`
 *   (no terminal event): it is paused in the checkpointer. Resume it — later,
 *   from any process sharing the database — with
 *   `runTurn({ conversationId, turnId: <the same>, user, input: { decisions } })`.
 *   The resumed stream has no `turn.started`; it starts with
 *   `approval.resolved` and ends like any turn. Invalid decisions throw an
 *   `AgentError` (`no_pending_approval` | `invalid_decision`) on the first
 *   `next()`, before any event, and the turn stays paused. A call without a
 *   decision counts as rejected.
 * - `pendingApproval(conversationId)` returns `{ turnId, requests }` of a paused
 *   turn (e.g. after a restart), or null.
 * - a new question while a turn is paused discards the pause: the pending calls
 *   are answered "not run: the user moved on" before the new question.
 * - a text input that is empty or over 32 000 characters throws
 *   `AgentError("invalid_input")` before any event; so does a second concurrent
 *   turn of one conversation in the same agent (`turn_in_progress`).
 */
export { createAgent } from "./agent";
export type { Agent, CreateAgentOptions } from "./agent";
export { createHeadlessAgent } from "./headless-agent";
export type { HeadlessAgentOptions } from "./headless-agent";
export type {
  RunTurnParams,
  RunTurnInput,
  PendingApproval,
  CheckpointedNext,
} from "./run/run-turn";
export type { MutationLog, MutationStart, MutationResult } from "./run/mutation-log";
export { createModel, DEFAULT_OPENAI_MODEL } from "./models/create-model";
export { OfflineDiagnostician, OFFLINE_LABEL } from "./models/offline/offline-diagnostician";
export type { ModelHandle, AgentLogger } from "./graph/deps";
export { combineHooks } from "./hooks/agent-hooks";
export type {
  AgentHooks,
  HookTurn,
  HookNode,
  HookModelCall,
  HookTokenUsage,
  HookToolCall,
  HookPlanEvent,
  HookTurnOutcome,
} from "./hooks/agent-hooks";
export { createOtelTracing, otelHooks, otelTracingFromEnv } from "./tracing/otel-hooks";
export type { OtelTracing } from "./tracing/otel-hooks";
export type { SelectedResource } from "./graph/state";
export {
  loadGraphConfig,
  parseGraphConfig,
  defaultGraphConfig,
  GraphConfigSchema,
  DEFAULT_GRAPH_CONFIG_PATH,
  APPROVAL_POLICIES,
} from "./config/graph-config";
export type { GraphConfig, GraphConfigInput, ApprovalPolicy } from "./config/graph-config";
export {
  createPostgresCheckpointer,
  createMemoryCheckpointer,
  CHECKPOINT_SCHEMA,
} from "./checkpointer";
export { AgentError, isAgentError, AGENT_ERROR_CODES } from "./errors";
export type { AgentErrorCode } from "./errors";
export {
  kubectlTool,
  KubectlArgs,
  planKubectl,
  runKubectl,
  KUBECTL_DESCRIPTION,
} from "./tools/kubectl-tool";
export type { KubectlPlan } from "./tools/kubectl-tool";
export { k8sgptTool, K8sgptArgs, runK8sgpt } from "./tools/k8sgpt-tool";
export type { K8sgptStructured } from "./tools/k8sgpt-tool";
export { kubeBackend } from "./tools/kube-backend";
export type { ClusterBackend } from "./tools/cluster-backend";
export type { ToolSettings } from "./tools/tool-settings";
export type { ToolArtifact, ToolOutcome } from "./tools/tool-result";
export { CHARS_PER_TOKEN } from "./context/estimate-tokens";
export { parseIntent } from "./intent";
export type { Intent, IntentKind } from "./intent";

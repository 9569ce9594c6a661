import { ToolMessage } from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { redactCommand } from "@kubemedic/kube";
import type { ApprovalPolicy } from "../../config/graph-config";
import { CHARS_PER_TOKEN } from "../../context/estimate-tokens";
import { runK8sgpt } from "../../tools/k8sgpt-tool";
import { runKubectl } from "../../tools/kubectl-tool";
import type { ApprovalRequest } from "@kubemedic/protocol";
import type { ClusterBackend } from "../../tools/cluster-backend";
import { isToolArtifact, type ToolArtifact, type ToolOutcome } from "../../tools/tool-result";
import type { ProblemSnapshot } from "../../verify/problem-map";
import { takeSnapshot } from "../../verify/take-snapshot";
import { rollbackCommands, targetsOf, type VerifyPlan } from "../../verify/verify-plan";
import type { ToolSettings } from "../../tools/tool-settings";
import { emit, turnContext, type GraphDeps } from "../deps";
import {
  changesCluster,
  pendingPlans,
  planContext,
  type MutatingCall,
  type PlannedCall,
} from "../planned-call";
import type { AgentStateUpdate, AgentStateValue } from "../state";

/**
 * Runs the model's pending tool calls, as planned when the agent node ended:
 * read-only calls in parallel (up to `limits.maxParallelTools`), then approved
 * mutations one by one in the order the model asked. Every call ends as a
 * ToolMessage (errors included, so the model can correct itself) with a
 * `ToolArtifact`, and as a pair of tool.started / tool.finished events.
 */
export function toolsNode(deps: GraphDeps) {
  const { limits, budgets, nodes, approval } = deps.config;
  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const { backend } = turnContext(config);
    const plans = pendingPlans(state, planContext(deps.config, state));
    const settings: ToolSettings = {
      backend,
      namespace: state.turn?.namespace,
      timeoutMs: limits.toolTimeoutMs,
      retry: nodes.tools.retry,
      maxOutputChars: budgets.toolOutputTokens * CHARS_PER_TOKEN,
      ...(config.signal === undefined ? {} : { signal: config.signal }),
    };
    const run = (plan: PlannedCall): Promise<ToolMessage> =>
      runCall(plan, { settings, policy: approval.policy, state, config });

    const reads = plans.filter((p) => !changesCluster(p));
    const writes = plans.filter(changesCluster);
    const results = new Map<string, ToolMessage>();
    for (let i = 0; i < reads.length; i += limits.maxParallelTools) {
      const batch = reads.slice(i, i + limits.maxParallelTools);
      const done = await Promise.all(batch.map(run));
      batch.forEach((p, j) => results.set(p.id, done[j] as ToolMessage));
    }
    const verify = await beforeChanges(deps, state, writes, backend, config.signal);
    for (const p of writes) results.set(p.id, await run(p));
    const ran = writes.filter(
      (p) =>
        isToolArtifact(results.get(p.id)?.artifact) &&
        (results.get(p.id)?.artifact as ToolArtifact).status === "ok",
    );
    // Answers in the order of the calls, as the model expects them.
    return {
      messages: plans.map((p) => results.get(p.id) as ToolMessage),
      ...(verify === undefined || ran.length === 0 ? {} : { verifyPlan: verify(ran) }),
    };
  };
}

/**
 * Before approved changes run: the findings of the namespaces they touch (the verify node
 * compares with them afterwards). Only when verification is on and something approved is
 * about to run, so turns without changes pay nothing.
 */
async function beforeChanges(
  deps: GraphDeps,
  state: AgentStateValue,
  writes: PlannedCall[],
  backend: ClusterBackend,
  signal: AbortSignal | undefined,
): Promise<((ran: PlannedCall[]) => VerifyPlan) | undefined> {
  if (!deps.config.nodes.verify.enabled || deps.config.approval.policy !== "approve-mutations")
    return undefined;
  const approved = new Map<string, { plan: MutatingCall; request: ApprovalRequest }>();
  for (const p of writes) {
    const request = state.pendingApprovals.find((r) => r.toolCallId === p.id);
    const decision = state.decisions.find((d) => d.toolCallId === p.id);
    if (request !== undefined && decision?.decision === "approve" && p.kind === "kubectl")
      approved.set(p.id, { plan: p as MutatingCall, request });
  }
  if (approved.size === 0) return undefined;
  const fallback = state.turn?.namespace ?? backend.defaultNamespace;
  const changed = [...approved.entries()].flatMap(([id, { plan, request }]) =>
    targetsOf(request).map((t) => ({
      id,
      target: {
        ...t,
        ...(t.namespace === undefined && !CLUSTER_SCOPED.has(t.kind) && fallback !== undefined
          ? { namespace: fallback }
          : {}),
        verb: plan.parsed.verb,
      },
    })),
  );
  const namespaces = [...new Set(changed.map((c) => c.target.namespace ?? null))];
  let before: ProblemSnapshot;
  try {
    before = await takeSnapshot(backend, namespaces, signal);
  } catch (error) {
    deps.logger?.warn?.({ err: String(error) }, "verification baseline failed; not verifying");
    return undefined;
  }
  const startedAt = Date.now();
  return (ran) => ({
    toolCallIds: ran.map((p) => p.id),
    changed: changed.filter((c) => ran.some((p) => p.id === c.id)).map((c) => c.target),
    namespaces,
    before,
    startedAt,
    rollback: ran.flatMap((p) => {
      const a = approved.get(p.id);
      return a === undefined ? [] : rollbackCommands(a.plan, a.request);
    }),
  });
}

/** Kinds without a namespace: a change to one is compared over every namespace. */
const CLUSTER_SCOPED = new Set([
  "Node",
  "Namespace",
  "PersistentVolume",
  "StorageClass",
  "ClusterRole",
  "ClusterRoleBinding",
  "CustomResourceDefinition",
  "PriorityClass",
  "IngressClass",
]);

interface CallContext {
  settings: ToolSettings;
  policy: ApprovalPolicy;
  state: AgentStateValue;
  config: LangGraphRunnableConfig;
}

async function runCall(plan: PlannedCall, ctx: CallContext): Promise<ToolMessage> {
  const base = {
    toolCallId: plan.id,
    tool: plan.tool,
    // Events are shown, sent and stored: the command line as the engine would log it.
    command: redactCommand(plan.command),
    classification: plan.classification,
  };
  emit(ctx.config, { type: "tool.started", ...base, startedAt: new Date().toISOString() });
  const outcome = await execute(plan, ctx);
  const a = outcome.artifact;
  emit(ctx.config, {
    type: "tool.finished",
    ...base,
    command: redactCommand(a.command),
    classification: a.classification,
    status: a.status,
    durationMs: Math.max(0, a.durationMs),
    outputPreview: outcome.content,
    truncated: a.truncated,
  });
  return new ToolMessage({
    content: outcome.content,
    tool_call_id: plan.id,
    name: plan.kind === "invalid" ? plan.name : plan.tool,
    status: a.status === "ok" ? "success" : "error",
    artifact: a,
  });
}

async function execute(plan: PlannedCall, ctx: CallContext): Promise<ToolOutcome> {
  switch (plan.kind) {
    case "invalid":
      return notRun(plan, plan.error, "error");
    case "k8sgpt":
      return runK8sgpt(plan.args, ctx.settings);
    case "kubectl":
      return changesCluster(plan) ? mutate(plan, ctx) : runKubectl(plan, ctx.settings);
  }
}

async function mutate(plan: MutatingCall, ctx: CallContext): Promise<ToolOutcome> {
  switch (ctx.policy) {
    case "read-only":
      return notRun(
        plan,
        `Refused: this session is read-only, so commands that change the cluster are not run. Recommend "kubectl ${plan.command}" to the user instead.`,
        "refused",
      );
    case "suggest-only":
      return {
        content: `Not run: this session only suggests changes. The command was shown to the user as a suggestion: kubectl ${plan.command}`,
        artifact: {
          ...artifactBase(plan),
          status: "suggested",
          summary: `kubectl ${plan.command} → suggested to the user, not run`,
        },
      };
    case "approve-mutations": {
      // The approval card was built from this same plan (approve.ts), and what runs is its
      // parsed command: the call's arguments are not read again, whatever they say now.
      const decision = ctx.state.decisions.find((d) => d.toolCallId === plan.id);
      const asked = ctx.state.pendingApprovals.some((r) => r.toolCallId === plan.id);
      if (decision?.decision !== "approve" || !asked) {
        return notRun(
          plan,
          "Refused: this command changes the cluster and was not approved by the user.",
          "refused",
        );
      }
      return recorded(plan, ctx, () => runKubectl(plan, ctx.settings, { allowMutations: true }));
    }
  }
}

/**
 * Runs an approved change between its two records (run/mutation-log.ts): the start is
 * written before it runs, and when that write fails it does not run; the result right after.
 */
async function recorded(
  plan: MutatingCall,
  ctx: CallContext,
  run: () => Promise<ToolOutcome>,
): Promise<ToolOutcome> {
  const log = turnContext(ctx.config).mutationLog;
  if (log === undefined) return run();
  try {
    await log.started({
      toolCallId: plan.id,
      tool: "kubectl",
      command: redactCommand(plan.command),
      startedAt: new Date().toISOString(),
    });
  } catch (error) {
    return notRun(
      plan,
      `Error: the change could not be recorded before it ran (${(error as Error).message}), so it was not run.`,
      "error",
    );
  }
  const outcome = await run();
  const a = outcome.artifact;
  // The change ran: a failure to record its result must not hide that from the model.
  await log
    .finished({
      toolCallId: plan.id,
      status: a.status,
      durationMs: Math.max(0, Math.round(a.durationMs)),
      outputPreview: outcome.content,
      truncated: a.truncated,
    })
    .catch(() => undefined);
  return outcome;
}

function artifactBase(plan: PlannedCall): Omit<ToolArtifact, "status" | "summary"> {
  return {
    tool: plan.tool,
    command: plan.command,
    classification: plan.classification,
    durationMs: 0,
    truncated: false,
    attempts: 0,
  };
}

function notRun(plan: PlannedCall, message: string, status: ToolArtifact["status"]): ToolOutcome {
  const name = plan.kind === "invalid" ? plan.name : plan.tool;
  return {
    content: message,
    artifact: {
      ...artifactBase(plan),
      status,
      summary: `${name} ${plan.command} → ${status}: ${message.slice(0, 160)}`,
    },
  };
}

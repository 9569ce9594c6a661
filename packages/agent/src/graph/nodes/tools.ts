import { ToolMessage } from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { redactCommand } from "@kubemedic/kube";
import type { ApprovalPolicy } from "../../config/graph-config";
import { CHARS_PER_TOKEN } from "../../context/estimate-tokens";
import { runK8sgpt } from "../../tools/k8sgpt-tool";
import { runKubectl } from "../../tools/kubectl-tool";
import type { ToolArtifact, ToolOutcome } from "../../tools/tool-result";
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
    for (const p of writes) results.set(p.id, await run(p));
    // Answers in the order of the calls, as the model expects them.
    return { messages: plans.map((p) => results.get(p.id) as ToolMessage) };
  };
}

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
      return runKubectl(plan, ctx.settings, { allowMutations: true });
    }
  }
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

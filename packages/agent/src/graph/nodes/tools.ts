import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ToolClassification, ToolName } from "@kubemedic/protocol";
import { TOOL_NAMES } from "@kubemedic/protocol";
import type { ApprovalPolicy } from "../../config/graph-config";
import { lastAIWithAnswers } from "../../context/message-kinds";
import { CHARS_PER_TOKEN } from "../../context/estimate-tokens";
import { K8sgptArgs, k8sgptCommand, runK8sgpt } from "../../tools/k8sgpt-tool";
import { KubectlArgs, runKubectl } from "../../tools/kubectl-tool";
import type { ToolArtifact, ToolOutcome } from "../../tools/tool-result";
import type { ToolSettings } from "../../tools/tool-settings";
import { emit, turnContext, type GraphDeps } from "../deps";
import type { AgentStateUpdate, AgentStateValue } from "../state";
import { INVALID_ARGS_KEY } from "./agent";

/**
 * Runs the model's pending tool calls: read-only calls in parallel (up to
 * `limits.maxParallelTools`), then approved mutations one by one in the order
 * the model asked. Every call ends as a ToolMessage (errors included, so the
 * model can correct itself) with a `ToolArtifact`, and as a pair of
 * tool.started / tool.finished events.
 */
export function toolsNode(deps: GraphDeps) {
  const { limits, budgets, nodes, approval } = deps.config;
  const allowed = new Set<string>(nodes.tools.tools);
  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const { backend } = turnContext(config);
    const { ai, answered } = lastAIWithAnswers(state.messages);
    const calls = (ai?.tool_calls ?? []).filter((c) => c.id !== undefined && !answered.has(c.id));
    const settings: ToolSettings = {
      backend,
      namespace: state.turn?.namespace,
      timeoutMs: limits.toolTimeoutMs,
      retry: nodes.tools.retry,
      maxOutputChars: budgets.toolOutputTokens * CHARS_PER_TOKEN,
      ...(config.signal === undefined ? {} : { signal: config.signal }),
    };
    const run = (call: ToolCall): Promise<ToolMessage> =>
      runCall(call, { settings, allowed, policy: approval.policy, state, config });

    const isMutation = (c: ToolCall): boolean =>
      c.name === "kubectl" &&
      typeof c.args.command === "string" &&
      backend.classify(stripKubectl(c.args.command)).classification === "mutating";
    const reads = calls.filter((c) => !isMutation(c));
    const writes = calls.filter(isMutation);
    const results = new Map<string, ToolMessage>();
    for (let i = 0; i < reads.length; i += limits.maxParallelTools) {
      const batch = reads.slice(i, i + limits.maxParallelTools);
      const done = await Promise.all(batch.map(run));
      batch.forEach((c, j) => results.set(c.id as string, done[j] as ToolMessage));
    }
    for (const c of writes) results.set(c.id as string, await run(c));
    // Answers in the order of the calls, as the model expects them.
    return { messages: calls.map((c) => results.get(c.id as string) as ToolMessage) };
  };
}

interface CallContext {
  settings: ToolSettings;
  allowed: Set<string>;
  policy: ApprovalPolicy;
  state: AgentStateValue;
  config: LangGraphRunnableConfig;
}

async function runCall(call: ToolCall, ctx: CallContext): Promise<ToolMessage> {
  const id = call.id as string;
  const tool: ToolName = (TOOL_NAMES as readonly string[]).includes(call.name)
    ? (call.name as ToolName)
    : "kubectl";
  const command = commandOf(call, ctx.settings);
  const classification: ToolClassification =
    call.name === "kubectl" && command.length > 0
      ? ctx.settings.backend.classify(command).classification
      : "read";
  const startedAt = new Date();
  emit(ctx.config, {
    type: "tool.started",
    toolCallId: id,
    tool,
    command,
    classification,
    startedAt: startedAt.toISOString(),
  });
  const outcome = await execute(call, command, classification, ctx);
  const a = outcome.artifact;
  emit(ctx.config, {
    type: "tool.finished",
    toolCallId: id,
    tool,
    command: a.command,
    classification: a.classification,
    status: a.status,
    durationMs: Math.max(0, a.durationMs),
    outputPreview: outcome.content,
    truncated: a.truncated,
    ...(outcome.structuredForUi !== undefined
      ? { structured: outcome.structuredForUi }
      : a.structured === undefined
        ? {}
        : { structured: a.structured }),
  });
  return new ToolMessage({
    content: outcome.content,
    tool_call_id: id,
    name: call.name,
    status: a.status === "ok" ? "success" : "error",
    artifact: a,
  });
}

async function execute(
  call: ToolCall,
  command: string,
  classification: ToolClassification,
  ctx: CallContext,
): Promise<ToolOutcome> {
  const fail = (message: string, status: ToolArtifact["status"] = "error"): ToolOutcome => ({
    content: message,
    artifact: {
      tool: call.name === "k8sgpt" ? "k8sgpt" : "kubectl",
      command,
      classification,
      status,
      durationMs: 0,
      truncated: false,
      summary: `${call.name} ${command} → ${status}: ${message.slice(0, 160)}`,
      attempts: 0,
    },
  });
  if (INVALID_ARGS_KEY in call.args) {
    return fail(
      `Error: the arguments of this ${call.name} call were not valid JSON (${String(call.args.error)}). Call the tool again with a JSON object matching its schema.`,
    );
  }
  if (!ctx.allowed.has(call.name)) {
    return fail(
      `Error: the tool "${call.name}" is not available here. Available: ${[...ctx.allowed].join(", ")}.`,
    );
  }
  if (call.name === "k8sgpt") {
    const args = K8sgptArgs.safeParse(call.args);
    if (!args.success)
      return fail(
        `Error: invalid arguments: ${issues(args.error.issues)}. Fix them and call again.`,
      );
    return runK8sgpt(args.data, ctx.settings);
  }
  const args = KubectlArgs.safeParse(call.args);
  if (!args.success)
    return fail(`Error: invalid arguments: ${issues(args.error.issues)}. Fix them and call again.`);
  if (classification !== "mutating") return runKubectl(args.data, ctx.settings);

  switch (ctx.policy) {
    case "read-only":
      return fail(
        `Refused: this session is read-only, so commands that change the cluster are not run. Recommend "kubectl ${command}" to the user instead.`,
        "refused",
      );
    case "suggest-only":
      return {
        content: `Not run: this session only suggests changes. The command was shown to the user as a suggestion: kubectl ${command}`,
        artifact: {
          tool: "kubectl",
          command,
          classification,
          status: "suggested",
          durationMs: 0,
          truncated: false,
          summary: `kubectl ${command} → suggested to the user, not run`,
          attempts: 0,
        },
      };
    case "approve-mutations": {
      const decision = ctx.state.decisions.find((d) => d.toolCallId === call.id);
      const request = ctx.state.pendingApprovals.find((r) => r.toolCallId === call.id);
      // Runs only what the user saw: the same call, the same command line and manifest.
      const same =
        request !== undefined &&
        request.command === command &&
        (request.manifest ?? undefined) === (args.data.manifest ?? undefined);
      if (decision?.decision !== "approve" || !same) {
        return fail(
          "Refused: this command changes the cluster and was not approved by the user.",
          "refused",
        );
      }
      return runKubectl(args.data, ctx.settings, { allowMutations: true });
    }
  }
}

function commandOf(call: ToolCall, settings: ToolSettings): string {
  if (call.name === "kubectl") {
    return typeof call.args.command === "string" ? stripKubectl(call.args.command) : "";
  }
  if (call.name === "k8sgpt") {
    const parsed = K8sgptArgs.safeParse(call.args);
    return k8sgptCommand(parsed.success ? parsed.data : {}, settings.namespace);
  }
  return call.name;
}

function stripKubectl(line: string): string {
  return line.trim().replace(/^kubectl\s+/, "");
}

function issues(list: readonly { path: PropertyKey[]; message: string }[]): string {
  return list
    .map((i) => `${i.path.map(String).join(".") || "(arguments)"}: ${i.message}`)
    .join("; ");
}

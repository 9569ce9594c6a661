import { ToolMessage } from "@langchain/core/messages";
import { Command, interrupt, type LangGraphRunnableConfig } from "@langchain/langgraph";
import {
  APPROVAL_LIMITS as L,
  type ApprovalRequest,
  type ResolvedApproval,
} from "@kubemedic/protocol";
import {
  commandSecrets,
  manifestSecrets,
  maskSecrets,
  redactCommand,
  redactManifest,
  type MutationPreview,
  type ParsedCommand,
} from "@kubemedic/kube";
import type { ClusterBackend } from "../../tools/cluster-backend";
import type { ToolArtifact } from "../../tools/tool-result";
import { ApprovalResume, type ApprovalInterrupt } from "../approval-payload";
import { emit, turnContext, type GraphDeps } from "../deps";
import { changesCluster, pendingPlans, planContext, type MutatingCall } from "../planned-call";
import { rejectedMessage, rejectionKey, repeatAnswer, type RejectedCommand } from "../rejections";
import type { AgentStateValue } from "../state";

/** What a rejected call is answered with: final, so the model does not try again. */
function rejectionText(reason: string | undefined): string {
  return (
    `Rejected by the user${reason ? `: ${reason}` : " (no reason given)"}. This decision is final: ` +
    "do not run this command again or a variant of it. Tell the user what you would have done and what they can do instead."
  );
}

/**
 * The approval gate. All pending mutating calls of the model's message are
 * shown at once: one `interrupt()` per visit, never one per call (parallel
 * interrupts in one node surface one at a time and re-run the node).
 *
 * First visit: computes each call's preview and stores the requests in state,
 * then loops to itself, so that the interrupt (and a resume after a restart)
 * shows exactly the stored requests; nothing before `interrupt()` re-runs
 * anything with effects.
 */
export function approveNode(deps: GraphDeps) {
  return async (state: AgentStateValue, config: LangGraphRunnableConfig): Promise<Command> => {
    const { backend } = turnContext(config);
    const namespace = state.turn?.namespace;
    const plans = pendingPlans(state, planContext(deps.config, state));
    const gated = plans.filter(changesCluster);
    const pendingIds = state.pendingApprovals.map((r) => r.toolCallId).join(",");
    if (gated.map((p) => p.id).join(",") !== pendingIds) {
      // A command the user already rejected in this turn is not asked again, whatever its call id.
      const rejectedBefore = new Map(state.rejectedCommands.map((r) => [r.key, r]));
      const repeats: ToolMessage[] = [];
      const overLimit = fixAttemptsUsed(state, deps.config.limits.maxFixAttempts);
      const fresh = gated.filter((p) => {
        const earlier = rejectedBefore.get(rejectionKey(p, namespace));
        if (earlier !== undefined) repeats.push(repeatAnswer(p.id, earlier));
        else if (overLimit !== undefined) repeats.push(overLimitAnswer(p, overLimit));
        return earlier === undefined && overLimit === undefined;
      });
      const prepared = await Promise.all(
        fresh.map((p) => prepareRequest(backend, p, namespace, config.signal)),
      );
      const requests = prepared.flatMap((p) => (p.kind === "request" ? [p.request] : []));
      const failed = [
        ...repeats,
        ...prepared.flatMap((p) => (p.kind === "failed" ? [p.message] : [])),
      ];
      for (const m of failed) emitAnswered(config, m);
      const failedIds = new Set(failed.map((m) => m.tool_call_id));
      const remaining = plans.filter((p) => !failedIds.has(p.id));
      return new Command({
        update: { pendingApprovals: requests, messages: failed },
        goto: requests.length > 0 ? "approve" : remaining.length > 0 ? "tools" : "agent",
      });
    }

    const payload: ApprovalInterrupt = {
      kind: "kubemedic.approval",
      turnId: state.turn?.turnId ?? "",
      requests: state.pendingApprovals,
    };
    const resume = ApprovalResume.parse(interrupt(payload));
    const decisions: ResolvedApproval[] = state.pendingApprovals.map((r) => {
      const d = resume.decisions.find((x) => x.toolCallId === r.toolCallId);
      return {
        toolCallId: r.toolCallId,
        decision: d?.decision ?? "reject",
        ...(d === undefined
          ? { reason: "no decision was given" }
          : d.reason === undefined
            ? {}
            : { reason: d.reason }),
        by: resume.by,
        at: resume.at,
      };
    });
    emit(config, { type: "approval.resolved", decisions });

    const rejected = decisions.filter((d) => d.decision === "reject");
    const gatedById = new Map(gated.map((p) => [p.id, p]));
    const messages: ToolMessage[] = [];
    const rejectedCommands: RejectedCommand[] = [...state.rejectedCommands];
    for (const d of rejected) {
      const request = state.pendingApprovals.find(
        (r) => r.toolCallId === d.toolCallId,
      ) as ApprovalRequest;
      const message = rejectedMessage(
        d.toolCallId,
        request.command,
        rejectionText(d.reason),
        `kubectl ${request.command} → rejected by the user${d.reason ? `: ${d.reason}` : ""}`,
        d.reason,
      );
      emitAnswered(config, message);
      messages.push(message);
      // Keyed from the plan the card was built from (the card's copy may be cut to its limits).
      const plan = gatedById.get(d.toolCallId);
      rejectedCommands.push({
        key: plan === undefined ? cardKey(request, namespace) : rejectionKey(plan, namespace),
        command: request.command,
        ...(d.reason === undefined ? {} : { reason: d.reason }),
      });
    }
    const remaining = plans.filter((p) => !rejected.some((r) => r.toolCallId === p.id));
    return new Command({
      update: { decisions, messages, rejectedCommands },
      goto: remaining.length > 0 ? "tools" : "agent",
    });
  };
}

/**
 * `limits.maxFixAttempts`: once that many changes were verified in this turn without the
 * problem resolved, no more are asked for, except one rollback after a change that made
 * things worse. Returns the explanation when the limit is reached.
 */
function fixAttemptsUsed(state: AgentStateValue, max: number): string | undefined {
  const n = state.verifications.length;
  const last = state.verifications.at(-1);
  if (n < max || (n === max && last?.outcome === "worse")) return undefined;
  return `this turn already made ${n} verified changes (limits.maxFixAttempts = ${max})`;
}

function overLimitAnswer(plan: MutatingCall, why: string): ToolMessage {
  const content = `Refused: ${why}. It was not run and not shown for approval. Tell the user what is left and why, and what they can do.`;
  const artifact: ToolArtifact = {
    tool: "kubectl",
    command: redactCommand(plan.command),
    classification: "mutating",
    status: "refused",
    durationMs: 0,
    truncated: false,
    summary: `kubectl ${redactCommand(plan.command)} → refused: ${why}`,
    attempts: 0,
  };
  return new ToolMessage({
    content,
    tool_call_id: plan.id,
    name: "kubectl",
    status: "error",
    artifact,
  });
}

/** The key of a card whose plan is gone (its call was taken out of the message): the card's own words. */
function cardKey(request: ApprovalRequest, namespace: string | undefined): string {
  return JSON.stringify([request.command, namespace ?? "", request.manifest ?? ""]);
}

/** A call answered without running (rejected, or not previewable) still gets its tool log. */
function emitAnswered(config: LangGraphRunnableConfig, message: ToolMessage): void {
  const a = message.artifact as ToolArtifact;
  const at = new Date().toISOString();
  const base = {
    toolCallId: message.tool_call_id,
    tool: a.tool,
    command: a.command,
    classification: a.classification,
  };
  emit(config, { type: "tool.started", ...base, startedAt: at });
  emit(config, {
    type: "tool.finished",
    ...base,
    status: a.status,
    durationMs: 0,
    outputPreview: typeof message.content === "string" ? message.content : "",
    truncated: false,
  });
}

type Prepared =
  { kind: "request"; request: ApprovalRequest } | { kind: "failed"; message: ToolMessage };

async function prepareRequest(
  backend: ClusterBackend,
  plan: MutatingCall,
  namespace: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Prepared> {
  const { id, command, manifest } = plan;
  const reason = plan.reason ?? "(the agent gave no reason)";
  // The card is shown, sent and stored: a secret the command carries (typed by the user,
  // say) is masked in every field of it, not only in the diff the engine redacted.
  const secrets = [
    ...new Set([...commandSecrets(command), ...(manifest ? manifestSecrets(manifest) : [])]),
  ].sort((a, b) => b.length - a.length);
  const mask = (text: string) => maskSecrets(text, secrets);
  const shown = mask(redactCommand(command));
  let preview: Pick<MutationPreview, "target" | "summary" | "risk"> & Partial<MutationPreview>;
  try {
    preview = await backend.preview(plan.parsed, {
      ...(namespace === undefined ? {} : { namespace }),
      ...(manifest === undefined ? {} : { manifest }),
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown; retryable?: unknown };
    const message = typeof e.message === "string" ? e.message : String(error);
    if (e.retryable !== true) {
      // The command cannot run as written (unknown object, bad flags): no point asking.
      const content = mask(
        `Error (${typeof e.code === "string" ? e.code : "error"}): ${message}. The command was not run and not shown for approval.`,
      );
      const artifact: ToolArtifact = {
        tool: "kubectl",
        command: shown,
        classification: "mutating",
        status: "error",
        durationMs: 0,
        truncated: false,
        summary: mask(`kubectl ${shown} → error: ${message}`),
        attempts: 0,
      };
      return {
        kind: "failed",
        message: new ToolMessage({
          content,
          tool_call_id: id,
          name: "kubectl",
          status: "error",
          artifact,
        }),
      };
    }
    preview = {
      target: targetOf(plan.parsed, namespace),
      summary: `Preview unavailable: ${message}`,
      risk: "high",
    };
  }
  // Every object it touches and the engine's remarks on the preview: a reviewer
  // must see "the server's dry run failed" before trusting an empty diff.
  const targets = preview.targets ?? [];
  const notes = preview.notes ?? [];
  return {
    kind: "request",
    request: {
      toolCallId: id,
      tool: "kubectl",
      command: shown.slice(0, L.command),
      ...(manifest === undefined
        ? {}
        : { manifest: mask(redactManifest(manifest)).slice(0, L.manifest) }),
      reason: mask(reason).slice(0, L.reason),
      risk: preview.risk,
      target: boundTarget(preview.target),
      ...(targets.length > 1
        ? {
            targets: targets.slice(0, L.targets).map(boundTarget),
            ...(targets.length > L.targets ? { targetsOmitted: targets.length - L.targets } : {}),
          }
        : {}),
      preview: {
        summary: mask(preview.summary).slice(0, L.summary),
        ...(preview.before === undefined
          ? {}
          : { before: mask(preview.before).slice(0, L.before) }),
        ...(preview.after === undefined ? {} : { after: mask(preview.after).slice(0, L.after) }),
        ...(preview.diff === undefined ? {} : { diff: mask(preview.diff).slice(0, L.diff) }),
        ...(notes.length > 0
          ? { notes: notes.slice(0, L.notes).map((n) => mask(n).slice(0, L.note)) }
          : {}),
      },
    },
  };
}

function boundTarget(t: ApprovalRequest["target"]): ApprovalRequest["target"] {
  return {
    kind: t.kind.slice(0, L.kind),
    ...(t.namespace === undefined ? {} : { namespace: t.namespace.slice(0, L.name) }),
    name: t.name.slice(0, L.name) || "(unknown)",
  };
}

/** Best effort when the engine could not preview: `scale deploy/checkout …` → `deploy`/`checkout`, from the parse. */
function targetOf(
  parsed: ParsedCommand,
  turnNamespace: string | undefined,
): ApprovalRequest["target"] {
  const [first = "", second = ""] = parsed.args;
  const [kind, name] = first.includes("/") ? first.split("/", 2) : [first, second];
  const namespace = parsed.namespace ?? turnNamespace;
  return {
    kind: kind || "object",
    name: name || "(unknown)",
    ...(namespace === undefined ? {} : { namespace }),
  };
}

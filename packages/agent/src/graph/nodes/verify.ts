import { ToolMessage } from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { VerificationCheck, VerificationResult } from "@kubemedic/protocol";
import { isTool, textOf } from "../../context/message-kinds";
import { isToolArtifact } from "../../tools/tool-result";
import { compareProblems } from "../../verify/compare-problems";
import { observeObject, objectName } from "../../verify/observe-object";
import { takeSnapshot } from "../../verify/take-snapshot";
import { verificationSummary, verificationText } from "../../verify/verification-text";
import type { NextStep, VerificationNote, VerifyPlan } from "../../verify/verify-plan";
import { watchList } from "../../verify/watch-list";
import { emit, turnContext, type GraphDeps } from "../deps";
import type { AgentStateUpdate, AgentStateValue } from "../state";

/**
 * After approved changes ran: waits (bounded by `nodes.verify.deadlineMs`) for what they
 * should bring about — rollouts, pods, endpoints, PVC binding, Job completion — streaming
 * `verification.progress`; then re-runs the analyzers and the correlation over the same
 * namespaces and compares with before (verify/compare-problems.ts). The verdict is emitted
 * (`verification.finished`), appended to the last change's tool result for the model with
 * what to do next, and kept in state for the report and `limits.maxFixAttempts`.
 */
export function verifyNode(deps: GraphDeps) {
  const { deadlineMs, pollMs } = deps.config.nodes.verify;
  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const plan = state.verifyPlan;
    if (plan === null) return {};
    const { backend } = turnContext(config);
    const signal = config.signal;
    const verificationId = `verify_${plan.toolCallIds.at(-1) ?? "change"}`;
    const watch = watchList(plan);
    const t0 = performance.now();
    const elapsed = (): number => Math.round(performance.now() - t0);
    let checks: VerificationCheck[];
    let timedOut = false;
    for (;;) {
      checks = await Promise.all(
        watch.map((t) => observeObject(backend, t, plan.startedAt, signal)),
      );
      emit(config, {
        type: "verification.progress",
        verificationId,
        toolCallIds: plan.toolCallIds,
        checks,
        elapsedMs: elapsed(),
        deadlineMs,
      });
      if (!checks.some((c) => c.state === "pending")) break;
      if (elapsed() + pollMs > deadlineMs) {
        timedOut = true;
        break;
      }
      await sleep(pollMs, signal);
    }
    const after = await takeSnapshot(backend, plan.namespaces, signal);
    const cmp = compareProblems(
      plan.before,
      after,
      plan.changed.map((t) => ({ object: objectName(t), verb: t.verb })),
    );
    const outcome = timedOut && cmp.outcome !== "worse" ? "timed_out" : cmp.outcome;
    const ms = elapsed();
    const result: VerificationResult = {
      verificationId,
      toolCallIds: plan.toolCallIds,
      outcome,
      summary: verificationSummary(outcome, cmp, `${(ms / 1000).toFixed(1)} s`),
      checks,
      resolved: cmp.resolved.slice(0, 100),
      remaining: cmp.remaining.slice(0, 100),
      appeared: cmp.appeared.slice(0, 100),
      elapsedMs: ms,
      deadlineMs,
      finishedAt: new Date().toISOString(),
    };
    emit(config, { type: "verification.finished", verification: result });
    const verifications = [...state.verifications, result];
    const next = nextStep(result, plan, verifications, deps.config.limits.maxFixAttempts);
    const note: VerificationNote = { result, next, candidates: after.candidates.slice(0, 5) };
    return {
      messages: annotated(state, plan, note),
      verifyPlan: null,
      verifications,
    };
  };
}

function nextStep(
  result: VerificationResult,
  plan: VerifyPlan,
  verifications: readonly VerificationResult[],
  maxAttempts: number,
): NextStep {
  if (result.outcome === "resolved") return { kind: "done" };
  if (result.outcome === "worse") {
    return plan.rollback.length > 0
      ? { kind: "rollback", commands: plan.rollback }
      : {
          kind: "stop",
          why: { reason: "no_undo" },
        };
  }
  const attempt = verifications.length;
  return attempt < maxAttempts
    ? { kind: "next", attempt, maxAttempts }
    : {
        kind: "stop",
        why: { reason: "limit", attempts: attempt, maxAttempts },
      };
}

/** The last verified change's tool result, replaced (same message id) with the verdict appended. */
function annotated(
  state: AgentStateValue,
  plan: VerifyPlan,
  note: VerificationNote,
): ToolMessage[] {
  const ids = new Set(plan.toolCallIds);
  const message = state.messages.findLast(
    (m): m is ToolMessage => isTool(m) && ids.has(m.tool_call_id),
  );
  if (message === undefined || !isToolArtifact(message.artifact)) return [];
  return [
    new ToolMessage({
      ...(message.id === undefined ? {} : { id: message.id }),
      content: `${textOf(message)}\n\n${verificationText(note.result, note.next, note.candidates)}`,
      tool_call_id: message.tool_call_id,
      name: message.name ?? "kubectl",
      status: message.status ?? "success",
      artifact: { ...message.artifact, verification: note },
    }),
  ];
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

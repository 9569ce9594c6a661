import { AIMessage, HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { Runnable } from "@langchain/core/runnables";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { AffectedResource, DiagnosisReport, Evidence, Recommendation } from "@kubemedic/protocol";
import { fitRequest } from "../../context/trim-history";
import { requestBudget } from "../../context/request-budget";
import { isAI, textOf } from "../../context/message-kinds";
import { isAbortError, llmFailureOf } from "../../llm-errors";
import { emit, type GraphDeps } from "../deps";
import type { AgentStateUpdate, AgentStateValue } from "../state";
import { addUsage, NO_USAGE, usageOf, type TurnUsage } from "../usage";

const REPORT_TOOL_NAME = "diagnosis_report";

const REPORT_INSTRUCTION =
  "Write the diagnosis report for the investigation above, as the structured DiagnosisReport. " +
  "Use only facts from the tool outputs: affectedResources[0] is the root-cause object, followed by the " +
  "objects showing the symptom; evidence excerpts are quoted exactly with the command that produced them; " +
  "recommendations are ranked from safest to riskiest, each with its exact kubectl command (without " +
  "'kubectl') when one applies. If nothing is wrong, use the category Healthy and severity info.";

type StructuredOut = { raw: BaseMessage; parsed: unknown };

/**
 * Turns the finished investigation into a validated `DiagnosisReport`: the
 * model's structured output is validated against the protocol schema, an
 * invalid one gets `repairAttempts` chances with the validation errors, and
 * after that (or when the model fails) a degraded report keeps the raw answer
 * (category `Other`) rather than failing the turn.
 */
export function reportNode(deps: GraphDeps) {
  const { model } = deps.model;
  const { method, repairAttempts } = deps.config.nodes.report;
  // The model writes everything but `verification`, which the agent adds from what it saw.
  const runnable = model.withStructuredOutput(ModelReport, {
    name: REPORT_TOOL_NAME,
    method,
    includeRaw: true,
  }) as Runnable<BaseMessage[], StructuredOut>;
  const { budgets } = deps.config;

  return async (
    state: AgentStateValue,
    config: LangGraphRunnableConfig,
  ): Promise<AgentStateUpdate> => {
    const answer = lastAnswer(state.messages);
    const base: BaseMessage[] = [
      new SystemMessage(state.systemPrompt),
      ...fitRequest(
        state.messages,
        requestBudget(budgets.historyTokens, state.systemPrompt, REPORT_INSTRUCTION),
        budgets.summaryChars,
      ),
      new HumanMessage(REPORT_INSTRUCTION),
    ];
    let request = base;
    let lastCandidate: unknown;
    let failure = "";
    // Every attempt's tokens count, the repairs' too.
    let usage: TurnUsage = NO_USAGE;
    for (let attempt = 0; attempt <= repairAttempts; attempt++) {
      let out: StructuredOut;
      try {
        out = await runnable.invoke(request, {
          ...config,
          tags: [...(config.tags ?? []), "nostream"],
        });
      } catch (error) {
        if (config.signal?.aborted || isAbortError(error)) throw error;
        // Transient failures go to the node's retry policy while it has attempts left.
        const attemptNo = config.executionInfo?.nodeAttempt ?? 1;
        if (llmFailureOf(error).transient && attemptNo < deps.config.nodes.agent.retry.maxAttempts)
          throw error;
        failure = `the model failed: ${(error as Error).message}`;
        deps.logger?.warn?.({ err: String(error) }, "report: model call failed; degrading");
        break;
      }
      usage = addUsage(usage, usageOf(out.raw));
      lastCandidate = out.parsed ?? rawCandidate(out.raw);
      const checked = ModelReport.safeParse(lastCandidate);
      if (checked.success) {
        const report = withVerification(checked.data, state);
        emit(config, { type: "report.ready", report, degraded: false });
        return { reportOutcome: { report, degraded: false }, usage };
      }
      failure = checked.error.issues
        .map((i) => `${i.path.join(".") || "(report)"}: ${i.message}`)
        .join("; ");
      request = [
        ...base,
        new HumanMessage(
          `That report is invalid: ${failure}.\nYour report was: ${safeJson(lastCandidate)}\nReturn a corrected report.`,
        ),
      ];
    }
    deps.logger?.warn?.({ failure }, "report: degraded");
    const report = withVerification(degradedReport(answer, lastCandidate), state);
    emit(config, { type: "report.ready", report, degraded: true });
    return { reportOutcome: { report, degraded: true }, usage };
  };
}

const ModelReport = DiagnosisReport.omit({ verification: true });

/** The turn's last verification, when a change was verified in it. */
function withVerification(report: DiagnosisReport, state: AgentStateValue): DiagnosisReport {
  const v = state.verifications.at(-1);
  if (v === undefined) return report;
  const { outcome, summary, resolved, remaining, appeared } = v;
  return { ...report, verification: { outcome, summary, resolved, remaining, appeared } };
}

function lastAnswer(messages: readonly BaseMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (isAI(m) && !(m.tool_calls?.length ?? 0)) return textOf(m);
  }
  return "";
}

/** Tool-call arguments or JSON content, when the parser gave up. */
function rawCandidate(raw: BaseMessage): unknown {
  if (raw instanceof AIMessage || isAI(raw)) {
    const call = raw.tool_calls?.find((c) => c.name === REPORT_TOOL_NAME) ?? raw.tool_calls?.[0];
    if (call !== undefined) return call.args;
  }
  const text = textOf(raw).trim();
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1)) as unknown;
  } catch {
    return undefined;
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value).slice(0, 6_000);
  } catch {
    return String(value);
  }
}

/**
 * Category `Other`, the model's answer kept as the root cause, and whatever
 * list items of the invalid candidate do validate on their own.
 */
function degradedReport(answer: string, candidate: unknown): DiagnosisReport {
  const c = (candidate !== null && typeof candidate === "object" ? candidate : {}) as Record<
    string,
    unknown
  >;
  const keep = <T>(
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    v: unknown,
  ): T[] =>
    Array.isArray(v)
      ? v.flatMap((x) => {
          const r = schema.safeParse(x);
          return r.success ? [r.data] : [];
        })
      : [];
  const text = answer.trim() || "The model gave no answer.";
  const summary = (text.split(/(?<=[.!?])\s/)[0] ?? text).slice(0, 1_000);
  return {
    summary: summary.length > 0 ? summary : "The diagnosis could not be structured.",
    category: "Other",
    severity: "medium",
    rootCause: text.slice(0, 4_000),
    confidence: 0,
    affectedResources: keep(AffectedResource, c.affectedResources).slice(0, 100),
    evidence: keep(Evidence, c.evidence).slice(0, 50),
    recommendations: keep(Recommendation, c.recommendations).slice(0, 20),
  };
}

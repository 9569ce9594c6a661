import { AIMessage } from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { DiagnosisReport, Plan } from "@kubemedic/protocol";
import { emit, type GraphDeps } from "../deps";
import type { AgentStateUpdate, AgentStateValue } from "../state";
import { combineReports } from "./combine-reports";

/**
 * Ends a planned turn: the steps' reports merged into one report with one
 * cause per independent root cause (`report.ready`), after a short answer
 * naming them. When every step failed, it asks the user where to look
 * instead of inventing a diagnosis.
 */
export function collectNode(_deps: GraphDeps) {
  return (state: AgentStateValue, config: LangGraphRunnableConfig): AgentStateUpdate => {
    const plan = state.plan;
    const reports = (plan?.steps ?? []).flatMap((s) => {
      const r = state.stepResults[s.id];
      return r?.status === "done" && r.report !== undefined ? [r.report] : [];
    });
    const report = combineReports(reports);
    const text = report === undefined ? askText(plan) : answerText(report);
    const message = new AIMessage({ id: `msg_${crypto.randomUUID()}`, content: text });
    emit(config, {
      type: "assistant.message",
      messageId: message.id as string,
      content: text,
      toolCallIds: [],
    });
    if (report === undefined) return { messages: [message] };
    emit(config, { type: "report.ready", report, degraded: false });
    return { messages: [message], reportOutcome: { report, degraded: false } };
  };
}

function answerText(report: DiagnosisReport): string {
  const causes = report.causes ?? [report];
  if (causes.length === 1) return `Found one root cause: ${report.rootCause}`;
  return [
    `Found ${causes.length} independent problems, most severe first:`,
    ...causes.map(
      (c, i) => `${i + 1}. **${c.category}** — ${c.rootCause.split("\n")[0]?.slice(0, 400) ?? ""}`,
    ),
  ].join("\n");
}

function askText(plan: Plan | null): string {
  const failed = (plan?.steps ?? []).filter((s) => s.status === "failed" || s.status === "skipped");
  const lines = failed.map((s) => `- ${s.goal} — ${s.result ?? "no result"}`);
  return [
    "I could not finish any step of the plan, so I have no diagnosis to give:",
    ...lines,
    "Which namespace or object should I look at first?",
  ].join("\n");
}

import type { BaseMessage } from "@langchain/core/messages";
import { TOOL_NAMES } from "@kubemedic/protocol";
import { DeterministicChatModel, type Reply, type ReplyContext } from "../deterministic-chat-model";
import { offlineReport } from "./offline-report";
import { offlineTexts } from "./offline-texts";
import { nextStep } from "./playbook";
import { viewTurn } from "./turn-view";

export const OFFLINE_LABEL = "offline diagnostician";

/**
 * The model used when no LLM is configured: a deterministic troubleshooting
 * playbook behind the chat-model interface. It drives the same graph with the
 * same tools (scope → analyze → evidence → correlate → answer), reading tool
 * results from the conversation's ToolMessage artifacts, and answers the
 * report node's structured-output call with a report built from them.
 */
export class OfflineDiagnostician extends DeterministicChatModel {
  override _llmType(): string {
    return "kubemedic-offline-diagnostician";
  }

  protected override reply(messages: BaseMessage[], ctx: ReplyContext): Reply {
    const view = viewTurn(messages);
    if (view === undefined) return { text: offlineTexts("en").askMe };
    const ours = new Set<string>(TOOL_NAMES);
    const structured = ctx.forcedTool ?? ctx.toolNames.find((n) => !ours.has(n));
    if (structured !== undefined) {
      return { text: "", toolCalls: [{ name: structured, args: offlineReport(view) }] };
    }
    const step = nextStep(view, new Set(ctx.toolNames.filter((n) => ours.has(n))));
    return {
      text: step.text,
      toolCalls: step.calls,
      ...(step.clarify === undefined ? {} : { clarify: step.clarify }),
    };
  }
}

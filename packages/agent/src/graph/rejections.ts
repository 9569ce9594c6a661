import { ToolMessage } from "@langchain/core/messages";
import type { ParsedCommand } from "@kubemedic/kube";
import type { ToolArtifact } from "../tools/tool-result";

/** A mutating command the user rejected in this conversation (state `rejectedCommands`). */
export interface RejectedCommand {
  /** `rejectionKey` of the call: what a repeat is recognised by. */
  key: string;
  /** The command as shown on the approval card. */
  command: string;
  reason?: string;
}

/**
 * The same change however the model spells it, from its parse: the verb, the
 * arguments in their order, the flags by name (`--replicas 3`, `--replicas=3`
 * and `-n shop` / `--namespace=shop` / `-nshop` read alike), the namespace it
 * runs in (the turn's when none is given) and the manifest. Quoted values keep
 * their exact text: `'note=a  b'` and `'note=a b'` are two changes.
 */
export function rejectionKey(
  plan: { parsed: ParsedCommand; manifest?: string },
  turnNamespace: string | undefined,
): string {
  const { verb, args, flags, namespace } = plan.parsed;
  const rest = Object.entries(flags)
    .filter(([name]) => name !== "namespace")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    verb,
    args,
    rest,
    namespace ?? turnNamespace ?? "",
    plan.manifest?.trim() ?? "",
  ]);
}

/** A rejected call's answer: not run, with the text the model reads and the card's summary. */
export function rejectedMessage(
  toolCallId: string,
  command: string,
  content: string,
  summary: string,
  reason?: string,
): ToolMessage {
  const artifact: ToolArtifact = {
    tool: "kubectl",
    command,
    classification: "mutating",
    status: "rejected",
    durationMs: 0,
    truncated: false,
    summary,
    attempts: 0,
    ...(reason ? { rejectionReason: reason } : {}),
  };
  return new ToolMessage({
    content,
    tool_call_id: toolCallId,
    name: "kubectl",
    status: "error",
    artifact,
  });
}

/** The answer to a call that repeats a rejected command: not run, not asked again. */
export function repeatAnswer(toolCallId: string, rejected: RejectedCommand): ToolMessage {
  const why = rejected.reason ? `: ${rejected.reason}` : "";
  return rejectedMessage(
    toolCallId,
    rejected.command,
    `Rejected: the user already rejected this command in this conversation${why}. It was not run and ` +
      "will not be shown for approval again. Do not retry it or a variant of it; tell the user " +
      "what you would have done and what they can do instead.",
    `kubectl ${rejected.command} → already rejected by the user in this conversation, not asked again`,
    rejected.reason,
  );
}

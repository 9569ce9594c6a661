import { ToolMessage } from "@langchain/core/messages";
import type { ToolArtifact } from "../tools/tool-result";

/** A mutating command the user rejected in this turn (state `rejectedCommands`). */
export interface RejectedCommand {
  /** `commandKey` of the call: what a repeat is recognised by. */
  key: string;
  /** The command as shown on the approval card. */
  command: string;
  reason?: string;
}

/**
 * The same change however the model spells it: without a leading `kubectl`,
 * whitespace collapsed, the namespace (`-n x`, `--namespace=x`, or the turn's
 * when none is given) taken out of the word order, the manifest included.
 * Nothing else is reordered: flags whose values stand apart (`--replicas 3`)
 * would make two different commands look alike.
 */
export function commandKey(
  command: string,
  manifest: string | undefined,
  turnNamespace: string | undefined,
): string {
  const words = command
    .trim()
    .replace(/^kubectl\s+/, "")
    .split(/\s+/)
    .filter((w) => w.length > 0);
  let namespace = turnNamespace;
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const inline = /^(?:-n|--namespace)=(.*)$/.exec(word);
    if (inline !== null) namespace = inline[1];
    else if (word === "-n" || word === "--namespace") namespace = words[++i];
    else rest.push(word);
  }
  return JSON.stringify([rest.join(" "), namespace ?? "", manifest?.trim() ?? ""]);
}

/** A rejected call's answer: not run, with the text the model reads and the card's summary. */
export function rejectedMessage(
  toolCallId: string,
  command: string,
  content: string,
  summary: string,
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
    `Rejected: the user already rejected this command in this turn${why}. It was not run and ` +
      "will not be shown for approval again. Do not retry it or a variant of it; tell the user " +
      "what you would have done and what they can do instead.",
    `kubectl ${rejected.command} → already rejected by the user in this turn, not asked again`,
  );
}

import type { BaseMessage } from "@langchain/core/messages";
import { localizeCandidate } from "@kubemedic/kube";
import { isAI, isHuman, isTool, textOf } from "../../context/message-kinds";
import { humanMeta } from "../../graph/state";
import type { ResolvedFollowUp } from "../../conversation/resolve-follow-up";
import { parseIntent, type Intent } from "../../intent";
import { answerLanguage } from "../../language/detect-language";
import type { Language } from "../../language/language";
import type { K8sgptStructured } from "../../tools/k8sgpt-tool";
import { isToolArtifact, type ToolArtifact } from "../../tools/tool-result";

/** One tool call of the current turn with its answer, as the diagnostician reads it. */
export interface ToolStep {
  name: string;
  args: Record<string, unknown>;
  /** What the model was shown. */
  content: string;
  artifact: ToolArtifact | undefined;
}

/** The current turn, seen from the last human message on. */
export interface TurnView {
  question: string;
  intent: Intent;
  steps: ToolStep[];
  /** Number of AI messages already in the turn. */
  rounds: number;
  /** The previous turns' k8sgpt results (newest first), for "fix it" follow-ups. */
  earlierAnalyses: K8sgptStructured[];
  /** The messages before this turn: what "it" and "the rollout" refer to. */
  history: readonly BaseMessage[];
  /** The language to answer in: set by prepare on the user's message, else read from it. */
  language: Language;
  /** Commands the user rejected anywhere in the conversation: never proposed again. */
  rejected: string[];
  /** The message as a follow-up, resolved against the conversation by `prepare`. */
  followUp?: ResolvedFollowUp;
}

export function viewTurn(messages: readonly BaseMessage[]): TurnView | undefined {
  // The turn starts at the user's message (it carries our metadata); later human
  // messages are instructions (the report request, a repair), not questions.
  let start = -1;
  for (let i = messages.length - 1; i >= 0 && start < 0; i--) {
    const m = messages[i];
    if (isHuman(m) && m !== undefined && humanMeta(m) !== undefined) start = i;
  }
  for (let i = messages.length - 1; i >= 0 && start < 0; i--) {
    if (isHuman(messages[i])) start = i;
  }
  const human = messages[start];
  if (human === undefined) return undefined;
  const meta = humanMeta(human);
  // What the message means with the conversation behind it ("and in payments?" → the earlier question there).
  const question = meta?.means ?? textOf(human);
  const intent = parseIntent(question, {
    ...(meta?.namespace === undefined ? {} : { defaultNamespace: meta.namespace }),
    ...(meta?.selectedResource === undefined ? {} : { selected: meta.selectedResource }),
  });
  const calls = new Map<string, { name: string; args: Record<string, unknown> }>();
  const steps: ToolStep[] = [];
  let rounds = 0;
  for (const m of messages.slice(start + 1)) {
    if (isHuman(m)) break;
    if (isAI(m)) {
      rounds++;
      for (const c of m.tool_calls ?? []) {
        if (c.id !== undefined) calls.set(c.id, { name: c.name, args: c.args });
      }
    } else if (isTool(m)) {
      const t = m;
      const call = calls.get(t.tool_call_id);
      steps.push({
        name: call?.name ?? t.name ?? "unknown",
        args: call?.args ?? {},
        content: textOf(t),
        artifact: isToolArtifact(t.artifact) ? t.artifact : undefined,
      });
    }
  }
  const language = meta?.language ?? answerLanguage(question, undefined);
  const earlierAnalyses: K8sgptStructured[] = [];
  for (let i = start - 1; i >= 0; i--) {
    const m = messages[i];
    if (isTool(m) && isToolArtifact(m.artifact) && m.artifact.tool === "k8sgpt") {
      const s = k8sgptResult(m.artifact, language);
      if (s !== undefined) earlierAnalyses.push(s);
    }
  }
  const rejected = messages.flatMap((m) =>
    isTool(m) && isToolArtifact(m.artifact) && m.artifact.status === "rejected"
      ? [sameCommand(m.artifact.command)]
      : [],
  );
  return {
    question,
    intent,
    steps,
    rounds,
    earlierAnalyses,
    history: messages.slice(0, start),
    language,
    rejected,
    ...(meta?.followUp === undefined ? {} : { followUp: meta.followUp }),
  };
}

/** A command line compared as words: `kubectl` and runs of spaces do not matter. */
export function sameCommand(command: string): string {
  return command
    .trim()
    .replace(/^kubectl\s+/, "")
    .replace(/\s+/g, " ");
}

/**
 * A k8sgpt call's structured result; its root-cause candidates' prose in
 * `language` (the analyzer findings are quoted as they are).
 */
export function k8sgptResult(
  artifact: ToolArtifact | undefined,
  language: Language = "en",
): K8sgptStructured | undefined {
  if (artifact?.tool !== "k8sgpt" || artifact.status !== "ok") return undefined;
  const s = artifact.structured as Partial<K8sgptStructured> | undefined;
  if (s?.analysis === undefined) return undefined;
  const result = s as K8sgptStructured;
  if (language === "en" || result.candidates === undefined) return result;
  return { ...result, candidates: result.candidates.map((c) => localizeCandidate(c, language)) };
}

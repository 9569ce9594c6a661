import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import type { EarlierSummary } from "@kubemedic/protocol";
import { textOf } from "../context/message-kinds";
import type { Language } from "../language/language";
import type { EarlierMemory, TurnDigest } from "./context";
import { digestLine } from "./turn-digest";
import { usageOf, type TurnUsage } from "../graph/usage";

/** Digest lines a composed summary shows; older turns are counted, not listed. */
export const EARLIER_LINES = 12;
/** What the model may write (the summary is part of every later request). */
const EARLIER_MAX_CHARS = 2_000;
/** What the model is given: the summary so far and the new lines. */
const MODEL_INPUT_CHARS = 8_000;

export interface SummarizeInput {
  prior: EarlierMemory | undefined;
  /** The turns that just dropped out of the history, oldest first. */
  dropped: readonly TurnDigest[];
  language: Language;
  /** The conversation's chat model; undefined offline (the summary is composed). */
  model?: BaseChatModel;
  signal?: AbortSignal;
  /** Told what the model call spent, so the turn's usage counts it. */
  onSpent?: (usage: TurnUsage) => void;
}

/**
 * One summary for everything before the history's first turn. With a model,
 * one bounded call that folds the new turns into the summary so far (called
 * only when turns drop out: the summary is reused until then); offline, or
 * when the call fails, composed from the turns' digests.
 */
export async function summarizeEarlier(p: SummarizeInput): Promise<EarlierMemory> {
  const last = p.dropped[p.dropped.length - 1];
  if (last === undefined) throw new Error("summarizeEarlier needs at least one dropped turn");
  const lines = [
    ...(p.prior?.lines ?? []),
    ...p.dropped.map((d) => digestLine(d, p.language)),
  ].slice(-EARLIER_LINES);
  const turns = (p.prior?.turns ?? 0) + p.dropped.length;
  const composed: EarlierMemory = {
    turns,
    throughTurnId: last.turnId,
    text: composeText(turns, lines, p.language),
    via: "composed",
    lines,
  };
  if (p.model === undefined) return composed;
  // A cancelled turn makes no model call (and gets no summary in its place).
  p.signal?.throwIfAborted();
  try {
    const reply = await p.model.invoke(
      [
        new SystemMessage(instruction(p.language)),
        new HumanMessage(modelInput(p.prior, p.dropped, p.language)),
      ],
      { signal: p.signal },
    );
    p.onSpent?.(usageOf(reply));
    const text = textOf(reply).trim();
    if (text === "") return composed;
    return { ...composed, text: cut(text, EARLIER_MAX_CHARS), via: "model" };
  } catch (error) {
    // A cancelled turn stops here; any other failure keeps the composed summary.
    if (p.signal?.aborted === true) throw error;
    return composed;
  }
}

function composeText(turns: number, lines: readonly string[], language: Language): string {
  const hidden = turns - lines.length;
  if (language === "zh") {
    const head = `此前的 ${turns} 轮对话：`;
    const more = hidden > 0 ? [`- ……以及更早的 ${hidden} 轮`] : [];
    return cut([head, ...more, ...lines].join("\n"), EARLIER_MAX_CHARS);
  }
  const head = `The ${turns} earlier turn${turns === 1 ? "" : "s"} of this conversation:`;
  const more = hidden > 0 ? [`- … and ${hidden} turn${hidden === 1 ? "" : "s"} before those`] : [];
  return cut([head, ...more, ...lines].join("\n"), EARLIER_MAX_CHARS);
}

function instruction(language: Language): string {
  return [
    "You keep the running summary of a Kubernetes troubleshooting conversation whose oldest turns no longer fit the model's context.",
    "Merge the summary so far with the turns to add. Write at most 8 short bullet lines: what was asked, what was found (root causes with their exact objects), what was changed (the exact kubectl commands and whether each was approved, rejected with the user's reason, applied, verified) and what is still open.",
    "Keep object names, namespaces and commands exactly as given. Never include secret values. No preamble.",
    language === "zh"
      ? "Write in Simplified Chinese; keep commands and names as they are."
      : "Write in English.",
  ].join("\n");
}

function modelInput(
  prior: EarlierMemory | undefined,
  dropped: readonly TurnDigest[],
  language: Language,
): string {
  const added = dropped.map((d) => digestLine(d, language)).join("\n");
  const so = prior === undefined ? "(none yet)" : prior.text;
  // The newest turns matter most: when over, the summary so far is cut first.
  const room = Math.max(0, MODEL_INPUT_CHARS - added.length - 80);
  return `Summary so far:\n${cut(so, room)}\n\nTurns to add (oldest first):\n${cut(added, MODEL_INPUT_CHARS)}`;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The summary as it goes on the wire and into the Turn row. */
export function wireSummary(m: EarlierMemory): EarlierSummary {
  return { turns: m.turns, throughTurnId: m.throughTurnId, text: m.text, via: m.via };
}

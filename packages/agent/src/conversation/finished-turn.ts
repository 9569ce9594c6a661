import type { BaseMessage } from "@langchain/core/messages";
import { isAI, textOf } from "../context/message-kinds";
import { clarifyOf } from "./clarify";
import { currentTurnMessages, type AgentStateValue } from "../graph/state";
import type { FinishedTurn } from "./fold-turn";

/** The turn the state still holds when the next one starts, as foldTurn reads it. */
export function finishedTurnOf(state: AgentStateValue): FinishedTurn | undefined {
  const turn = state.turn;
  if (turn === null) return undefined;
  const messages: readonly BaseMessage[] = currentTurnMessages(state.messages, turn.turnId);
  const last = [...messages].reverse().find(isAI);
  const clarify = last === undefined ? undefined : clarifyOf(last);
  return {
    turnId: turn.turnId,
    scopeNamespaces: turn.scope.allNamespaces ? [] : turn.scope.namespaces,
    ...(turn.scope.focus === undefined ? {} : { focus: turn.scope.focus }),
    messages,
    report: state.reportOutcome?.report,
    approvals: state.pendingApprovals,
    decisions: state.decisions,
    ...(turn.question === undefined ? {} : { question: turn.question }),
    ...(clarify === undefined || last === undefined || clarify.choices.length === 0
      ? {}
      : { clarification: { question: textOf(last).slice(0, 500), choices: clarify.choices } }),
  };
}

/**
 * The choice a message picks from the question the last turn asked: its reply or label
 * said back ("prod", "the staging one", "the payments one"), or its position ("the
 * second one"). Undefined when the message is something else.
 */
export function pickedChoice(
  text: string,
  choices: readonly { label: string; reply: string }[],
): { label: string; reply: string } | undefined {
  const t = text.toLowerCase().trim();
  // A choice's own reply (a button) is the answer as it stands.
  const exact = choices.find((c) => c.reply.toLowerCase() === t);
  if (exact !== undefined) return exact;
  // An answer is short ("prod", "the staging one", "the second"); a longer message is a new
  // question, even when it shares a word with a choice ("why is cart failing in shop?").
  const words = t.split(/\s+/).length;
  if (/[\u4e00-\u9fff]/.test(t) ? t.length > 12 : words > 4) return undefined;
  // "yes, that one" to a single suggestion ("did you mean payments-api?").
  if (choices.length === 1 && YES.test(t)) return choices[0];
  const ordinal = /\b(first|second|third|1st|2nd|3rd)\b/.exec(t)?.[1];
  if (ordinal !== undefined) {
    const i = { first: 0, "1st": 0, second: 1, "2nd": 1, third: 2, "3rd": 2 }[ordinal] ?? 0;
    return choices[i];
  }
  const tokens = t.split(/[^a-z0-9-\u4e00-\u9fff]+/).filter((w) => w.length >= 2);
  const hits = choices.filter((c) => {
    const hay = `${c.label} ${c.reply}`.toLowerCase();
    return tokens.some(
      (w) => !FILLER.has(w) && new RegExp(`(?<![a-z0-9-])${w}(?![a-z0-9-])`).test(hay),
    );
  });
  return hits.length === 1 ? hits[0] : undefined;
}

const YES =
  /^(?:yes|yeah|yep|yup|sure|ok(?:ay)?|right|correct|exactly|that one|this one|是|是的|对|对的|没错|就是它|就是那个)\b[\s,.!，。！]*(?:that one|this one|please|i mean(?:t)? that|那个|这个)?[\s.!。！]*$/i;

const FILLER = new Set([
  "the",
  "one",
  "in",
  "that",
  "this",
  "please",
  "yes",
  "ok",
  "i",
  "mean",
  "of",
  "deployment",
  "pod",
  "service",
  "namespace",
]);

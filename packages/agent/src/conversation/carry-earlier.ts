import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseMessage } from "@langchain/core/messages";
import type { EarlierSummary } from "@kubemedic/protocol";
import { isHuman } from "../context/message-kinds";
import { humanMeta } from "../graph/state";
import type { TurnUsage } from "../graph/usage";
import type { Language } from "../language/language";
import type { ConversationContext } from "./context";
import { summarizeEarlier, wireSummary } from "./earlier-summary";

/**
 * After the history was trimmed: the digests of turns it no longer holds go
 * into the summary of earlier turns (a new one only when turns dropped out;
 * otherwise the stored one is reused as it is). Returns the context to carry
 * and the new summary, if one was made, with what its model call spent.
 */
export async function carryEarlier(p: {
  context: ConversationContext;
  kept: readonly BaseMessage[];
  language: Language;
  model?: BaseChatModel;
  signal?: AbortSignal;
}): Promise<{ context: ConversationContext; summarized?: EarlierSummary; spent?: TurnUsage }> {
  const digests = p.context.turns ?? [];
  const kept = new Set(
    p.kept.flatMap((m) => {
      const id = isHuman(m) ? humanMeta(m)?.turnId : undefined;
      return id === undefined ? [] : [id];
    }),
  );
  const dropped = digests.filter((d) => !kept.has(d.turnId));
  if (dropped.length === 0) return { context: p.context };
  let spent: TurnUsage | undefined;
  const earlier = await summarizeEarlier({
    prior: p.context.earlier,
    dropped,
    language: p.language,
    ...(p.model === undefined ? {} : { model: p.model }),
    ...(p.signal === undefined ? {} : { signal: p.signal }),
    onSpent: (usage) => {
      spent = usage;
    },
  });
  return {
    context: { ...p.context, turns: digests.filter((d) => kept.has(d.turnId)), earlier },
    summarized: wireSummary(earlier),
    ...(spent === undefined ? {} : { spent }),
  };
}

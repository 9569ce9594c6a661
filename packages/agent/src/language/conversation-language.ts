import type { BaseMessage } from "@langchain/core/messages";
import { humanMeta } from "../graph/state";
import type { Language } from "./language";

/**
 * The conversation's language: the one its last user message was answered
 * in (prepare keeps it on each message's metadata, so it survives a restart
 * with the checkpoint). Undefined before the first message.
 */
export function conversationLanguage(messages: readonly BaseMessage[]): Language | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    const language = m === undefined ? undefined : humanMeta(m)?.language;
    if (language !== undefined) return language;
  }
  return undefined;
}

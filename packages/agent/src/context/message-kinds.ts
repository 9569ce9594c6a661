import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";

export function isAI(message: BaseMessage | undefined): message is AIMessage {
  return message !== undefined && AIMessage.isInstance(message);
}

export function isTool(message: BaseMessage | undefined): message is ToolMessage {
  return message !== undefined && ToolMessage.isInstance(message);
}

export function isHuman(message: BaseMessage | undefined): boolean {
  return message !== undefined && message.getType() === "human";
}

export function textOf(message: BaseMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((part) =>
      typeof part === "object" && "text" in part && typeof part.text === "string" ? part.text : "",
    )
    .join("");
}

/** The last AI message and the tool call ids already answered after it. */
export function lastAIWithAnswers(messages: readonly BaseMessage[]): {
  ai: AIMessage | undefined;
  answered: Set<string>;
} {
  const answered = new Set<string>();
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (isTool(m)) answered.add(m.tool_call_id);
    else if (isAI(m)) return { ai: m, answered };
    else return { ai: undefined, answered };
  }
  return { ai: undefined, answered };
}

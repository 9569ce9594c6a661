import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";

/**
 * Prompt tokens of one Chat Completions request, counted with o200k_base (the
 * tokenizer of gpt-4o, gpt-4.1, o-series). js-tiktoken ships the ranks inside
 * the npm package, so this works offline.
 *
 * Messages follow OpenAI's published rule for the gpt-4o family: 3 tokens of
 * framing per message, 1 more for a `name`, 3 to prime the reply; an
 * assistant message's tool calls count their name and arguments. Tool
 * definitions are counted as their JSON: OpenAI renders them in its own
 * TypeScript-like form, which is a little shorter, so this errs high.
 */
export interface PromptCount {
  total: number;
  system: number;
  /** The tool definitions sent with the request. */
  toolSchemas: number;
  /** Tool results (role `tool`). */
  toolOutputs: number;
  /** User and assistant messages (assistant tool calls included). */
  conversation: number;
  messages: number;
  toolMessages: number;
  /** The largest single tool result. */
  largestToolOutput: number;
  /** kubemedic's own estimate (4 characters per token, 4 per message) of the messages. */
  agentEstimate: number;
}

interface Message {
  role: string;
  content: unknown;
  name?: string;
  tool_calls?: unknown[];
}

const encoder = new Tiktoken(o200kBase);
// Every request re-sends the history: each distinct text is encoded once.
const cache = new Map<string, number>();

function countText(text: string): number {
  if (text.length === 0) return 0;
  let n = cache.get(text);
  if (n === undefined) {
    n = encoder.encode(text).length;
    cache.set(text, n);
  }
  return n;
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((part) =>
        typeof part === "object" && part !== null && "text" in part
          ? String((part as { text: unknown }).text)
          : "",
      )
      .join("");
  return content == null ? "" : JSON.stringify(content);
}

function toolCallTokens(calls: unknown[] | undefined): number {
  let n = 0;
  for (const call of calls ?? []) {
    const fn = (call as { function?: { name?: string; arguments?: string } }).function;
    n += 3 + countText(fn?.name ?? "") + countText(fn?.arguments ?? "");
  }
  return n;
}

export function countPrompt(messages: readonly Message[], tools: readonly unknown[]): PromptCount {
  const count: PromptCount = {
    total: 3,
    system: 0,
    toolSchemas: 0,
    toolOutputs: 0,
    conversation: 0,
    messages: messages.length,
    toolMessages: 0,
    largestToolOutput: 0,
    agentEstimate: 0,
  };
  for (const m of messages) {
    const text = contentText(m.content);
    const n = 3 + countText(text) + (m.name ? 1 : 0) + toolCallTokens(m.tool_calls);
    count.total += n;
    let chars = text.length;
    if (m.tool_calls?.length) chars += JSON.stringify(m.tool_calls).length;
    count.agentEstimate += Math.ceil(chars / 4) + 4;
    if (m.role === "system" || m.role === "developer") count.system += n;
    else if (m.role === "tool") {
      count.toolOutputs += n;
      count.toolMessages++;
      count.largestToolOutput = Math.max(count.largestToolOutput, n);
    } else count.conversation += n;
  }
  for (const tool of tools) count.toolSchemas += countText(JSON.stringify(tool));
  count.total += count.toolSchemas;
  return count;
}

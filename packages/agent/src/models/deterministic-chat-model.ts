import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BindToolsInput,
} from "@langchain/core/language_models/chat_models";
import { AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";

export interface DeterministicCallOptions extends BaseChatModelCallOptions {
  tools?: BindToolsInput[];
}

/** One model answer: text and/or tool calls. */
/** A question back to the user and the answers to offer: each choice's label and the reply it sends. */
export interface Clarify {
  choices: { label: string; reply: string }[];
}

export interface Reply {
  text: string;
  /** The text is a question back to the user, with answers to offer (clarification.requested). */
  clarify?: Clarify;
  toolCalls?: { id?: string; name: string; args: Record<string, unknown> }[];
  usage?: { input_tokens: number; output_tokens: number };
}

export interface ReplyContext {
  /** Names of the bound tools (a structured-output call binds one extra tool). */
  toolNames: string[];
  /** A tool the caller forces (tool_choice), if any. */
  forcedTool: string | undefined;
}

/**
 * A chat model whose answers come from code: the offline diagnostician and
 * the scripted test model. It binds tools like a real model (through call
 * options), streams its text word by word and then its tool calls as chunks,
 * so LangGraph's "messages" stream mode and `withStructuredOutput` behave as
 * they do with ChatOpenAI.
 */
export abstract class DeterministicChatModel extends BaseChatModel<
  DeterministicCallOptions,
  AIMessageChunk
> {
  protected abstract reply(messages: BaseMessage[], ctx: ReplyContext): Reply | Promise<Reply>;

  override bindTools(
    tools: BindToolsInput[],
    kwargs?: Partial<DeterministicCallOptions>,
  ): Runnable<BaseLanguageModelInput, AIMessageChunk, DeterministicCallOptions> {
    return this.withConfig({ ...kwargs, tools });
  }

  override async _generate(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
  ): Promise<ChatResult> {
    const reply = await this.reply(messages, contextOf(options));
    const message = toChunks(reply, `msg_${crypto.randomUUID()}`).reduce((a, b) => a.concat(b));
    return { generations: [{ text: reply.text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const reply = await this.reply(messages, contextOf(options));
    for (const message of toChunks(reply, `msg_${crypto.randomUUID()}`)) {
      options.signal?.throwIfAborted();
      const text = typeof message.content === "string" ? message.content : "";
      const chunk = new ChatGenerationChunk({ text, message });
      yield chunk;
      await runManager?.handleLLMNewToken(text, undefined, undefined, undefined, undefined, {
        chunk,
      });
    }
  }
}

function contextOf(options: DeterministicCallOptions): ReplyContext {
  const toolNames = (options.tools ?? []).flatMap((t) => {
    const name = toolName(t);
    return name === undefined ? [] : [name];
  });
  const choice = options.tool_choice;
  const forcedTool =
    typeof choice === "string"
      ? ["auto", "any", "none", "required"].includes(choice)
        ? undefined
        : choice
      : typeof choice === "object" && choice !== null && "function" in choice
        ? String((choice as { function: { name?: unknown } }).function.name)
        : undefined;
  return { toolNames, forcedTool };
}

function toolName(tool: BindToolsInput): string | undefined {
  const t = tool as { name?: unknown; function?: { name?: unknown } };
  if (typeof t.name === "string") return t.name;
  if (typeof t.function?.name === "string") return t.function.name;
  return undefined;
}

/** Text in word-sized pieces, then one chunk per tool call, then usage. */
function toChunks(reply: Reply, id: string): AIMessageChunk[] {
  const chunks: AIMessageChunk[] = [];
  for (const piece of reply.text.match(/\S+\s*|\s+/g) ?? [])
    chunks.push(new AIMessageChunk({ id, content: piece }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    chunks.push(
      new AIMessageChunk({
        id,
        content: "",
        tool_call_chunks: [
          {
            type: "tool_call_chunk",
            id: call.id ?? `call_${crypto.randomUUID()}`,
            name: call.name,
            args: JSON.stringify(call.args),
            index,
          },
        ],
      }),
    );
  });
  if (reply.clarify !== undefined) {
    chunks.push(
      new AIMessageChunk({
        id,
        content: "",
        additional_kwargs: { kubemedic: { clarify: reply.clarify } },
      }),
    );
  }
  if (reply.usage !== undefined || chunks.length === 0) {
    const u = reply.usage ?? { input_tokens: 0, output_tokens: 0 };
    chunks.push(
      new AIMessageChunk({
        id,
        content: "",
        usage_metadata: {
          input_tokens: u.input_tokens,
          output_tokens: u.output_tokens,
          total_tokens: u.input_tokens + u.output_tokens,
        },
      }),
    );
  }
  return chunks;
}

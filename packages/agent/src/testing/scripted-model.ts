import type { BaseMessage } from "@langchain/core/messages";
import {
  DeterministicChatModel,
  type Reply,
  type ReplyContext,
} from "../models/deterministic-chat-model";

/** One scripted answer, or a function of the request (and the bound tools) that returns one. */
export type ScriptStep =
  Reply | Error | ((messages: BaseMessage[], ctx: ReplyContext) => Reply | Error);

/**
 * A zero-latency chat model for tests and benches: answers from a script, in
 * order (or cycling with `loop: true`), streaming like a real model. Records
 * every request it got.
 */
export class ScriptedChatModel extends DeterministicChatModel {
  readonly requests: { messages: BaseMessage[]; toolNames: string[] }[] = [];
  private index = 0;

  constructor(
    private readonly script: ScriptStep[],
    private readonly opts: { loop?: boolean; record?: boolean } = {},
  ) {
    super({});
  }

  override _llmType(): string {
    return "kubemedic-scripted";
  }

  protected override reply(messages: BaseMessage[], ctx: ReplyContext): Reply {
    if (this.opts.record !== false) this.requests.push({ messages, toolNames: ctx.toolNames });
    if (this.index >= this.script.length && this.opts.loop === true) this.index = 0;
    const step = this.script[this.index++];
    if (step === undefined)
      throw new Error(
        `ScriptedChatModel: no step ${this.index} (script has ${this.script.length})`,
      );
    const value = typeof step === "function" ? step(messages, ctx) : step;
    if (value instanceof Error) throw value;
    return value;
  }
}

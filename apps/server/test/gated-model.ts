import type { ModelHandle } from "@kubemedic/agent";
import { ScriptedChatModel, type Reply, type ScriptStep } from "@kubemedic/agent/testing";

/**
 * A gate the test opens and closes: while closed, the model's answer waits,
 * so a turn is deterministically "running" for as long as the test needs.
 */
export class Gate {
  private waiters: (() => void)[] = [];
  private closed = false;

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.closed = false;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  wait(): Promise<void> {
    return this.closed ? new Promise((resolve) => this.waiters.push(resolve)) : Promise.resolve();
  }

  get waiting(): number {
    return this.waiters.length;
  }
}

/** What every call of the gated model reports having used, as a real model would. */
export const CALL_USAGE = { input_tokens: 100, output_tokens: 10 };

const RUN = "run: ";

/**
 * A zero-latency scripted model (the agent's test model) whose turns run one
 * kubectl read (or the command a question `run: <command>` names), then wait
 * at the gate, then answer. Each answer depends only
 * on the conversation so far, so concurrent turns never steal each other's
 * steps. The model's base class awaits its reply, so the gated answer is a
 * promise; ScriptStep's type does not say so, hence the cast.
 */
export function gatedModel(
  gate: Gate,
  namespace = "shop",
  /**
   * The first words of a turn, from the user's question and what the agent
   * attached to it (`clusterContext`, `namespace`…).
   */
  opening: (question: string, meta: Record<string, unknown>) => string = () =>
    "Looking at the pods first.",
): ModelHandle {
  const step: ScriptStep = (messages) => {
    const last = messages[messages.length - 1];
    if (last === undefined || !("tool_call_id" in last)) {
      const human = messages.filter((m) => m.getType() === "human").at(-1);
      const meta = (human?.additional_kwargs.kubemedic ?? {}) as Record<string, unknown>;
      const question = human?.text ?? "";
      // "run: <command>" makes that command the turn's one call (a mutation pauses for approval).
      const command = question.startsWith(RUN)
        ? question.slice(RUN.length)
        : `get pods -n ${namespace}`;
      return {
        text: opening(question, meta),
        toolCalls: [{ name: "kubectl", args: { command } }],
        usage: CALL_USAGE,
      };
    }
    const answer: Reply = {
      text: "The pods are listed above; nothing else to check.",
      usage: CALL_USAGE,
    };
    return gate.wait().then(() => answer) as unknown as Reply;
  };
  return {
    model: new ScriptedChatModel([step], { loop: true, record: false }),
    label: "scripted",
    offline: false,
  };
}

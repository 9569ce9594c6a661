import type { Clarify } from "../models/deterministic-chat-model";

/** The question-back marker a deterministic model puts on its answer (models/deterministic-chat-model.ts). */
export function clarifyOf(message: {
  additional_kwargs?: Record<string, unknown>;
}): Clarify | undefined {
  const k = message.additional_kwargs?.kubemedic as { clarify?: unknown } | undefined;
  const c = k?.clarify as Clarify | undefined;
  if (c === undefined || !Array.isArray(c.choices)) return undefined;
  const choices = c.choices.filter(
    (x) =>
      typeof x?.label === "string" &&
      typeof x.reply === "string" &&
      x.label !== "" &&
      x.reply !== "",
  );
  return {
    choices: choices.map((x) => ({ label: x.label.slice(0, 200), reply: x.reply.slice(0, 500) })),
  };
}

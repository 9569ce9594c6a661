import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { systemPrompt } from "../context/system-prompt";
import { conversationLanguage } from "./conversation-language";

const user = (text: string, language?: string) =>
  new HumanMessage({
    content: text,
    additional_kwargs: { kubemedic: { turnId: text, ...(language ? { language } : {}) } },
  });

describe("conversationLanguage", () => {
  it("is the language the last user message was answered in", () => {
    expect(conversationLanguage([])).toBeUndefined();
    expect(
      conversationLanguage([
        user("集群有什么问题？", "zh"),
        new AIMessage("…"),
        user("kubectl get po"),
      ]),
    ).toBe("zh");
    expect(
      conversationLanguage([
        user("集群有什么问题？", "zh"),
        user("why?", "en"),
        new AIMessage("…"),
      ]),
    ).toBe("en");
  });
});

describe("systemPrompt", () => {
  const base = {
    summary: undefined,
    namespace: "shop",
    selected: undefined,
    policy: "approve-mutations" as const,
    maxIterations: 8,
  };
  it("asks a language model for the user's language, commands and names kept", () => {
    const zh = systemPrompt({ ...base, language: "zh" });
    expect(zh).toContain("answer in Simplified Chinese");
    expect(zh).toContain("Keep kubectl commands, object names");
    expect(systemPrompt({ ...base, language: "en" })).toBe(systemPrompt(base));
    expect(systemPrompt(base)).not.toContain("Chinese");
  });
});

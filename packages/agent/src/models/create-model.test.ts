import { AzureChatOpenAI, ChatOpenAI } from "@langchain/openai";
import { describe, expect, it } from "vitest";
import { isAgentError } from "../errors";
import { createModel } from "./create-model";
import { OfflineDiagnostician } from "./offline/offline-diagnostician";

describe("createModel", () => {
  it("is the offline diagnostician without an LLM configuration, or when asked for", () => {
    const none = createModel({});
    expect(none).toMatchObject({ label: "offline diagnostician", offline: true });
    expect(none.model).toBeInstanceOf(OfflineDiagnostician);
    expect(createModel({ OPENAI_API_KEY: "k", KUBEMEDIC_MODEL: "offline" }).offline).toBe(true);
  });

  it("is ChatOpenAI for a key or an OpenAI-compatible base URL, with the client's own retries off", () => {
    const handle = createModel({
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
      KUBEMEDIC_MODEL: "llama3.1",
    });
    expect(handle).toMatchObject({ label: "llama3.1", offline: false });
    const chat = handle.model as ChatOpenAI;
    expect(chat).toBeInstanceOf(ChatOpenAI);
    expect(chat.model).toBe("llama3.1");
    expect(chat.streamUsage).toBe(true);
    expect(createModel({ OPENAI_API_KEY: "k" }).label).toBe("gpt-4o-mini");
    expect(
      (
        createModel({ OPENAI_API_KEY: "k", KUBEMEDIC_LLM_STREAM_USAGE: "false" })
          .model as ChatOpenAI
      ).streamUsage,
    ).toBe(false);
  });

  it("is AzureChatOpenAI for an Azure endpoint, labelled with the deployment", () => {
    const handle = createModel({
      AZURE_OPENAI_ENDPOINT: "https://res.openai.azure.com/",
      AZURE_OPENAI_API_KEY: "k",
      AZURE_OPENAI_DEPLOYMENT: "gpt-4o-prod",
    });
    expect(handle).toMatchObject({ label: "gpt-4o-prod", offline: false });
    const chat = handle.model as AzureChatOpenAI;
    expect(chat).toBeInstanceOf(AzureChatOpenAI);
    expect(chat.azureOpenAIApiVersion).toBe("2024-10-21");
    expect(chat.azureOpenAIEndpoint).toBe("https://res.openai.azure.com");
    // The deployment may come from KUBEMEDIC_MODEL.
    expect(
      createModel({
        AZURE_OPENAI_ENDPOINT: "https://res.openai.azure.com",
        AZURE_OPENAI_API_KEY: "k",
        KUBEMEDIC_MODEL: "gpt-4o",
      }).label,
    ).toBe("gpt-4o");
  });

  it.each([
    [{ AZURE_OPENAI_ENDPOINT: "https://res.openai.azure.com" }, "AZURE_OPENAI_API_KEY"],
    [
      { AZURE_OPENAI_ENDPOINT: "res.openai.azure.com", AZURE_OPENAI_API_KEY: "k" },
      "AZURE_OPENAI_ENDPOINT",
    ],
    [{ OPENAI_API_KEY: "k", KUBEMEDIC_LLM_TIMEOUT_MS: "soon" }, "KUBEMEDIC_LLM_TIMEOUT_MS"],
    [{ OPENAI_API_KEY: "k", KUBEMEDIC_LLM_TEMPERATURE: "9" }, "KUBEMEDIC_LLM_TEMPERATURE"],
    [{ OPENAI_BASE_URL: "localhost:11434" }, "OPENAI_BASE_URL"],
  ])("rejects a bad setting with a clear message (%o)", (env, name) => {
    try {
      createModel(env);
      expect.unreachable();
    } catch (error) {
      expect(isAgentError(error, "model_config")).toBe(true);
      expect((error as Error).message).toContain(name);
    }
  });
});

import { AzureChatOpenAI, ChatOpenAI } from "@langchain/openai";
import { AgentError } from "../errors";
import type { ModelHandle } from "../graph/deps";
import { OFFLINE_LABEL, OfflineDiagnostician } from "./offline/offline-diagnostician";

/** @default "gpt-4o-mini" */
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

/** Azure OpenAI's generally available Chat Completions API version. @default "2024-10-21" */
const DEFAULT_AZURE_API_VERSION = "2024-10-21";

/**
 * The model from the environment:
 * - `KUBEMEDIC_MODEL=offline` → the offline diagnostician, whatever else is set;
 * - `AZURE_OPENAI_ENDPOINT` → Azure OpenAI: deployment URLs
 *   (`{endpoint}/openai/deployments/{AZURE_OPENAI_DEPLOYMENT}/chat/completions?api-version=…`),
 *   the key (`AZURE_OPENAI_API_KEY`, required) in an `api-key` header, `AZURE_OPENAI_API_VERSION`
 *   (@default "2024-10-21"); the deployment defaults to `KUBEMEDIC_MODEL`;
 * - `OPENAI_API_KEY` and/or `OPENAI_BASE_URL` → ChatOpenAI (Chat Completions) for any
 *   OpenAI-compatible endpoint; model `KUBEMEDIC_MODEL` (@default "gpt-4o-mini"); a keyless
 *   local endpoint (Ollama, vLLM) gets a placeholder key;
 * - nothing → the offline diagnostician.
 *
 * Tuning: `KUBEMEDIC_LLM_TIMEOUT_MS` (one request, @default 120_000),
 * `KUBEMEDIC_LLM_STREAM_USAGE=false` for servers that reject `stream_options`
 * (@default true), `KUBEMEDIC_LLM_TEMPERATURE` (unset by default: some models
 * accept only their own). Retries are the graph's (`nodes.agent.retry`), so the
 * client itself never retries.
 */
export function createModel(env: NodeJS.ProcessEnv = process.env): ModelHandle {
  const wanted = env.KUBEMEDIC_MODEL?.trim();
  const key = env.OPENAI_API_KEY?.trim();
  const baseURL = env.OPENAI_BASE_URL?.trim();
  const azureEndpoint = env.AZURE_OPENAI_ENDPOINT?.trim();
  if (wanted === "offline" || (!key && !baseURL && !azureEndpoint)) {
    return { model: new OfflineDiagnostician({}), label: OFFLINE_LABEL, offline: true };
  }
  const model = wanted || DEFAULT_OPENAI_MODEL;
  const timeout = positiveInt(env.KUBEMEDIC_LLM_TIMEOUT_MS, "KUBEMEDIC_LLM_TIMEOUT_MS") ?? 120_000;
  const temperature = env.KUBEMEDIC_LLM_TEMPERATURE?.trim();
  if (temperature && !(Number(temperature) >= 0 && Number(temperature) <= 2)) {
    throw new AgentError(
      "model_config",
      `KUBEMEDIC_LLM_TEMPERATURE must be a number from 0 to 2, not "${temperature}"`,
    );
  }
  if (baseURL && !/^https?:\/\//.test(baseURL)) {
    throw new AgentError(
      "model_config",
      `OPENAI_BASE_URL must be an http(s) URL, not "${baseURL}"`,
    );
  }
  const common = {
    maxRetries: 0,
    timeout,
    streamUsage: env.KUBEMEDIC_LLM_STREAM_USAGE?.trim().toLowerCase() !== "false",
    ...(temperature ? { temperature: Number(temperature) } : {}),
  };
  if (azureEndpoint) {
    if (!/^https?:\/\//.test(azureEndpoint))
      throw new AgentError(
        "model_config",
        `AZURE_OPENAI_ENDPOINT must be an http(s) URL, not "${azureEndpoint}"`,
      );
    const azureKey = env.AZURE_OPENAI_API_KEY?.trim();
    const deployment = env.AZURE_OPENAI_DEPLOYMENT?.trim() || wanted;
    if (!azureKey || !deployment)
      throw new AgentError(
        "model_config",
        "Azure OpenAI needs AZURE_OPENAI_API_KEY and a deployment (AZURE_OPENAI_DEPLOYMENT, or KUBEMEDIC_MODEL) besides AZURE_OPENAI_ENDPOINT",
      );
    const chat = new AzureChatOpenAI({
      ...common,
      model: wanted || deployment,
      azureOpenAIEndpoint: azureEndpoint.replace(/\/+$/, ""),
      azureOpenAIApiKey: azureKey,
      azureOpenAIApiDeploymentName: deployment,
      azureOpenAIApiVersion: env.AZURE_OPENAI_API_VERSION?.trim() || DEFAULT_AZURE_API_VERSION,
    });
    return { model: chat, label: deployment, offline: false };
  }
  const chat = new ChatOpenAI({
    ...common,
    model,
    apiKey: key || "not-needed",
    ...(baseURL ? { configuration: { baseURL } } : {}),
  });
  return { model: chat, label: model, offline: false };
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new AgentError(
      "model_config",
      `${name} must be a positive integer (milliseconds), not "${value}"`,
    );
  return n;
}

import { ChatOpenAI } from "@langchain/openai";
import { AgentError } from "../errors";
import type { ModelHandle } from "../graph/deps";
import { OFFLINE_LABEL, OfflineDiagnostician } from "./offline/offline-diagnostician";

/** @default "gpt-4o-mini" */
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

/**
 * The model from the environment:
 * - `KUBEMEDIC_MODEL=offline` → the offline diagnostician, whatever else is set;
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
  if (wanted === "offline" || (!key && !baseURL)) {
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
  const chat = new ChatOpenAI({
    model,
    apiKey: key || "not-needed",
    maxRetries: 0,
    timeout,
    streamUsage: env.KUBEMEDIC_LLM_STREAM_USAGE?.trim().toLowerCase() !== "false",
    ...(temperature ? { temperature: Number(temperature) } : {}),
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

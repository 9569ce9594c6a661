import { tool } from "@langchain/core/tools";
import type { ToolStatus } from "@kubemedic/protocol";
import { z } from "zod";
import { backoffDelay, sleep } from "./backoff";
import type { KubectlRunResult } from "./cluster-backend";
import { boundOutput, firstLine, type ToolOutcome } from "./tool-result";
import { callSignal, type ToolSettings } from "./tool-settings";
import { settingsFrom } from "./tool-context";

export const KubectlArgs = z.object({
  command: z
    .string()
    .min(1)
    .max(4_000)
    .describe(
      "One kubectl command line without the leading 'kubectl', e.g. 'get pods -n shop -o wide', " +
        "'describe deploy/checkout -n shop', 'logs checkout-7d9 -n shop --previous --tail=200', " +
        "'get events -n shop --sort-by=.lastTimestamp'. No pipes, redirections or shell syntax.",
    ),
  manifest: z
    .string()
    .max(64_000)
    .optional()
    .describe(
      "The YAML or JSON manifest for 'apply -f -' or 'create -f -'; omit for every other command.",
    ),
  reason: z
    .string()
    .max(1_000)
    .optional()
    .describe(
      "One short sentence on why you run this command. Required for commands that change the " +
        "cluster: the user reads it on the approval card.",
    ),
});
export type KubectlArgs = z.infer<typeof KubectlArgs>;

export const KUBECTL_DESCRIPTION =
  "Run one kubectl command against the user's cluster, in-process through the Kubernetes API. " +
  "Read commands (get, describe, logs, top, events, rollout status/history, api-resources) run at once. " +
  "Commands that change the cluster (scale, rollout restart/undo, set image, patch, delete, apply, cordon) " +
  "need the user's approval, or are refused or only suggested depending on the session's policy. " +
  "exec, attach, port-forward, proxy, cp, edit, debug and credential overrides are refused. " +
  "Output is bounded and Secret values are redacted.";

/** Runs one kubectl call: classify, run (retrying transient failures of read commands), bound, summarise. */
export async function runKubectl(
  args: KubectlArgs,
  settings: ToolSettings,
  opts: { allowMutations?: boolean } = {},
): Promise<ToolOutcome> {
  const started = performance.now();
  const line = args.command.trim().replace(/^kubectl\s+/, "");
  const cls = settings.backend.classify(line);
  const base = { tool: "kubectl" as const, command: line, classification: cls.classification };
  if (cls.classification === "refused") {
    const reason = cls.reason ?? "this command is not allowed";
    return {
      content: `Refused: ${reason}. Use a read-only command instead.`,
      artifact: {
        ...base,
        status: "refused",
        durationMs: performance.now() - started,
        truncated: false,
        summary: `kubectl ${line} → refused: ${reason}`,
        attempts: 0,
      },
    };
  }
  const allowMutations = cls.classification === "mutating" && opts.allowMutations === true;
  const { signal, timedOut } = callSignal(settings);
  const { maxAttempts, initialDelayMs, maxDelayMs } = settings.retry;
  let result: KubectlRunResult | undefined;
  let attempts = 0;
  // Only read commands are retried: a mutation that timed out may have been applied.
  const retries = cls.classification === "read" ? maxAttempts : 1;
  while (attempts < retries) {
    attempts++;
    result = await runOnce(settings, line, args.manifest, signal, allowMutations);
    if (result.ok || result.error?.retryable !== true || signal.aborted || attempts >= retries)
      break;
    try {
      await sleep(backoffDelay(attempts, initialDelayMs, maxDelayMs), signal);
    } catch {
      break;
    }
  }
  const r = result as KubectlRunResult;
  const status: ToolStatus = r.ok
    ? "ok"
    : timedOut()
      ? "timeout"
      : signal.aborted
        ? "cancelled"
        : r.error?.code === "refused"
          ? "refused"
          : r.error?.code === "timeout"
            ? "timeout"
            : "error";
  const raw = r.ok
    ? r.output
    : status === "timeout"
      ? `Error (timeout): the command did not finish within ${settings.timeoutMs} ms.`
      : `Error (${r.error?.code ?? "error"}): ${r.error?.message ?? "the command failed"}${r.output ? `\n${r.output}` : ""}`;
  const bounded = boundOutput(raw.length > 0 ? raw : "(no output)", settings.maxOutputChars);
  const lines = r.output.split("\n").filter((l) => l.trim().length > 0).length;
  return {
    content: bounded.text,
    artifact: {
      ...base,
      classification: r.classification,
      status,
      durationMs: performance.now() - started,
      truncated: r.truncated || bounded.truncated,
      summary: r.ok
        ? `kubectl ${line} → ok, ${lines} line${lines === 1 ? "" : "s"}: ${firstLine(r.output, 120)}`
        : `kubectl ${line} → ${status}: ${firstLine(r.error?.message ?? raw, 160)}`,
      ...(keepStructured(r.structured) ? { structured: r.structured } : {}),
      attempts,
      ...(settings.namespace === undefined ? {} : { namespace: settings.namespace }),
    },
    ...(r.structured === undefined ? {} : { structuredForUi: r.structured }),
  };
}

/**
 * The artifact is checkpointed with the conversation: tables (what the offline
 * diagnostician reads) are kept when small; whole objects (`-o yaml`) are not —
 * the event carries them to the UI once.
 */
const MAX_STRUCTURED_CHARS = 32_000;
function keepStructured(structured: unknown): boolean {
  if (structured === undefined || (structured as { kind?: unknown }).kind !== "table") return false;
  return JSON.stringify(structured).length <= MAX_STRUCTURED_CHARS;
}

async function runOnce(
  settings: ToolSettings,
  line: string,
  manifest: string | undefined,
  signal: AbortSignal,
  allowMutations: boolean,
): Promise<KubectlRunResult> {
  try {
    return await settings.backend.run(line, {
      ...(settings.namespace === undefined ? {} : { namespace: settings.namespace }),
      ...(manifest === undefined ? {} : { manifest }),
      signal,
      allowMutations,
    });
  } catch (error) {
    // The backend reports failures in its result; a throw is unexpected, but still the model's to see.
    const e = error as { code?: unknown; message?: unknown; retryable?: unknown };
    return {
      command: line,
      classification: settings.backend.classify(line).classification,
      ok: false,
      output: "",
      truncated: false,
      error: {
        code: typeof e.code === "string" ? e.code : "error",
        message: typeof e.message === "string" ? e.message : String(error),
        retryable: e.retryable === true,
      },
      durationMs: 0,
    };
  }
}

/**
 * The LangChain tool. Bound to the model for its schema; when invoked directly
 * (outside the graph's tools node) it reads its settings from
 * `config.configurable.kubemedicTools` and never runs a mutation.
 */
export const kubectlTool = tool(
  async (args: KubectlArgs, config): Promise<[string, ToolOutcome["artifact"]]> => {
    const outcome = await runKubectl(args, settingsFrom(config));
    return [outcome.content, outcome.artifact];
  },
  {
    name: "kubectl",
    description: KUBECTL_DESCRIPTION,
    schema: KubectlArgs,
    responseFormat: "content_and_artifact",
  },
);
